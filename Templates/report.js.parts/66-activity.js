// ---- Activity strip -------------------------------------------------------
// Provides R.drawActivityCursor().
//
// The SVG under the scrubber is drawn when the report is made (see
// ActivityStrip in Swift): bins of `data-bin-ms` from `data-start`. A point
// on it is a time, and the frame shown is the last one made by then.
TodoReport.part(function activity(R) {
  'use strict';

  var data = R.data, count = R.count, times = R.session.times;
  var strip = R.$('activity-strip'), stripCursor = R.$('activity-cursor');
  var stripStart = 0, stripSpan = 0, timeline = null;
  if (strip && data.t0 !== null) {
    stripStart = Number(strip.dataset.start) - data.t0;
    stripSpan = Number(strip.dataset.binMs) * Number(strip.dataset.bins);
    // The latest time reached by each frame, so times out of order still give one frame per time.
    timeline = new Float64Array(count);
    var reached = -Infinity;
    for (var ti = 0; ti < count; ti++) {
      if (times[ti] > reached) reached = times[ti];
      timeline[ti] = reached;
    }
  }

  function frameAtTime(t) { return R.lastAtMost(timeline, count, t); }
  function frameAtPoint(clientX) {
    var box = strip.getBoundingClientRect();
    var fraction = box.width > 0 ? Math.max(0, Math.min(1, (clientX - box.left) / box.width)) : 0;
    return frameAtTime(stripStart + fraction * stripSpan);
  }

  R.drawActivityCursor = function () {
    var current = R.current;
    if (!timeline || !stripCursor || !(stripSpan > 0)) return;
    var t = timeline[current];
    var fraction = t === -Infinity ? 0 : Math.max(0, Math.min(1, (t - stripStart) / stripSpan));
    stripCursor.hidden = false;
    stripCursor.style.left = (fraction * 100) + '%';
    stripCursor.dataset.frame = String(current);
  };

  if (timeline && stripSpan > 0) {
    var box = R.$('activity');
    var dragging = false;
    box.classList.add('live');
    box.title = 'Click or drag to go to that moment';
    box.addEventListener('pointerdown', function (e) {
      if (e.button !== 0) return;
      dragging = true;
      if (box.setPointerCapture) { try { box.setPointerCapture(e.pointerId); } catch (x) { /* not capturable */ } }
      e.preventDefault();
      R.stop();
      R.go(frameAtPoint(e.clientX));
    });
    box.addEventListener('pointermove', function (e) {
      if (!dragging) return;
      var to = frameAtPoint(e.clientX);
      if (to !== R.current) R.go(to);
    });
    var release = function () { dragging = false; };
    box.addEventListener('pointerup', release);
    box.addEventListener('pointercancel', release);
  }
});
