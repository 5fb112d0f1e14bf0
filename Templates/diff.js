(function () {
  'use strict';
  // The diff page: two logs' frames rebuilt from their patches, shown side
  // by side at one frame index, with what differs highlighted. Text from the
  // logs only ever goes into textContent.
  function $(id) { return document.getElementById(id); }
  var ROW_LIMIT = 2000;  // items drawn per phone; more are counted
  var EVENT_WINDOW = 12;  // event rows shown each side of the current frame
  var CACHE_EVERY = 32;

  var compareIDs = JSON.parse($('diff-options').textContent).compareIDs;
  var verdict = $('verdict');
  var firstDifference = verdict.dataset.firstDifference === '' ? null : Number(verdict.dataset.firstDifference);
  var scrubber = $('scrubber');
  var last = Number(scrubber.max);
  var current = Number(scrubber.value);

  function side(name) {
    var root = $(name);
    var frames = JSON.parse($(name + '-data').textContent);
    var cache = new Map();
    cache.set(0, { c: false, n: '', items: [], s: 'runStart' });
    return {
      name: name, frames: frames, count: frames.length + 1, cache: cache,
      view: root.querySelector('.frame-view'), list: root.querySelector('.todo-list'), sheet: root.querySelector('.add-sheet'),
      partial: root.querySelector('.partial-name'), noFrame: root.querySelector('.no-frame'), fields: root.querySelector('.fields')
    };
  }
  var sides = [side('baseline'), side('run')];

  function apply(state, f) {
    var next = { c: state.c, n: state.n, items: state.items, s: state.s };
    if ('c' in f) next.c = f.c;
    if ('n' in f) next.n = f.n;
    if (f.a || f.f) next.items = state.items.slice();
    if (f.a) next.items.push({ title: f.a[0], done: f.a[1], id: f.a[2] });
    if (f.f) {
      var item = next.items[f.f[0]];
      next.items[f.f[0]] = { title: item.title, done: f.f[1], id: item.id };
    }
    if ('s' in f) next.s = f.s;
    return next;
  }

  /** The state of frame i: its parent's with its patch, from the nearest kept ancestor. */
  function stateAt(s, i) {
    var path = [];
    var j = i;
    while (!s.cache.has(j)) { path.push(j); j = s.frames[j - 1].p; }
    var state = s.cache.get(j);
    for (var k = path.length - 1; k >= 0; k--) {
      state = apply(state, s.frames[path[k] - 1]);
      if (path[k] % CACHE_EVERY === 0) s.cache.set(path[k], state);
    }
    return state;
  }

  function describe(s, i) {
    if (i >= s.count) return null;
    if (i === 0) return 'runStart';
    var f = s.frames[i - 1];
    if (f.e === 'changePartialItemName') return f.e + ' ' + JSON.stringify(f.x);
    if (f.e === 'addItem') return f.e + ' ' + JSON.stringify(f.a ? f.a[0] : '');
    if (f.e === 'setItemDone') {
      var item = f.f ? stateAt(s, i).items[f.f[0]] : null;
      return f.e + ' ' + (item ? JSON.stringify(item.title) : '(unknown item)') + ' ' + f.x;
    }
    return f.e;
  }

  /** What differs between two states, as diff compares them. */
  function differences(a, b) {
    var d = { c: a.c !== b.c, n: a.n !== b.n, s: a.s !== b.s, count: a.items.length !== b.items.length, rows: {} };
    var n = Math.max(a.items.length, b.items.length);
    for (var i = 0; i < n; i++) {
      var x = a.items[i], y = b.items[i];
      if (!x || !y || x.title !== y.title || x.done !== y.done || (compareIDs && x.id !== y.id)) d.rows[i] = true;
    }
    return d;
  }

  function field(dl, name, value, differs) {
    var dt = document.createElement('dt');
    dt.textContent = name;
    var dd = document.createElement('dd');
    dd.textContent = value;
    if (differs) {
      dt.className = 'differs';
      dd.className = 'differs';
      var note = document.createElement('span');
      note.className = 'visually-hidden';
      note.textContent = ' (differs)';
      dd.appendChild(note);
    }
    dl.appendChild(dt);
    dl.appendChild(dd);
  }

  function draw(s, state, d) {
    s.noFrame.hidden = state !== null;
    s.fields.replaceChildren();
    var rows = document.createDocumentFragment();
    if (state === null) {
      s.view.dataset.frame = '';
      s.view.dataset.stateName = '';
      s.list.dataset.count = '0';
      s.list.replaceChildren();
      s.sheet.hidden = true;
      s.partial.textContent = '';
      return;
    }
    s.view.dataset.frame = String(current);
    s.view.dataset.stateName = state.s;
    s.list.dataset.count = String(state.items.length);
    state.items.slice(0, ROW_LIMIT).forEach(function (item, index) {
      var li = document.createElement('li');
      li.dataset.index = String(index);
      if (d && d.rows[index]) li.className = 'differs';
      var title = document.createElement('span');
      title.className = 'item-title';
      title.textContent = item.title;
      var toggle = document.createElement('span');
      toggle.className = 'switch';
      toggle.setAttribute('role', 'switch');
      toggle.setAttribute('aria-checked', String(item.done));
      toggle.setAttribute('aria-label', 'Done: ' + item.title);
      li.appendChild(title);
      li.appendChild(toggle);
      rows.appendChild(li);
    });
    if (state.items.length > ROW_LIMIT) {
      var more = document.createElement('li');
      more.className = 'more';
      more.textContent = 'and ' + (state.items.length - ROW_LIMIT) + ' more items';
      rows.appendChild(more);
    }
    s.list.replaceChildren(rows);
    s.sheet.hidden = !state.c;
    s.sheet.classList.toggle('differs', !!(d && (d.c || d.n)));
    s.partial.textContent = state.n;
    field(s.fields, 'isCreatingItem', String(state.c), d && d.c);
    field(s.fields, 'partialItemName', JSON.stringify(state.n), d && d.n);
    field(s.fields, 'stateName', state.s, d && d.s);
    field(s.fields, 'items', String(state.items.length), d && d.count);
  }

  function drawEvents() {
    var body = document.createDocumentFragment();
    var from = Math.max(0, current - EVENT_WINDOW), to = Math.min(last, current + EVENT_WINDOW);
    for (var i = from; i <= to; i++) {
      var tr = document.createElement('tr');
      if (i === current) tr.setAttribute('aria-current', 'true');
      if (i === firstDifference) tr.className = 'first-difference';
      tr.dataset.frame = String(i);
      var cell = document.createElement('td');
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = String(i);
      button.setAttribute('aria-label', 'Go to frame ' + i);
      button.dataset.frame = String(i);
      cell.appendChild(button);
      tr.appendChild(cell);
      sides.forEach(function (s) {
        var td = document.createElement('td');
        var text = describe(s, i);
        td.textContent = text === null ? '—' : text;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
    $('event-rows').replaceChildren(body);
  }

  function go(index) {
    current = Math.max(0, Math.min(last, Math.floor(index)));
    scrubber.value = String(current);
    var states = sides.map(function (s) { return current < s.count ? stateAt(s, current) : null; });
    var d = states[0] && states[1] ? differences(states[0], states[1]) : null;
    sides.forEach(function (s, k) { draw(s, states[k], d); });
    $('frame-position').textContent = 'Frame ' + current + ' of ' + last +
      (firstDifference !== null && current >= firstDifference ? (current === firstDifference ? ' (the first difference)' : ' (after the first difference)') : '');
    drawEvents();
  }

  scrubber.addEventListener('input', function () { go(Number(scrubber.value)); });
  $('jump').addEventListener('click', function () { if (firstDifference !== null) go(firstDifference); });
  $('event-rows').addEventListener('click', function (e) {
    var target = e.target.closest('button[data-frame]');
    if (target) go(Number(target.dataset.frame));
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === scrubber) return;
    var tag = e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    var to = null;
    if (e.key === 'ArrowLeft') to = current - 1;
    else if (e.key === 'ArrowRight') to = current + 1;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = last;
    else if ((e.key === 'd' || e.key === 'D') && firstDifference !== null) to = firstDifference;
    if (to === null) return;
    e.preventDefault();
    go(to);
  });

  if (firstDifference !== null) {
    var mark = $('difference-mark');
    mark.style.left = 'calc(8px + ' + (last > 0 ? firstDifference / last : 0) + ' * (100% - 16px))';
    mark.setAttribute('aria-hidden', 'true');  // the verdict and the button say it in words
    mark.hidden = false;
  }
  $('no-script').hidden = true;
  scrubber.disabled = false;
  $('jump').disabled = false;
  go(current);
  document.documentElement.dataset.ready = 'true';
})();
