  // ---- Frame info, state panel --------------------------------------------

  function drawInfo() {
    $('frame-position').textContent = 'Frame ' + current + ' / ' + (count - 1);
    $('frame-event').textContent = eventName(current);
    $('frame-payload').textContent = payloadText(current, stateAt(current));
    var t = timeOf(current);
    $('frame-time').textContent = isoTime(t);
    $('frame-offset').textContent = t === null ? '' : '(' + (t >= 0 ? '+' : '') + duration(t) + ' from the start)';
    $('frame-line').textContent = current === 0 ? '—' : 'line ' + grouped(lines[current]);
    scrubber.value = String(current);
    scrubber.setAttribute('aria-valuetext', 'Frame ' + current + ' / ' + (count - 1) + ': ' + eventName(current));
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
      ['  "partialItemName": ' + quote(s.partialItemName) + ',', 'partialItemName', s.partialItemName]];
    if (items.length === 0) out.push(['  "todoItems": [],', 'todoItems']);
    else {
      out.push(['  "todoItems": [', 'todoItems']);
      var shown = Math.min(items.length, STATE_ITEM_LIMIT);
      var itemLine = function (i) {
        var it = items[i];
        return ['    {"id": ' + quote(it.id) + ', "title": ' + quote(it.title) + ', "isFinished": ' + it.isFinished + '}' +
          (i === items.length - 1 ? '' : ','), 'item' + i, it.title];
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
    var before = session.before(current);
    var touched = touchedItem(current);
    var previous = {};
    if (before) stateLines(before, touched).forEach(function (l) { previous[l[1]] = l[0]; });
    var rows = document.createDocumentFragment();
    stateLines(s, touched).forEach(function (l) {
      var span = document.createElement('span');
      var changed = before && previous[l[1]] !== l[0] && l[1] !== 'close-items' && l[1] !== 'more' && l[1] !== 'gap';
      span.className = 'line' + (changed ? ' changed' : '');
      span.textContent = l[0];
      if (isLong(l[2])) span.appendChild(moreButton(l[2]));
      rows.appendChild(span);
    });
    stateBox.replaceChildren(rows);
  }

