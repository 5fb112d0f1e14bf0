  // ---- Start --------------------------------------------------------------

  $('no-script').hidden = true;
  startDiagnostics();
  measureSizes();
  readScroll();
  scrubber.disabled = false;
  playButton.disabled = false;
  speed.disabled = false;
  var start = frameFromHash();
  go(start === null ? count - 1 : start, { keepHash: start === null });
  document.documentElement.dataset.ready = 'true';
})();
