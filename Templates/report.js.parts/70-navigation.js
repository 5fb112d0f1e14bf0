  // ---- Navigation ---------------------------------------------------------

  function updateHash() {
    var hash = '#frame=' + current;
    if (location.hash === hash) return;
    try { history.replaceState(null, '', hash); } catch (e) { location.replace(hash); }
  }

  function go(index, options) {
    if (!(index >= 0)) index = 0;
    current = Math.min(count - 1, Math.floor(index));
    var s = stateAt(current);
    var scroll = scrolled;
    keepCurrentEventInView(scroll);  // the one layout-dependent write, done while the layout is still clean
    drawPhone(s, scroll);
    drawInfo();
    drawState(s);
    drawEvents(scroll);
    drawActivityCursor();
    drawVerification();
    if (!options || !options.keepHash) updateHash();
  }

  function frameFromHash() {
    var m = /^#frame=(\d+)$/.exec(location.hash);
    return m ? Math.min(count - 1, Number(m[1])) : null;
  }

  scrubber.addEventListener('input', function () { stop(); go(Number(scrubber.value)); });
  window.addEventListener('hashchange', function () {
    var f = frameFromHash();
    if (f !== null && f !== current) go(f, { keepHash: true });
  });

  // ---- Playback -----------------------------------------------------------

  var timer = null;
  function delayAfter(index) {
    var a = timeOf(index), b = timeOf(index + 1);
    var gap = (a === null || b === null) ? UNTIMED_MS : Math.max(0, Math.min(b - a, MAX_GAP_MS));
    return gap / Number(speed.value);
  }
  function tick() {
    if (current >= count - 1) { stop(); return; }
    var wait = delayAfter(current);
    go(current + 1);
    timer = setTimeout(tick, wait);
  }
  function play() {
    if (current >= count - 1) go(0);
    playButton.textContent = 'Pause';
    playButton.setAttribute('aria-pressed', 'true');
    timer = setTimeout(tick, delayAfter(current));
  }
  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    playButton.textContent = 'Play';
    playButton.setAttribute('aria-pressed', 'false');
  }
  function togglePlay() { if (timer === null) play(); else stop(); }
  playButton.addEventListener('click', togglePlay);

  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target.tagName;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || (tag === 'INPUT' && e.target !== scrubber)) return;
    if (e.key === ' ' || e.key === 'Spacebar') {
      if (tag === 'BUTTON') return;  // the button's own click toggles
      e.preventDefault();
      togglePlay();
      return;
    }
    if (e.target === scrubber) return;  // the range input steps by itself
    var to = null;
    if (e.key === 'ArrowLeft') to = current - 1;
    else if (e.key === 'ArrowRight') to = current + 1;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = count - 1;
    if (to === null) return;
    e.preventDefault();
    stop();
    go(Math.max(0, Math.min(count - 1, to)));
  });

  // ---- Travel marks -------------------------------------------------------

  (function drawTravelMarks() {
    var marks = document.createDocumentFragment();
    data.travels.forEach(function (t) {
      var mark = document.createElement('span');
      mark.className = 'travel-mark';
      mark.style.left = (count > 1 ? (t[0] / (count - 1)) * 100 : 0) + '%';
      mark.title = 'At frame ' + t[0] + ' the person traveled to frame ' + t[1];
      marks.appendChild(mark);
    });
    $('travel-marks').replaceChildren(marks);
  })();

