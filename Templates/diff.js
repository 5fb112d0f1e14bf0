// The diff page: two logs' frames, each read by TodoFrames from the report's
// frame data and drawn by TodoPhone as the report draws its phone, side by
// side at one frame index, with what differs marked. Text from the logs only
// ever goes into textContent.
(function () {
  'use strict';
  function $(id) { return document.getElementById(id); }
  var EVENT_WINDOW = 12;  // event rows shown each side of the current frame

  var options = JSON.parse($('diff-options').textContent);
  var compareIDs = options.compareIDs;
  // Ids each side's replay derived for an addItem that carried none: such an
  // item has no id in its log, so two of them do not differ (as in diff) and
  // the event list does not show them.
  var derivedIDs = (options.derivedIDs || [[], []]).map(function (ids) { return new Set(ids); });
  function loggedID(side, item) { return derivedIDs[side].has(item.id) ? null : item.id; }
  // The fields diff found at the first difference, marked there whatever the
  // page finds: under redaction two texts that differ can share a mask.
  var firstFields = options.firstFields || [];
  function withFirstFields(d) {
    firstFields.forEach(function (path) {
      var row = /^todoItems\[(\d+)\]/.exec(path);
      if (row) d.rows[Number(row[1])] = true;
      else if (path === 'isCreatingItem') d.c = true;
      else if (path === 'partialItemName') d.n = true;
      else if (path === 'stateName') d.s = true;
      else if (path === 'todoItems.count') d.count = true;
    });
    return d;
  }
  var verdict = $('verdict');
  var firstDifference = verdict.dataset.firstDifference === '' ? null : Number(verdict.dataset.firstDifference);
  var scrubber = $('scrubber');
  var last = Number(scrubber.max);
  var current = Number(scrubber.value);
  // The frame the page opens on (the first difference, else the last): an address without a frame shows it.
  var opening = current;
  // #frame=N in the address: the page opens there, and names the frame shown (TodoPage.FrameAddress).
  var address = TodoPage.FrameAddress(last, function () { return current; });

  function side(name) {
    var root = $(name);
    var data = JSON.parse(TodoFrames.blockText($(name + '-data')));
    if (data.v !== TodoFrames.FORMAT) return null;
    var view = root.querySelector('.frame-view');
    var session = TodoFrames.open(data);
    session.placeCheckpoints(Infinity);  // every checkpoint at once: the page opens where the logs part, anywhere in them
    return {
      session: session, view: view, listViewport: root.querySelector('.list-viewport'),
      sheet: root.querySelector('.add-sheet'), noFrame: root.querySelector('.no-frame'), fields: root.querySelector('.fields'),
      phone: TodoPhone.Phone({
        view: view, list: root.querySelector('.todo-list'), sheet: root.querySelector('.add-sheet'),
        overlay: root.querySelector('.overlay'), partial: root.querySelector('.partial-name'),
        placeholder: root.querySelector('.placeholder'), addButton: root.querySelector('.add-button'),
      }),
    };
  }
  var sides = [side('baseline'), side('run')];
  if (sides[0] === null || sides[1] === null) {
    $('no-script').textContent = 'This page\u2019s script reads frame data of version ' + TodoFrames.FORMAT +
      ', but its data is of another version: make the page again with the same todo-report.';
    return;
  }

  // Whether two texts differ as diff compares them (Swift's String):
  // canonically equivalent texts are the same, so "é" as one character and
  // as "e" with a combining accent do not differ.
  function textsDiffer(x, y) { return x !== y && x.normalize('NFC') !== y.normalize('NFC'); }

  // What the page marks as differing between the two states it shows: the
  // fields it lists and the rows it draws (ids only with --compare-ids), by
  // the rules of diff's own comparison, which gives the verdict, the first
  // difference and the summary.
  function differences(a, b) {
    var d = {
      c: a.isCreatingItem !== b.isCreatingItem, n: textsDiffer(a.partialItemName, b.partialItemName),
      s: textsDiffer(a.stateName, b.stateName), count: a.todoItems.length !== b.todoItems.length, rows: {},
    };
    var n = Math.max(a.todoItems.length, b.todoItems.length);
    for (var i = 0; i < n; i++) {
      var x = a.todoItems[i], y = b.todoItems[i];
      if (!x || !y || textsDiffer(x.title, y.title) || x.isFinished !== y.isFinished || (compareIDs && loggedID(0, x) !== loggedID(1, y))) d.rows[i] = true;
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

  // Which rows to mark, for the phone, from the differences `d` (none without both states).
  function markedRows(d) { return d ? function (i) { return d.rows[i] === true; } : null; }
  // The first row the two states differ in, or -1.
  function firstRow(d) {
    var first = -1;
    if (d) for (var key in d.rows) { var i = Number(key); if (first < 0 || i < first) first = i; }
    return first;
  }
  function listHeight(s) { return s.listViewport.clientHeight || 478; }

  function draw(s, state, d) {
    s.noFrame.hidden = state !== null;
    s.fields.replaceChildren();
    if (state === null) { s.phone.clear(); return; }
    s.phone.draw(state, current, s.listViewport.scrollTop, listHeight(s), markedRows(d));
    s.sheet.classList.toggle('differs', !!(d && (d.c || d.n)));
    field(s.fields, 'isCreatingItem', String(state.isCreatingItem), d && d.c);
    field(s.fields, 'partialItemName', TodoText.quote(state.partialItemName), d && d.n);
    field(s.fields, 'stateName', state.stateName, d && d.s);
    field(s.fields, 'items', TodoPage.grouped(state.todoItems.length), d && d.count);
    // The first item that differs, by the path diff's verdict gives it.
    var row = firstRow(d);
    if (row >= 0) {
      var item = state.todoItems[row];
      field(s.fields, 'todoItems[' + row + ']', item ? TodoText.quote(item.title) + (item.isFinished ? ', done' : ', not done') : '(no such item)', true);
    }
  }

  // Frame i's event as the report's event list writes it (an item by its
  // position, without rebuilding the frame), and the travel before it if
  // any, or null past the log's end.
  function describe(s, k, i) {
    var session = s.session;
    if (i >= session.count) return null;
    // An id the replay derived is no id, as diff compares it: not shown.
    var payload = session.payloadText(i, null, function (id) { return !derivedIDs[k].has(id); });
    // As diff's verdict says it: a travel is what can tell two equal events apart.
    var travel = i > 0 && session.parent[i] !== i - 1 ? ' after a travel to frame ' + session.parent[i] : '';
    return session.eventName(i) + (payload === '' ? '' : ' ' + payload) + travel;
  }

  // A row shows frame i's events, the same at every frame: a step keeps all
  // but one, and a row's button keeps the focus it was clicked with.
  function eventRow(i) {
    var tr = document.createElement('tr');
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
    sides.forEach(function (s, k) {
      var td = document.createElement('td');
      var text = describe(s, k, i);
      td.textContent = text === null ? '—' : text;
      tr.appendChild(td);
    });
    return tr;
  }
  var keptEventRows = TodoRows.Kept($('event-rows'));
  function drawEvents() {
    var from = Math.max(0, current - EVENT_WINDOW), to = Math.min(last, current + EVENT_WINDOW);
    keptEventRows(from, to + 1, String, eventRow, function (tr, i) {
      if (i === current) tr.setAttribute('aria-current', 'true');
      else if (tr.hasAttribute('aria-current')) tr.removeAttribute('aria-current');
    });
  }

  var shown = [null, null], shownDifferences = null;
  function go(index, keepAddress) {
    current = Math.max(0, Math.min(last, Math.floor(index)));
    if (!keepAddress) address.writeSoon();
    scrubber.value = String(current);
    shown = sides.map(function (s) { return current < s.session.count ? s.session.stateAt(current) : null; });
    shownDifferences = shown[0] && shown[1] ? differences(shown[0], shown[1]) : null;
    if (shownDifferences && current === firstDifference) withFirstFields(shownDifferences);
    sides.forEach(function (s, k) { draw(s, shown[k], shownDifferences); });
    // The first row that differs, scrolled into both lists when it is out of view (once they are
    // drawn: a list's height is its rows'), and the rows there drawn at once.
    var row = firstRow(shownDifferences);
    if (row >= 0) {
      sides.forEach(function (s, k) {
        var items = shown[k].todoItems, top = s.listViewport.scrollTop;
        if (row >= items.length) return;
        var wanted = s.phone.reveal(row, items.length, top, listHeight(s));
        if (wanted === top) return;
        s.listViewport.scrollTop = wanted;
        s.phone.drawItems(items, s.listViewport.scrollTop, listHeight(s), markedRows(shownDifferences));
      });
    }
    // A row that had the focus and leaves the window hands it to the current frame's row, not to the page.
    var eventRows = $('event-rows'), hadFocus = eventRows.contains(document.activeElement);
    drawEvents();
    if (hadFocus && !eventRows.contains(document.activeElement)) {
      var row = eventRows.querySelector('button[data-frame="' + current + '"]');
      if (row) row.focus();
    }
    var position = 'Frame ' + TodoPage.grouped(current) + ' of ' + TodoPage.grouped(last) +
      (firstDifference !== null && current >= firstDifference ? (current === firstDifference ? ' (the first difference)' : ' (after the first difference)') : '');
    $('frame-position').textContent = position;
    scrubber.setAttribute('aria-valuetext', position);  // a screen reader says this, not a bare number
  }

  // The two lists scroll together, row for row: a scroll of one moves the other, and the scroll
  // that move causes is not passed back (a shorter list stops at its end, and must not stop the
  // other): a list's scroll to the very place it was moved to is that echo.
  var movedTo = [null, null];
  sides.forEach(function (s, k) {
    s.listViewport.addEventListener('scroll', function () {
      var top = s.listViewport.scrollTop;
      if (top === movedTo[k]) movedTo[k] = null;
      else {
        movedTo[k] = null;
        var other = sides[1 - k].listViewport;
        if (other.scrollTop !== top) {
          other.scrollTop = top;
          movedTo[1 - k] = other.scrollTop;
        }
      }
      var state = shown[k];
      if (state !== null && state.todoItems.length > TodoPhone.VIRTUAL_ITEMS) {
        s.phone.drawItems(state.todoItems, s.listViewport.scrollTop, listHeight(s), markedRows(shownDifferences));
      }
    });
  });
  scrubber.addEventListener('input', function () { go(Number(scrubber.value)); });
  $('jump').addEventListener('click', function () { if (firstDifference !== null) go(firstDifference); });
  $('event-rows').addEventListener('click', function (e) {
    var target = e.target.closest('button[data-frame]');
    if (target) go(Number(target.dataset.frame));
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target.tagName, to = null;
    // D goes to the first difference from the scrubber alone, which has no use for the key: a letter
    // that acted anywhere would fire for a speech-input user's dictated words (WCAG 2.1.4).
    if ((e.key === 'd' || e.key === 'D') && firstDifference !== null && e.target === scrubber) to = firstDifference;
    else if (e.target === scrubber || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || TodoPage.scrollsWithKey(e)) return;
    else if (e.key === 'ArrowLeft') to = current - 1;
    else if (e.key === 'ArrowRight') to = current + 1;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = last;
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
  // Back or Forward to the address without a frame shows the frame the page opens on.
  window.addEventListener('hashchange', function () {
    var f = location.hash === '' ? opening : address.frame();
    if (f !== null && f !== current) go(f, true);
  });
  $('no-script').hidden = true;
  scrubber.disabled = false;
  $('jump').disabled = false;
  var named = address.frame();
  go(named === null ? current : named, true);
  document.documentElement.dataset.ready = 'true';
})();
