// ---- Navigation and playback --------------------------------------------
// Provides R.current (the frame shown: the last, until R.go shows another),
// R.go(frame, options) (shows a frame: every part's drawing, #frame=N
// a moment later unless options.keepHash, and the words a screen reader hears
// of it once the keys rest unless options.quiet), R.frameFromHash(), R.stop()
// (ends playback) and R.enableControls().
TodoReport.part(function navigation(R) {
  'use strict';

  var count = R.count, stateAt = R.session.stateAt;
  var scrubber = R.$('scrubber'), playButton = R.$('play'), speed = R.$('speed');
  var MAX_GAP_MS = 1500, UNTIMED_MS = 400;
  R.current = count - 1;

  // The address names the frame shown (#frame=N), written a moment after a jump (TodoPage.FrameAddress).
  var address = TodoPage.FrameAddress(count - 1, function () { return R.current; });

  R.go = function (index, options) {
    if (!(index >= 0)) index = 0;
    R.current = Math.min(count - 1, Math.floor(index));
    var s = stateAt(R.current);
    var scroll = R.scrolled;
    // The layout-dependent writes, done while the layout is still clean.
    R.keepCurrentEventInView(scroll);
    var touched = R.touchedItem(R.current);
    if (touched >= 0) R.revealItem(touched, s.todoItems.length, scroll);
    R.drawPhone(s, scroll);
    R.drawInfo();
    R.drawState(s);
    R.drawEvents(scroll);
    R.drawActivityCursor();
    R.drawVerification();
    if (!options || !options.keepHash) address.writeSoon();
    if (!options || !options.quiet) sayFrameSoon();
  };

  // What a screen reader hears of the frame shown: said once the keys or the pointer rest
  // (a sentence a key would queue up behind each other), without what the focused
  // scrubber's own value says (its frame and event), and nothing while playing.
  var frameSaid = R.$('frame-said'), sayTimer = null, SAY_AFTER_MS = 400;
  function sayFrameSoon() {
    if (sayTimer !== null) clearTimeout(sayTimer);
    sayTimer = setTimeout(function () {
      sayTimer = null;
      if (timer !== null) return;
      var words = [];
      if (document.activeElement !== scrubber) words.push(scrubber.getAttribute('aria-valuetext'));
      var payload = R.$('frame-payload').textContent;
      if (payload) words.push(payload);
      var travelled = R.travelNote(R.current);
      if (travelled) words.push(travelled);
      if (R.$('frame-view').dataset.verified === 'false') words.push('not verified');
      frameSaid.textContent = words.join('; ');
    }, SAY_AFTER_MS);
  }

  R.frameFromHash = address.frame;

  scrubber.addEventListener('input', function () { R.stop(); R.go(Number(scrubber.value)); });
  // Back or Forward to the address without a frame shows the last frame, as the page opens with it;
  // an address past the last frame shows the last and is written again to name it. Other anchors
  // (the skip link's) leave the frame alone.
  window.addEventListener('hashchange', function () {
    var f = location.hash === '' ? count - 1 : R.frameFromHash();
    if (f === null) return;
    if (f !== R.current) R.go(f, { keepHash: true });
    if (location.hash !== '' && location.hash !== '#frame=' + R.current) address.writeSoon();
  });

  // Playback.
  var timer = null;
  function delayAfter(index) {
    var a = R.timeOf(index), b = R.timeOf(index + 1);
    var gap = (a === null || b === null) ? UNTIMED_MS : Math.max(0, Math.min(b - a, MAX_GAP_MS));
    return gap / Number(speed.value);
  }
  function tick() {
    if (R.current >= count - 1) { R.stop(); return; }
    var wait = delayAfter(R.current);
    R.go(R.current + 1);
    timer = setTimeout(tick, wait);
  }
  // The button's name says what it does next (Play, Pause): no aria-pressed beside it, which would
  // announce "Pause, pressed". While playing, the frame's details are not read out at every step
  // (the scrubber's value says where playback is); where it stops, they are.
  var frameInfo = document.getElementById('frame-info');
  function play() {
    if (R.current >= count - 1) R.go(0);
    playButton.textContent = 'Pause';
    timer = setTimeout(tick, delayAfter(R.current));
  }
  R.stop = function () {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    playButton.textContent = 'Play';
    sayFrameSoon();
  };
  function togglePlay() { if (timer === null) play(); else R.stop(); }

  // Travels after the last event: the person's screen ended on an earlier frame than the last one,
  // which the page opens on. Said under the frame's details, with a way there.
  var endedOn = R.session.endedOn;
  if (endedOn !== null) {
    var note = document.createElement('p'), show = document.createElement('button');
    note.id = 'ended-on';
    note.className = 'ended-on';
    show.type = 'button';
    show.textContent = 'Show frame ' + TodoPage.grouped(endedOn);
    show.addEventListener('click', function () { R.stop(); R.go(endedOn); });
    note.append('After its last event the person travelled back: the session ended on frame ' + TodoPage.grouped(endedOn) + '. ', show);
    frameInfo.after(note);
    R.$('player').classList.add('has-ended-on');
  }
  playButton.addEventListener('click', togglePlay);
  // The page's static copy has them disabled until the script can drive them.
  R.enableControls = function () {
    scrubber.disabled = false;
    playButton.disabled = false;
    speed.disabled = false;
  };

  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target.tagName;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || (tag === 'INPUT' && e.target !== scrubber)) return;
    if (TodoPage.scrollsWithKey(e)) return;
    if (e.key === ' ' || e.key === 'Spacebar') {
      if (tag === 'BUTTON') return;  // the button's own click toggles
      e.preventDefault();
      togglePlay();
      return;
    }
    if (e.target === scrubber) return;  // the range input steps by itself
    var to = null;
    if (e.key === 'ArrowLeft') to = R.current - 1;
    else if (e.key === 'ArrowRight') to = R.current + 1;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = count - 1;
    if (to === null) return;
    e.preventDefault();
    R.stop();
    R.go(Math.max(0, Math.min(count - 1, to)));
  });

  // On paper: the final frame, as the page shows it without a script, with
  // the phone grown to show every item (unless its list is too long to draw
  // whole, and draws only the rows in view).
  var beforePrint = null;
  window.addEventListener('beforeprint', function () {
    address.writePending();  // the frame on screen, not the one printed
    if (R.current !== count - 1) {
      beforePrint = R.current;
      R.go(count - 1, { keepHash: true, quiet: true });
    }
    R.$('frame-view').classList.toggle('print-whole', !R.$('todo-list').classList.contains('virtual'));
  });
  window.addEventListener('afterprint', function () {
    R.$('frame-view').classList.remove('print-whole');
    if (beforePrint === null) return;
    var back = beforePrint;
    beforePrint = null;
    R.go(back, { keepHash: true, quiet: true });
  });

  // Travel marks on the scrubber: a short line where each travel happened, all of
  // them one drawing (R.trackDrawing); travels closer than a unit share one line.
  (function drawTravelMarks() {
    var d = [], last = -1;
    R.data.travels.forEach(function (t) {
      var x = count > 1 ? Math.round(t[0] / (count - 1) * R.TRACK_UNITS) : 0;
      if (x !== last) d.push('M' + x + ' 0V8');
      last = x;
    });
    if (d.length === 0) return;
    var drawing = R.trackDrawing(d.join(''), 8);
    drawing.firstChild.setAttribute('shape-rendering', 'crispEdges');
    R.$('travel-marks').replaceChildren(drawing);
  })();
});
