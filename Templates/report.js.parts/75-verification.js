// ---- Verification: frames the app's state digests do not vouch for ----
// Provides R.drawVerification() (marks the frame shown when no digest proves
// it, on the phone and in the notice). The page gives those frames as ranges,
// `2-4 5-6` (each range's first frame and the frame after its last): a frame
// whose digest differed, and each one made from it until a digest matches.
TodoReport.part(function verification(R) {
  'use strict';

  var view = R.$('frame-view'), count = R.count;
  // A page from older templates has neither the attribute nor the notice: nothing is marked.
  var starts = [], ends = [];
  (view.dataset.unverified || '').split(' ').forEach(function (range) {
    var m = /^(\d+)-(\d+)$/.exec(range);
    if (m) { starts.push(Number(m[1])); ends.push(Number(m[2])); }
  });
  var unverifiedNote = R.$('unverified');

  function isUnverified(frame) {
    var k = R.lastAtMost(starts, starts.length, frame);
    return k >= 0 && frame >= starts[k] && frame < ends[k];
  }

  R.drawVerification = function () {
    var unverified = starts.length > 0 && isUnverified(R.current);
    view.dataset.verified = unverified ? 'false' : 'true';
    if (unverifiedNote) unverifiedNote.hidden = !unverified;
  };

  // The ranges under the scrubber, drawn as the travel marks are (R.trackDrawing):
  // each range a line whose square caps keep a one-frame range a few pixels
  // wide; ranges that meet in a unit are one.
  (function drawUnverifiedSpans() {
    var box = R.$('unverified-spans');
    if (starts.length === 0 || !box) return;
    var d = [], scale = count > 1 ? R.TRACK_UNITS / (count - 1) : 0;
    var from = -1, to = -1;
    for (var k = 0; k <= starts.length; k++) {
      var a = k < starts.length ? Math.floor(starts[k] * scale) : Infinity;
      if (from >= 0 && a > to) d.push('M' + from + ' 2H' + to);
      if (k === starts.length) break;
      var b = Math.max(a + 1, Math.ceil((ends[k] - 1) * scale));
      if (from < 0 || a > to) { from = a; to = b; } else { to = Math.max(to, b); }
    }
    box.replaceChildren(R.trackDrawing(d.join(''), 4));
  })();
});
