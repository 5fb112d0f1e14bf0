// todo-report page script. Rebuilds any frame from the compact frame data in
// #session-data and draws it. Log text is only ever set with textContent.
(function () {
  'use strict';

  // The version of #session-data this script reads (FrameEncoder.formatVersion in Swift).
  var FORMAT = 2;
  var ITEM_ROW = 44, EVENT_ROW = 28, OVERSCAN = 8, MAX_GAP_MS = 1500, UNTIMED_MS = 400;

  // A list of `total` rows shown in a scroll box. Browsers cap an element's
  // height (about 33 million pixels in Chromium), so past MAX_SPAN the
  // scroll range is scaled: scrolling picks the first row, and rows are
  // placed from where the box is scrolled to.
  var MAX_SPAN = 8000000;
  function Rows(total, rowHeight, viewport) {
    var full = total * rowHeight;
    var span = Math.min(full, MAX_SPAN);
    var scaled = full > MAX_SPAN;
    var visible = Math.max(1, Math.floor(viewport / rowHeight));
    var range = Math.max(1, span - viewport);
    return {
      span: span,
      first: function (scrollTop) {
        return scaled ? Math.round(Math.min(1, scrollTop / range) * Math.max(0, total - visible)) : Math.floor(scrollTop / rowHeight);
      },
      top: function (i, scrollTop) {
        return scaled ? scrollTop + (i - this.first(scrollTop)) * rowHeight : i * rowHeight;
      },
      // The scroll position that shows row i, moving as little as possible from scrollTop.
      reveal: function (i, scrollTop) {
        if (!scaled) {
          var top = i * rowHeight;
          if (top < scrollTop) return top;
          if (top + rowHeight > scrollTop + viewport) return top + rowHeight - viewport;
          return scrollTop;
        }
        var first = this.first(scrollTop);
        if (i >= first && i < first + visible) return scrollTop;
        var wanted = i < first ? i : i - visible + 1;
        return Math.round(wanted / Math.max(1, total - visible) * range);
      },
    };
  }

  function $(id) { return document.getElementById(id); }

  var data = JSON.parse(document.getElementById('session-data').textContent);
  if (data.v !== FORMAT) {
    $('no-script').textContent = 'This page\u2019s script reads frame data of version ' + FORMAT + ', but its data is of version ' +
      data.v + ': make the report again with the same todo-report, or use its built-in report.js. The final frame, the summary ' +
      'and the first diagnostics below are shown without the script.';
    return;
  }
  var frames = data.frames;
  var count = frames.length + 1;

  // ---- Frames: parents, lines, checkpoints -------------------------------

  var parent = new Int32Array(count);
  var lines = new Int32Array(count);
  var times = new Float64Array(count);  // ms from t0; NaN where the record had no time
  times[0] = NaN;
  var travelInto = new Int32Array(count).fill(-1);  // frame made right after a travel: the travel's target
  for (var i = 1; i < count; i++) {
    parent[i] = i - 1;
    lines[i] = lines[i - 1] + data.lines[i - 1];
  }
  (function accumulateTimes() {
    var at = 0;
    for (var i = 1; i < count; i++) {
      var delta = data.times[i - 1];
      if (delta === null) { times[i] = NaN; } else { at += delta; times[i] = at; }
    }
  })();
  data.travels.forEach(function (t) {
    var next = t[0] + 1;
    if (next < count) { parent[next] = t[1]; travelInto[next] = t[1]; }
  });

  // ---- Patches -------------------------------------------------------------
  // Each frame is a shape's number, or [shape, arguments…]; the shape says
  // which parts of the state the frame's patch sets and where each value is
  // (see FrameEncoder and FrameShape in Swift). The page only applies them.

  var shapes = data.shapes;
  shapes.forEach(function (shape) { shape.fields = shape.set ? Object.keys(shape.set) : []; });
  function shapeOf(f) { return shapes[typeof f === 'number' ? f : f[0]]; }

  // A value of a frame: a constant, an argument, a field of the state before
  // the frame, or the id of the item at a position.
  function valueOf(source, f, s) {
    if ('value' in source) return source.value;
    if ('arg' in source) return f[source.arg + 1];
    if ('before' in source) return s[source.before];
    var item = s ? s.todoItems[valueOf(source.itemId, f, s)] : undefined;
    return item ? item.id : null;
  }

  // State: { isCreatingItem, partialItemName, todoItems: [{id, title, isFinished}], stateName }.
  // Item objects are never changed, only replaced, so copies of a state share them.
  function copy(s) {
    return { isCreatingItem: s.isCreatingItem, partialItemName: s.partialItemName, todoItems: s.todoItems.slice(), stateName: s.stateName };
  }
  function initialState() { return copy(data.initialState); }

  var setValues = [];
  function apply(s, f) {
    var shape = shapeOf(f), fields = shape.fields;
    // Every value is read from the state before any part is set.
    var appended = shape.append ? {
      id: valueOf(shape.append.id, f, s), title: valueOf(shape.append.title, f, s), isFinished: valueOf(shape.append.isFinished, f, s),
    } : null;
    var finishAt = shape.finish ? valueOf(shape.finish.index, f, s) : -1;
    var finishTo = shape.finish ? valueOf(shape.finish.isFinished, f, s) : false;
    for (var i = 0; i < fields.length; i++) setValues[i] = valueOf(shape.set[fields[i]], f, s);
    if (appended) s.todoItems.push(appended);
    if (finishAt >= 0) {
      var it = s.todoItems[finishAt];
      s.todoItems[finishAt] = { id: it.id, title: it.title, isFinished: finishTo };
    }
    for (var j = 0; j < fields.length; j++) s[fields[j]] = setValues[j];
  }

  var checkpoints = new Array(count);
  checkpoints[0] = initialState();

  function materialize(index) {
    var path = [];
    var k = index;
    while (checkpoints[k] === undefined) { path.push(k); k = parent[k]; }
    var s = copy(checkpoints[k]);
    for (var j = path.length - 1; j >= 0; j--) apply(s, frames[path[j] - 1]);
    return s;
  }

  (function buildCheckpoints() {
    var current = initialState(), since = 0;
    for (var i = 1; i < count; i++) {
      if (parent[i] !== i - 1) current = materialize(parent[i]);
      apply(current, frames[i - 1]);
      since++;
      // Spaced so that copying stays in proportion to replaying.
      if (since >= Math.max(32, current.todoItems.length >> 4)) { checkpoints[i] = copy(current); since = 0; }
    }
  })();

  // The frame on screen and the one its event was applied to, found by one walk.
  var cache = { index: -1, state: null, before: null };
  function stateAt(index) {
    if (cache.index === index) return cache.state;
    var before = null, s;
    if (index === 0) {
      s = initialState();
    } else {
      before = cache.index >= 0 && parent[index] === cache.index ? cache.state : materialize(parent[index]);
      s = copy(before);
      apply(s, frames[index - 1]);
    }
    cache = { index: index, state: s, before: before };
    return s;
  }

  // ---- Text helpers -------------------------------------------------------

  function quote(text) { return JSON.stringify(text); }
  function oneDecimal(v) { var t = Math.round(v * 10); return Math.floor(t / 10) + '.' + (t % 10); }
  function duration(ms) {
    var sign = ms < 0 ? '−' : '', v = Math.abs(ms);
    if (v < 1000) return sign + Math.round(v) + ' ms';
    if (v < 60000) return sign + oneDecimal(v / 1000) + ' s';
    var s = Math.round(v / 1000);
    if (s < 3600) return sign + Math.floor(s / 60) + ' min ' + String(s % 60).padStart(2, '0') + ' s';
    return sign + Math.floor(s / 3600) + ' h ' + String(Math.floor(s / 60) % 60).padStart(2, '0') + ' min';
  }
  function timeOf(index) { return isNaN(times[index]) ? null : times[index]; }
  function isoTime(offset) {
    if (offset === null || data.t0 === null) return '—';
    var d = new Date(data.t0 + offset);
    return isNaN(d.getTime()) ? '—' : d.toISOString();
  }

  function eventName(index) {
    return index === 0 ? data.initialState.stateName + ' (initial state)' : shapeOf(frames[index - 1]).event;
  }
  // The payload's fields as the shape lists them. With `state` (the frame's
  // own), an item named by its position is shown with its id and title.
  function payloadText(index, state) {
    if (index === 0) return '';
    var f = frames[index - 1], shape = shapeOf(f);
    var text = (shape.payload || []).map(function (field) {
      var source = field[1];
      if ('itemId' in source) {
        var at = valueOf(source.itemId, f, null), item = state ? state.todoItems[at] : null;
        return item ? field[0] + ' ' + item.id + ' ' + quote(item.title) : 'item ' + (at + 1);
      }
      var v = valueOf(source, f, null);
      return field[0] + ' ' + (field[2] ? quote(v) : String(v));
    }).join(', ');
    return shape.set || shape.append || shape.finish ? text : text + ' (nothing changes)';
  }

  // ---- Elements -----------------------------------------------------------

  var view = $('frame-view'), list = $('todo-list'), listViewport = $('list-viewport');
  var sheet = $('add-sheet'), overlay = $('overlay'), partial = $('partial-name'), placeholder = $('placeholder');
  var addButton = $('add-button'), scrubber = $('scrubber'), playButton = $('play'), speed = $('speed');
  var eventViewport = $('event-viewport'), eventList = $('event-list'), stateBox = $('state-json');
  var current = count - 1;

  // ---- The phone ----------------------------------------------------------

  function itemRow(item, index) {
    var li = document.createElement('li');
    li.dataset.index = String(index);
    var title = document.createElement('span');
    title.className = 'item-title';
    title.textContent = item.title;
    var toggle = document.createElement('span');
    toggle.className = 'switch';
    toggle.setAttribute('role', 'switch');
    toggle.setAttribute('aria-checked', item.isFinished ? 'true' : 'false');
    toggle.setAttribute('aria-label', 'Done: ' + item.title);
    li.appendChild(title);
    li.appendChild(toggle);
    return li;
  }

  var VIRTUAL_ITEMS = 60;
  // Scroll positions and sizes are read before anything is written, so a
  // jump never forces the browser to lay the page out in the middle.
  var sizes = { list: 0, events: 0 };
  function measureSizes() {
    sizes.list = listViewport.clientHeight || 480;
    sizes.events = eventViewport.clientHeight || 320;
    layoutEvents();
  }
  // Kept up to date by the scroll listeners and by our own scrolling, never read back in a jump.
  var scrolled = { list: 0, events: 0 };
  function readScroll() {
    scrolled.list = listViewport.scrollTop;
    scrolled.events = eventViewport.scrollTop;
    return scrolled;
  }
  window.addEventListener('resize', function () { measureSizes(); go(current, { keepHash: true }); });

  function drawItems(scroll) {
    var items = stateAt(current).todoItems;
    list.dataset.count = String(items.length);
    var virtual = items.length > VIRTUAL_ITEMS;
    list.classList.toggle('virtual', virtual);
    var from = 0, to = items.length;
    if (virtual) {
      var itemRows = Rows(items.length, ITEM_ROW, sizes.list);
      list.style.height = itemRows.span + 'px';
      from = Math.max(0, itemRows.first(scroll.list) - OVERSCAN);
      to = Math.min(items.length, itemRows.first(scroll.list) + Math.ceil(sizes.list / ITEM_ROW) + OVERSCAN);
    } else {
      list.style.height = '';
    }
    var rows = document.createDocumentFragment();
    for (var i = from; i < to; i++) {
      var li = itemRow(items[i], i);
      if (virtual) li.style.top = itemRows.top(i, scroll.list) + 'px';
      rows.appendChild(li);
    }
    list.replaceChildren(rows);
  }

  function drawPhone(s, scroll) {
    view.dataset.frame = String(current);
    view.dataset.stateName = s.stateName;
    drawItems(scroll);
    sheet.hidden = !s.isCreatingItem;
    overlay.hidden = !s.isCreatingItem;
    partial.textContent = s.partialItemName;
    placeholder.hidden = s.partialItemName.length > 0;
    addButton.setAttribute('aria-disabled', s.partialItemName.length > 0 ? 'false' : 'true');
  }

  // ---- Frame info, state panel --------------------------------------------

  function drawInfo() {
    $('frame-position').textContent = 'Frame ' + current + ' of ' + (count - 1);
    $('frame-event').textContent = eventName(current);
    $('frame-payload').textContent = payloadText(current, stateAt(current));
    var t = timeOf(current);
    $('frame-time').textContent = isoTime(t);
    $('frame-offset').textContent = t === null ? '' : '(' + (t >= 0 ? '+' : '') + duration(t) + ' from the start)';
    scrubber.value = String(current);
    scrubber.setAttribute('aria-valuetext', 'Frame ' + current + ' of ' + (count - 1) + ': ' + eventName(current));
  }

  // The panel lists the first items, and the item this frame's event touched wherever it is.
  var STATE_ITEM_LIMIT = 50;
  function touchedItem(index) {
    if (index === 0) return -1;
    var f = frames[index - 1], shape = shapeOf(f);
    if (shape.finish) return valueOf(shape.finish.index, f, null);
    if (shape.append) return stateAt(index).todoItems.length - 1;
    return -1;
  }

  function stateLines(s, touched) {
    var items = s.todoItems;
    var out = [['{', 'open'], ['  "isCreatingItem": ' + s.isCreatingItem + ',', 'isCreatingItem'],
      ['  "partialItemName": ' + quote(s.partialItemName) + ',', 'partialItemName']];
    if (items.length === 0) out.push(['  "todoItems": [],', 'todoItems']);
    else {
      out.push(['  "todoItems": [', 'todoItems']);
      var shown = Math.min(items.length, STATE_ITEM_LIMIT);
      var itemLine = function (i) {
        var it = items[i];
        return ['    {"id": ' + quote(it.id) + ', "title": ' + quote(it.title) + ', "isFinished": ' + it.isFinished + '}' +
          (i === items.length - 1 ? '' : ','), 'item' + i];
      };
      for (var i = 0; i < shown; i++) out.push(itemLine(i));
      if (touched >= shown && touched < items.length) {
        if (touched > shown) out.push(['    … ' + (touched - shown) + ' more', 'gap']);
        out.push(itemLine(touched));
        shown = touched + 1;
      }
      if (items.length > shown) out.push(['    … ' + (items.length - shown) + ' more', 'more']);
      out.push(['  ],', 'close-items']);
    }
    out.push(['  "stateName": ' + quote(s.stateName), 'stateName'], ['}', 'close']);
    return out;
  }

  function drawState(s) {
    var before = cache.index === current ? cache.before : null;
    var touched = touchedItem(current);
    var previous = {};
    if (before) stateLines(before, touched).forEach(function (l) { previous[l[1]] = l[0]; });
    var rows = document.createDocumentFragment();
    stateLines(s, touched).forEach(function (l) {
      var span = document.createElement('span');
      var changed = before && previous[l[1]] !== l[0] && l[1] !== 'close-items' && l[1] !== 'more' && l[1] !== 'gap';
      span.className = 'line' + (changed ? ' changed' : '');
      span.textContent = l[0];
      rows.appendChild(span);
    });
    stateBox.replaceChildren(rows);
  }

  // ---- Event list (draws only the rows in view) ---------------------------

  var eventRows = null;
  function layoutEvents() {
    eventRows = Rows(count, EVENT_ROW, sizes.events);
    eventList.style.height = eventRows.span + 'px';
  }
  function drawEvents(scroll) {
    var top = scroll.events, height = sizes.events;
    var from = Math.max(0, eventRows.first(top) - OVERSCAN);
    var to = Math.min(count, eventRows.first(top) + Math.ceil(height / EVENT_ROW) + OVERSCAN);
    var rows = document.createDocumentFragment();
    for (var i = from; i < to; i++) {
      var li = document.createElement('li');
      li.dataset.frame = String(i);
      li.style.top = eventRows.top(i, top) + 'px';
      if (i === current) li.setAttribute('aria-current', 'true');
      var index = document.createElement('span'); index.className = 'index'; index.textContent = String(i);
      var name = document.createElement('span'); name.className = 'name'; name.textContent = eventName(i);
      li.appendChild(index); li.appendChild(name);
      if (travelInto[i] >= 0) {
        var note = document.createElement('span'); note.className = 'travel-note';
        note.textContent = '↶ after travel to ' + travelInto[i];
        li.appendChild(note);
      }
      var payload = payloadText(i);
      if (payload) { var p = document.createElement('span'); p.className = 'payload'; p.textContent = payload; li.appendChild(p); }
      rows.appendChild(li);
    }
    eventList.replaceChildren(rows);
  }

  function keepCurrentEventInView(scroll) {
    var wanted = eventRows.reveal(current, scroll.events);
    if (wanted !== scroll.events) { eventViewport.scrollTop = wanted; scroll.events = wanted; }
  }

  eventViewport.addEventListener('scroll', function () { drawEvents(readScroll()); });
  listViewport.addEventListener('scroll', function () { if (stateAt(current).todoItems.length > VIRTUAL_ITEMS) drawItems(readScroll()); });
  eventList.addEventListener('click', function (e) {
    var li = e.target.closest('li');
    if (li) go(Number(li.dataset.frame));
  });

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

  // ---- Diagnostics (all of them, built from #diagnostic-data) -------------

  // Rows of `d.rows`: line minus the previous row's line, a kind (an index in
  // `d.kinds`, or the kind itself: [code, column, piece, …]), then one value
  // per argument (an index in `d.args`, or the text). The message is the
  // pieces with the arguments between them. Past VIRTUAL_DIAGNOSTICS rows,
  // only the rows in view are drawn, as in the event list.
  var DIAGNOSTIC_ROW = 40, VIRTUAL_DIAGNOSTICS = 100;
  var diagnostics = null;

  function readDiagnostics(d) {
    var rows = d.rows, total = d.count;
    var starts = new Int32Array(total), rowLines = new Float64Array(total);
    var at = 0, line = 0, n = 0;
    for (; n < total && at < rows.length; n++) {
      starts[n] = at;
      line += rows[at];
      rowLines[n] = line;
      var k = rows[at + 1];
      at += 2 + (typeof k === 'number' ? d.kinds[k] : k).length - 3;
    }
    return { data: d, count: n, starts: starts, lines: rowLines, height: 0, rows: null };
  }

  function diagnosticAt(i) {
    var d = diagnostics.data, at = diagnostics.starts[i];
    var k = d.rows[at + 1];
    var kind = typeof k === 'number' ? d.kinds[k] : k;
    var message = kind[2];
    for (var j = 3; j < kind.length; j++) {
      var a = d.rows[at + j - 1];
      message += (typeof a === 'number' ? d.args[a] : a) + kind[j];
    }
    var code = d.codes[kind[0]];
    return { line: diagnostics.lines[i], column: kind[1], code: code[0], severity: code[1], message: message };
  }

  function diagnosticRow(i) {
    var d = diagnosticAt(i);
    var li = document.createElement('li');
    li.className = d.severity;
    function part(tag, className, text) {
      var e = document.createElement(tag); e.className = className; e.textContent = text; return e;
    }
    li.append(part('span', 'location', 'line ' + d.line + (d.column === null ? '' : ':' + d.column)), ' ',
      part('span', 'severity', d.severity), ' ', part('code', 'code', d.code), ' ', part('span', 'message', d.message));
    return li;
  }

  function drawDiagnostics() {
    var list = $('diagnostics'), box = $('diagnostic-viewport');
    var all = diagnostics.count, from = 0, to = all, top = box.scrollTop, dRows = diagnostics.rows;
    if (dRows) {
      from = Math.max(0, dRows.first(top) - OVERSCAN);
      to = Math.min(all, dRows.first(top) + Math.ceil(diagnostics.height / DIAGNOSTIC_ROW) + OVERSCAN);
    }
    var rows = document.createDocumentFragment();
    for (var i = from; i < to; i++) {
      var li = diagnosticRow(i);
      if (dRows) {
        li.style.top = dRows.top(i, top) + 'px';
        li.setAttribute('aria-posinset', String(i + 1));
        li.setAttribute('aria-setsize', String(all));
        li.title = li.textContent;
      }
      rows.appendChild(li);
    }
    list.replaceChildren(rows);
  }

  function layoutDiagnostics() {
    var list = $('diagnostics'), box = $('diagnostic-viewport');
    if (diagnostics.count <= VIRTUAL_DIAGNOSTICS) return;
    diagnostics.height = box.clientHeight || 320;
    diagnostics.rows = Rows(diagnostics.count, DIAGNOSTIC_ROW, diagnostics.height);
    list.style.height = diagnostics.rows.span + 'px';
  }

  function startDiagnostics() {
    var block = $('diagnostic-data'), list = $('diagnostics'), box = $('diagnostic-viewport');
    if (!block || !list || !box) return;  // a customised page from before the block: its static list stays
    diagnostics = readDiagnostics(JSON.parse(block.textContent));
    var virtual = diagnostics.count > VIRTUAL_DIAGNOSTICS;
    list.classList.toggle('virtual', virtual);
    box.classList.toggle('virtual', virtual);
    layoutDiagnostics();
    drawDiagnostics();
    box.addEventListener('scroll', function () { if (diagnostics.rows) drawDiagnostics(); });
    window.addEventListener('resize', function () { if (diagnostics.rows) { layoutDiagnostics(); drawDiagnostics(); } });
  }

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
