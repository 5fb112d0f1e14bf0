// todo-report page script. Rebuilds any frame from the compact frame data in
// #session-data and draws it. Log text is only ever set with textContent.
// What it shares with the other pages comes first in the built script:
// TodoPage (rows in view, text), TodoFrames (the frame data and the state of
// any frame) and TodoPhone (the app's screen).
(function () {
  'use strict';

  var EVENT_ROW = 28, OVERSCAN = 8, MAX_GAP_MS = 1500, UNTIMED_MS = 400;
  var Rows = TodoPage.Rows, grouped = TodoPage.grouped, duration = TodoPage.duration;
  var isLong = TodoPage.isLong, quote = TodoPage.quote, moreButton = TodoPage.moreButton;
