  // ---- Activity strip -------------------------------------------------------
  // The SVG under the scrubber is drawn when the report is made (see
  // ActivityStrip in Swift): bins of `data-bin-ms` from `data-start`. A point
  // on it is a time, and the frame shown is the last one made by then.

  var strip = $('activity-strip'), stripCursor = $('activity-cursor');
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

  function frameAtTime(t) {
    var lo = 0, hi = count - 1, found = 0;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (timeline[mid] <= t) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return found;
  }
  function frameAtPoint(clientX) {
    var box = strip.getBoundingClientRect();
    var fraction = box.width > 0 ? Math.max(0, Math.min(1, (clientX - box.left) / box.width)) : 0;
    return frameAtTime(stripStart + fraction * stripSpan);
  }

  function drawActivityCursor() {
    if (!timeline || !stripCursor || !(stripSpan > 0)) return;
    var t = timeline[current];
    var fraction = t === -Infinity ? 0 : Math.max(0, Math.min(1, (t - stripStart) / stripSpan));
    stripCursor.hidden = false;
    stripCursor.style.left = (fraction * 100) + '%';
    stripCursor.dataset.frame = String(current);
  }

  if (timeline && stripSpan > 0) {
    var box = $('activity');
    var dragging = false;
    box.classList.add('live');
    box.title = 'Click or drag to go to that moment';
    box.addEventListener('pointerdown', function (e) {
      if (e.button !== 0) return;
      dragging = true;
      if (box.setPointerCapture) { try { box.setPointerCapture(e.pointerId); } catch (x) { /* not capturable */ } }
      e.preventDefault();
      stop();
      go(frameAtPoint(e.clientX));
    });
    box.addEventListener('pointermove', function (e) {
      if (!dragging) return;
      var to = frameAtPoint(e.clientX);
      if (to !== current) go(to);
    });
    var release = function () { dragging = false; };
    box.addEventListener('pointerup', release);
    box.addEventListener('pointercancel', release);
  }

  // On paper: the final frame, as the page shows it without a script.
  var beforePrint = null;
  window.addEventListener('beforeprint', function () {
    if (current === count - 1) return;
    beforePrint = current;
    go(count - 1, { keepHash: true });
  });
  window.addEventListener('afterprint', function () {
    if (beforePrint === null) return;
    var back = beforePrint;
    beforePrint = null;
    go(back, { keepHash: true });
  });
