// todo-report page script. Rebuilds any frame from the compact frame data in
// #session-data and draws it. Log text is only ever set with textContent.
// What it shares with the other pages comes first in the built script:
// TodoPage (counts and durations as text), TodoRows (rows drawn in view),
// TodoText (long text cut), TodoFrames (the frame data and the state of any
// frame) and TodoPhone (the app's screen).
//
// The report's own script is the files of report.js.parts, one part each.
// A part is a function given to TodoReport.part; once the frame data is
// open, TodoReport.start calls the parts in the order of their files with
// one object, R, the page's namespace. A part keeps its own variables to
// itself, adds what it provides to R (its first comment lists it) and reaches
// the others only through R: a function on R may be called once every part
// has been built, a value only if an earlier part put it there.
var TodoReport = (function () {
  'use strict';

  var parts = [];
  function $(id) { return document.getElementById(id); }
  // The last index below `length` whose value is at most `x`, in `values` that never go down (0 when none is).
  function lastAtMost(values, length, x) {
    var low = 0, high = length - 1, found = 0;
    while (low <= high) {
      var mid = (low + high) >> 1;
      if (values[mid] <= x) { found = mid; low = mid + 1; } else high = mid - 1;
    }
    return found;
  }
  // A drawing along the scrubber's track: one SVG path `d` in units TRACK_UNITS wide and `height`
  // high, stretched to the track, its strokes keeping their width in pixels. One element however
  // many marks: one element per mark cost WebKit about 6 ms whenever a list scrolled (each is a
  // layer it places again).
  var TRACK_UNITS = 10000;
  function trackDrawing(d, height) {
    var SVG = 'http://www.w3.org/2000/svg';
    var drawing = document.createElementNS(SVG, 'svg'), path = document.createElementNS(SVG, 'path');
    drawing.setAttribute('viewBox', '0 0 ' + TRACK_UNITS + ' ' + height);
    drawing.setAttribute('preserveAspectRatio', 'none');
    path.setAttribute('d', d);
    path.setAttribute('vector-effect', 'non-scaling-stroke');
    drawing.appendChild(path);
    return drawing;
  }
  function element(tag, className, text) {
    var e = document.createElement(tag);
    e.className = className;
    e.textContent = text;
    return e;
  }

  // Provides R.$ (an element by id), R.element (one with a class and text),
  // R.data (the frame data), R.session (TodoFrames.open of it), R.count (the
  // frames), R.OVERSCAN (rows drawn beyond the ones in view) and
  // R.lastAtMost (a search of values that never go down) and R.trackDrawing(d, height) with
  // R.TRACK_UNITS (marks along the scrubber's track).
  function start() {
    var data = JSON.parse(TodoFrames.blockText($('session-data')));
    if (data.v !== TodoFrames.FORMAT) {
      $('no-script').textContent = 'This page\u2019s script reads frame data of version ' + TodoFrames.FORMAT + ', but its data is of version ' +
        data.v + ': make the report again with the same todo-report, or use its built-in report.js. The final frame, the summary ' +
        'and the first diagnostics below are shown without the script.';
      return;
    }
    var session = TodoFrames.open(data);
    var R = { $: $, element: element, data: data, session: session, count: session.count, OVERSCAN: 8, lastAtMost: lastAtMost,
      trackDrawing: trackDrawing, TRACK_UNITS: TRACK_UNITS };
    parts.forEach(function (build) { build(R); });
  }

  return { part: function (build) { parts.push(build); }, start: start };
})();
