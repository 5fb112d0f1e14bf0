// ---- Start --------------------------------------------------------------
// The last part: once every part is built, the script's page takes the
// place of the static one, at the frame #frame=N names or the last; then the
// frames' checkpoints are placed in slices.
TodoReport.part(function start(R) {
  'use strict';

  R.$('no-script').hidden = true;
  R.startDiagnostics();
  R.buildListing();
  R.measureSizes();
  R.readScroll();
  R.enableControls();
  var first = R.frameFromHash();
  R.go(first === null ? R.count - 1 : first, { keepHash: first === null, quiet: true });
  document.documentElement.dataset.ready = 'true';
  // The checkpoints that keep a jump short are placed once the frame is drawn,
  // a slice at a time between the page's own work; meanwhile a jump past those
  // placed rebuilds its frame from further back. data-checkpoints says when all are.
  (function placeSome() {
    if (!R.session.placeCheckpoints(12)) { setTimeout(placeSome, 0); return; }
    document.documentElement.dataset.checkpoints = 'placed';
  })();
});

TodoReport.start();
