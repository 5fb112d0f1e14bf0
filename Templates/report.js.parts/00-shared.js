// todo-report page script. Rebuilds any frame from the compact frame data in
// #session-data and draws it. Log text is only ever set with textContent.
// What it shares with the other pages comes first in the built script:
// TodoPage (counts and durations as text), TodoRows (rows drawn in view),
// TodoText (long text cut), TodoFrames (the frame data and the state of any
// frame) and TodoPhone (the app's screen).
(function () {
  'use strict';

  var EVENT_ROW = 28, OVERSCAN = 8, MAX_GAP_MS = 1500, UNTIMED_MS = 400;
  var Rows = TodoRows, grouped = TodoPage.grouped, duration = TodoPage.duration;
  var isLong = TodoText.isLong, quote = TodoText.quote, moreButton = TodoText.moreButton;
