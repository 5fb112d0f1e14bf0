// ---- Event list (draws only the rows in view) ---------------------------
// Provides R.KEYSTROKE (the event folded into runs), R.typedName(frame) (the
// name a keystroke typed), R.travelNote(frame) (the travels it was made
// after, in words), R.buildListing(), R.layoutEvents(),
// R.drawEvents(scroll), R.keepCurrentEventInView(scroll), R.relist(options)
// and R.showEveryEvent(on).
//
// A row is a frame, or a run of changePartialItemName folded into one row
// (`typed "Tea" · 3 keystrokes · 1.2 s`) that opens on click; a
// filter (the event tools' R.passes) keeps the frames of some event types or
// with some text. The scrubber, the keys and #frame=N still step through
// every frame. Rows are kept as arrays (first frame, last frame, kind), so a
// million events stay a few typed arrays.
TodoReport.part(function eventList(R) {
  'use strict';

  var session = R.session, frames = session.frames, count = R.count, travelInto = session.travelInto;

  // The travels a frame was made right after, in words ('after travel to 12'), or ''.
  R.travelNote = function (i) {
    if (travelInto[i] < 0) return '';
    var chain = session.travelChains.get(i);
    return chain ? 'after travels to ' + chain.join(', then ') : 'after travel to ' + travelInto[i];
  };
  var shapes = session.shapes, shapeNumber = session.shapeNumber, shapeOf = session.shapeOf, valueOf = session.valueOf, partialAt = session.partialAt;
  var eventName = session.eventName, payloadText = session.payloadText, EXTEND = TodoFrames.EXTEND;
  var duration = TodoPage.duration, grouped = TodoPage.grouped, quote = TodoText.quote, element = R.element;
  var eventViewport = R.$('event-viewport'), eventList = R.$('event-list');
  // A row's height in px: 28 at the default text size, more at a larger one (R.sizes.text).
  var EVENT_ROW = 28, OVERSCAN = R.OVERSCAN;

  var ROW_FRAME = 0, ROW_FOLDED = 1, ROW_RUN = 2;  // a frame; a folded run; the head of an opened run
  var KEYSTROKE = R.KEYSTROKE = 'changePartialItemName';
  var eventRows = null;
  var listing = { first: null, last: null, kind: null, level: null, total: count };  // null: one row a frame, all of them
  var opened = new Set();  // first frames of the runs opened
  var openRuns = [];  // the listing's opened runs, in order: [the head row, how many frames it holds]
  var showEvery = false;
  // The row that has the keyboard's focus (null: the current frame's).
  var focusRow = null;

  // The journey: the frames from 0 to the newest, following parents. A frame off it was left on a
  // branch by time travel ("undone"): the summary's numbers do not count it, and its row says so.
  var onJourney = new Uint8Array(count);
  for (var f = count - 1; f > 0; f = session.parent[f]) onJourney[f] = 1;
  onJourney[0] = 1;
  var UNDONE_TITLE = 'Undone: time travel left this event on a branch the session did not end on; the summary does not count it';
  function undoneMark(text) {
    var mark = element('span', 'undone-mark', text);
    mark.title = UNDONE_TITLE;
    return mark;
  }

  var keystrokeShape = shapes.map(function (shape) { return shape.event === KEYSTROKE; });
  function isKeystroke(i) { return i > 0 && keystrokeShape[shapeNumber(frames[i - 1])]; }
  // The end of the run of keystrokes that starts at i (i itself when none).
  function runEnd(i, passes) {
    var j = i;
    while (j + 1 < count && isKeystroke(j + 1) && travelInto[j + 1] < 0 && passes(j + 1)) j++;
    return j;
  }

  R.buildListing = function () {
    var passes = R.passes;
    openRuns = [];
    if (showEvery && !R.isFiltered()) { listing = { first: null, last: null, kind: null, level: null, total: count }; return; }
    var size = count + opened.size + 1;
    var first = new Int32Array(size), last = new Int32Array(size), kind = new Uint8Array(size), level = new Uint8Array(size), n = 0;
    for (var i = 0; i < count; i++) {
      if (!passes(i)) continue;
      var end = !showEvery && isKeystroke(i) ? runEnd(i, passes) : i;
      if (end > i && !opened.has(i)) {
        first[n] = i; last[n] = end; kind[n++] = ROW_FOLDED;
        i = end;
        continue;
      }
      var inRun = end > i ? 2 : 1;
      if (end > i) { openRuns.push([n, end - i + 1]); first[n] = i; last[n] = end; level[n] = 1; kind[n++] = ROW_RUN; }
      for (var k = i; k <= end; k++) { first[n] = k; last[n] = k; level[n] = inRun; kind[n++] = ROW_FRAME; }
      i = end;
    }
    listing = { first: first, last: last, kind: kind, level: level, total: n };
  };
  function rowFirst(r) { return listing.first === null ? r : listing.first[r]; }
  function rowLast(r) { return listing.last === null ? r : listing.last[r]; }
  function rowKind(r) { return listing.kind === null ? ROW_FRAME : listing.kind[r]; }
  // The row that holds frame f (or the nearest row before it when f is filtered out).
  function rowOf(f) { return listing.first === null ? f : R.lastAtMost(listing.first, listing.total, f); }

  R.layoutEvents = function () {
    EVENT_ROW = TodoPage.sizeRows(eventList, 28, R.sizes.text);
    eventRows = TodoRows(listing.total, EVENT_ROW, R.sizes.events);
    eventList.style.height = eventRows.span + 'px';
  };

  // The name typed by the last keystroke of a run.
  R.typedName = function (f) {
    var frame = frames[f - 1], fields = shapeOf(frame).payload || [];
    for (var i = 0; i < fields.length; i++) {
      if (fields[i][0] === 'name' && fields[i][1]) return fields[i][1].kind === EXTEND ? partialAt(f) : valueOf(fields[i][1], frame, null);
    }
    return '';
  };
  function runSummary(from, to) {
    var a = R.tMs(from), b = R.tMs(to);
    return 'typed ' + quote(R.typedName(to)) + ' · ' + grouped(to - from + 1) + ' keystrokes' + (a === null || b === null ? '' : ' · ' + duration(b - a));
  }

  // Rows are the tree's items (role treeitem): the keys move the focus from
  // row to row (see the keydown listener below), Enter and Space do what a click does.
  function frameRow(i, level) {
    var current = R.current;
    var li = document.createElement('li');
    li.dataset.frame = String(i);
    li.setAttribute('role', 'treeitem');
    li.setAttribute('aria-level', String(level));
    li.setAttribute('aria-selected', i === current ? 'true' : 'false');
    if (i === current) li.setAttribute('aria-current', 'true');
    li.appendChild(element('span', 'index', String(i)));
    li.appendChild(element('span', 'name', eventName(i)));
    if (!onJourney[i]) { li.classList.add('undone'); li.appendChild(undoneMark('undone')); }
    var travelled = R.travelNote(i);
    if (travelled) li.appendChild(element('span', 'travel-note', '↶ ' + travelled));
    var payload = payloadText(i);
    if (payload) li.appendChild(element('span', 'payload', payload));
    return li;
  }
  function runRow(from, to, folded) {
    var current = R.current;
    var li = document.createElement('li');
    li.className = folded ? 'fold' : 'fold open';
    li.dataset.frame = String(from);
    li.dataset.last = String(to);
    li.setAttribute('role', 'treeitem');
    li.setAttribute('aria-level', '1');
    li.setAttribute('aria-selected', folded && current >= from && current <= to ? 'true' : 'false');
    li.setAttribute('aria-expanded', folded ? 'false' : 'true');
    li.title = folded ? 'Show each keystroke' : 'Fold these keystrokes';
    if (folded && current >= from && current <= to) li.setAttribute('aria-current', 'true');
    li.appendChild(element('span', 'index', from + '–' + to));
    li.appendChild(element('span', 'fold-mark', folded ? '▸' : '▾'));
    li.appendChild(element('span', 'fold-summary', runSummary(from, to)));
    // A run's frames are a chain: if its last is on the journey, all are; else from some frame on, none.
    if (!onJourney[to]) { li.classList.add('undone'); li.appendChild(undoneMark(onJourney[from] ? 'partly undone' : 'undone')); }
    return li;
  }

  // A row's key says what it shows: its frames, its kind and level, and whether it holds the current frame.
  function rowKey(r) {
    var kind = rowKind(r), first = rowFirst(r), current = R.current;
    if (kind === ROW_FRAME) return 'f' + first + (inOpenRun(r) ? '.2' : '.1') + (first === current ? '*' : '');
    var last = rowLast(r);
    return (kind === ROW_FOLDED ? 'F' : 'O') + first + '-' + last + (kind === ROW_FOLDED && current >= first && current <= last ? '*' : '');
  }
  function makeRow(r) {
    var kind = rowKind(r);
    return kind === ROW_FRAME ? frameRow(rowFirst(r), inOpenRun(r) ? 2 : 1) : runRow(rowFirst(r), rowLast(r), kind === ROW_FOLDED);
  }
  var keptRows = TodoRows.Kept(eventList);
  R.drawEvents = function (scroll) {
    var top = scroll.events, height = R.sizes.events;
    var from = Math.max(0, eventRows.first(top) - OVERSCAN);
    var to = Math.min(listing.total, eventRows.first(top) + Math.ceil(height / EVENT_ROW) + OVERSCAN);
    var focused = eventList.contains(document.activeElement), target = null;
    if (focusRow === null || focusRow >= listing.total) focusRow = rowOf(R.current);
    // The row Tab reaches, and the one holding the focus, is always one that is drawn: scrolled
    // out of the window (the page keys, the wheel), it hands over to the nearest row in view.
    var tabRow = focusRow;
    if (listing.total > 0 && (tabRow < from || tabRow >= to)) {
      var firstShown = eventRows.first(top);
      if (eventRows.top(firstShown, top) < top) firstShown++;  // half scrolled out: the next one is whole
      var lastShown = Math.min(listing.total - 1, Math.max(firstShown, eventRows.first(top + height) - 1));
      tabRow = Math.max(firstShown, Math.min(lastShown, tabRow));
      if (focused) focusRow = tabRow;
    }
    keptRows(from, to, rowKey, makeRow, function (li, r) {
      var rowTop = eventRows.top(r, top) + 'px', row = String(r), tabIndex = r === tabRow ? 0 : -1, at = place(r);
      if (li.style.top !== rowTop) li.style.top = rowTop;
      if (li.getAttribute('aria-posinset') !== String(at[0])) li.setAttribute('aria-posinset', String(at[0]));
      if (li.getAttribute('aria-setsize') !== String(at[1])) li.setAttribute('aria-setsize', String(at[1]));
      if (li.dataset.row !== row) li.dataset.row = row;
      if (li.tabIndex !== tabIndex) li.tabIndex = tabIndex;
      if (r === tabRow) target = li;
    });
    if (focused && target && document.activeElement !== target) target.focus({ preventScroll: true });
  };
  // Whether row r is a frame of an opened run (a level below the run's head row).
  function inOpenRun(r) { return listing.level !== null && listing.level[r] === 2; }
  // Row r's place among the rows of its level, as a screen reader says it ("3 of 1,200"): its
  // position, how many there are, and the head row of its run (-1 for a row of the first level).
  function place(r) {
    var before = 0, inRuns = 0;
    for (var k = 0; k < openRuns.length; k++) {
      var head = openRuns[k][0], size = openRuns[k][1];
      if (r > head && r <= head + size) return [r - head, size, head];
      if (head < r) before += size;
      inRuns += size;
    }
    return [r + 1 - before, listing.total - inRuns, -1];
  }

  R.keepCurrentEventInView = function (scroll) {
    focusRow = null;  // the keyboard's focus follows the frame shown
    if (listing.total === 0) return;
    var wanted = eventRows.reveal(rowOf(R.current), scroll.events);
    if (wanted !== scroll.events) { eventViewport.scrollTop = wanted; scroll.events = wanted; }
  };

  // After the rows change: the list's height, the rows drawn, and unless a
  // run was opened or folded where the person is looking, the current row in view.
  R.relist = function (options) {
    R.buildListing();
    R.layoutEvents();
    var scroll = R.readScroll();
    if (!options || !options.stay) R.keepCurrentEventInView(scroll);
    R.drawEvents(scroll);
  };
  R.showEveryEvent = function (on) { showEvery = on; R.relist(); };

  eventViewport.addEventListener('scroll', function () { R.drawEvents(R.readScroll()); });
  function activate(li) {
    focusRow = Number(li.dataset.row);
    if (li.classList.contains('fold')) {
      var start = Number(li.dataset.frame);
      if (opened.has(start)) opened.delete(start); else opened.add(start);
      R.relist({ stay: true });
      return;
    }
    focusRow = null;
    R.go(Number(li.dataset.frame));
  }
  eventList.addEventListener('click', function (e) {
    var li = e.target.closest('li');
    if (li) activate(li);
  });
  // Focus coming into the list stops playback: each frame drawn would move it on to that frame's
  // row, one row after another under a screen reader, and away from the row a person came to.
  eventList.addEventListener('focusin', function (e) {
    if (!eventList.contains(e.relatedTarget)) R.stop();
  });
  // Up and Down (Home, End, Page Up, Page Down) move the focus between rows, scrolling as need be;
  // Enter or Space does what a click does. Right opens a folded run and moves into an open one, Left
  // folds an open run and moves from a run's frame to the run; on any other row they do nothing (in
  // the tree they never step the frame, as they do elsewhere on the page).
  eventList.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var li = e.target.closest && e.target.closest('li[data-row]');
    if (!li || listing.total === 0) return;
    var r = Number(li.dataset.row), to = null;
    if (e.key === 'ArrowDown') to = Math.min(listing.total - 1, r + 1);
    else if (e.key === 'ArrowUp') to = Math.max(0, r - 1);
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = listing.total - 1;
    else if (e.key === 'PageDown') to = Math.min(listing.total - 1, r + Math.max(1, Math.floor(R.sizes.events / EVENT_ROW) - 1));
    else if (e.key === 'PageUp') to = Math.max(0, r - Math.max(1, Math.floor(R.sizes.events / EVENT_ROW) - 1));
    else if (e.key === 'Enter' || e.key === ' ' || e.key === 'Spacebar') { e.preventDefault(); e.stopPropagation(); activate(li); return; }
    else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      e.stopPropagation();
      var isRun = li.classList.contains('fold'), isOpen = li.getAttribute('aria-expanded') === 'true';
      if (isRun && isOpen === (e.key === 'ArrowLeft')) { activate(li); return; }
      if (e.key === 'ArrowRight' && isRun) to = r + 1;
      else if (e.key === 'ArrowLeft' && place(r)[2] >= 0) to = place(r)[2];
    }
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();
    R.stop();  // moving through the list stops playback, which would pull the focus back to its frame
    focusRow = to;
    var scroll = R.readScroll();
    var wanted = eventRows.reveal(to, scroll.events);
    if (wanted !== scroll.events) { eventViewport.scrollTop = wanted; scroll.events = wanted; }
    R.drawEvents(scroll);
  });
});
