// ---- Start --------------------------------------------------------------
// The last part: once every part is built, the script's page takes the
// place of the static one, at the frame #frame=N names or the last.
TodoReport.part(function start(R) {
  'use strict';

  R.$('no-script').hidden = true;
  R.startDiagnostics();
  R.buildListing();
  R.measureSizes();
  R.readScroll();
  R.enableControls();
  var first = R.frameFromHash();
  R.go(first === null ? R.count - 1 : first, { keepHash: first === null });
  document.documentElement.dataset.ready = 'true';
});

TodoReport.start();
