// ---- Event list tools: show every event, filter by type and by text ------
// Provides R.passes(frame) (whether the filter keeps it) and R.isFiltered().
TodoReport.part(function eventFilter(R) {
  'use strict';

  var session = R.session, frames = session.frames, count = R.count, parent = session.parent, shapes = session.shapes, shapeNumber = session.shapeNumber;
  var shapeOf = session.shapeOf, valueOf = session.valueOf, initialState = session.initialState;
  var apply = session.apply, materialize = session.materialize;
  var grouped = TodoPage.grouped, element = R.element, KEYSTROKE = R.KEYSTROKE;
  var filter = { types: null, text: '', passing: null, matches: count };  // types: the event names hidden

  R.passes = function (i) { return filter.passing === null || filter.passing[i] === 1; };
  R.isFiltered = function () { return filter.passing !== null; };

  // Each frame's text to search, in lower case: the name typed, the title
  // and id of the item added or set done (a line apart, so that no text is
  // found across the two). Found by one replay, the first time a text is sought.
  var frameTexts = null;
  function itemText(item) { return item ? item.title + '\n' + item.id : ''; }
  function textOfFrame(i, s) {
    if (i === 0) return '';
    var f = frames[i - 1], shape = shapeOf(f);
    if (shape.event === KEYSTROKE) return R.typedName(i);
    if (shape.append) return itemText(s.todoItems[s.todoItems.length - 1]);
    if (shape.finish) return itemText(s.todoItems[valueOf(shape.finish.index, f, null)]);
    return '';
  }
  function buildFrameTexts() {
    frameTexts = new Array(count);
    frameTexts[0] = '';
    var s = initialState();
    for (var i = 1; i < count; i++) {
      if (parent[i] !== i - 1) s = materialize(parent[i]);
      apply(s, frames[i - 1]);
      frameTexts[i] = textOfFrame(i, s).toLowerCase();
    }
  }

  var typeCounts = {}, typeOrder = [];
  (function countTypes() {
    var perShape = new Int32Array(shapes.length);
    for (var i = 0; i < frames.length; i++) perShape[shapeNumber(frames[i])]++;
    var firstFrame = shapes.map(function () { return Infinity; }), missing = shapes.length;
    for (var j = 0; j < frames.length && missing > 0; j++) {
      var k = shapeNumber(frames[j]);
      if (firstFrame[k] === Infinity) { firstFrame[k] = j; missing--; }
    }
    // In the order the types first occur.
    shapes.map(function (shape, k) { return k; }).filter(function (k) { return perShape[k] > 0; })
      .sort(function (a, b) { return firstFrame[a] - firstFrame[b]; })
      .forEach(function (k) {
        var name = shapes[k].event;
        if (!(name in typeCounts)) { typeCounts[name] = 0; typeOrder.push(name); }
        typeCounts[name] += perShape[k];
      });
  })();

  function applyFilter() {
    var hidden = filter.types, text = filter.text.toLowerCase();
    if (!hidden && !text) { filter.passing = null; filter.matches = count; return; }
    if (text && !frameTexts) buildFrameTexts();
    var passing = new Uint8Array(count), matches = 0;
    // The first frame stays in view under a type filter, as where the session starts, but it is no event: not counted.
    for (var i = 0; i < count; i++) {
      var ok = i === 0 ? !text : !(hidden && hidden.has(shapeOf(frames[i - 1]).event));
      if (ok && text) ok = frameTexts[i].indexOf(text) >= 0;
      if (ok) { passing[i] = 1; if (i > 0) matches++; }
    }
    filter.passing = passing;
    filter.matches = matches;
  }

  // The next (or previous) frame the filter keeps, from the current one, around the end.
  function nextMatch(step) {
    if (filter.matches === 0) return null;
    for (var n = 1; n <= count; n++) {
      var i = ((R.current + step * n) % count + count) % count;
      if (R.passes(i)) return i;
    }
    return null;
  }

  var tools = document.createElement('div');
  tools.className = 'event-tools';
  tools.id = 'event-tools';
  var everyLabel = document.createElement('label');
  var every = document.createElement('input');
  every.type = 'checkbox'; every.id = 'show-every-event';
  everyLabel.append(every, ' Show every event (no folding)');
  var search = document.createElement('input');
  search.type = 'search'; search.id = 'event-search'; search.placeholder = 'Find a title, name or id';
  search.setAttribute('aria-label', 'Find events by title, name or item id; Enter: next, Shift+Enter: previous');
  search.setAttribute('aria-keyshortcuts', 'Enter Shift+Enter');
  var matchCount = document.createElement('span');
  matchCount.id = 'event-match-count';
  matchCount.setAttribute('aria-live', 'polite');
  var types = document.createElement('fieldset');
  types.id = 'event-types';
  var legend = document.createElement('legend'); legend.textContent = 'Event types';
  types.appendChild(legend);
  typeOrder.forEach(function (name) {
    var label = document.createElement('label');
    var box = document.createElement('input');
    box.type = 'checkbox'; box.checked = true; box.dataset.type = name;
    label.append(box, ' ' + name + ' ', element('span', 'type-count', '(' + grouped(typeCounts[name]) + ')'));
    types.appendChild(label);
  });
  var searchRow = document.createElement('div');
  searchRow.className = 'event-search-row';
  searchRow.append(search, ' ', matchCount);
  tools.append(everyLabel, searchRow, types);
  var eventViewport = R.$('event-viewport');
  eventViewport.parentNode.insertBefore(tools, eventViewport);

  // With no row left to show, the list says so, and its empty box is no stop for Tab.
  var noMatch = element('p', 'no-match', 'No event matches the search and the types ticked.');
  noMatch.id = 'event-no-match';
  noMatch.hidden = true;
  eventViewport.parentNode.insertBefore(noMatch, eventViewport);

  function showMatchCount() {
    var active = filter.passing !== null, empty = active && filter.matches === 0 && !R.passes(0);
    noMatch.hidden = !empty;
    eventViewport.tabIndex = empty ? -1 : 0;
    matchCount.dataset.count = String(filter.matches);
    matchCount.textContent = active ? grouped(filter.matches) + (filter.matches === 1 ? ' match' : ' matches') + ' of ' + grouped(count - 1) + (count === 2 ? ' event' : ' events') : '';
  }
  function refilter() {
    applyFilter();
    showMatchCount();
    R.relist();
  }

  every.addEventListener('change', function () { R.showEveryEvent(every.checked); });
  types.addEventListener('change', function () {
    var hidden = new Set();
    types.querySelectorAll('input[data-type]').forEach(function (box) { if (!box.checked) hidden.add(box.dataset.type); });
    filter.types = hidden.size ? hidden : null;
    refilter();
  });
  var searchTimer = null;
  search.addEventListener('input', function () {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(function () { filter.text = search.value; refilter(); }, count > 100000 ? 250 : 0);
  });
  search.addEventListener('keydown', function (e) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (search.value !== filter.text) { clearTimeout(searchTimer); filter.text = search.value; refilter(); }
    var to = nextMatch(e.shiftKey ? -1 : 1);
    if (to !== null) { R.stop(); R.go(to); }
  });
});
