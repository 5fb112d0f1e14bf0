// ---- Frame info, state panel --------------------------------------------
// Provides R.drawInfo() (the frame's event, payload, time and line, and the
// scrubber's value), R.drawState(state) (its state, with what the event
// changed marked) and R.touchedItem(frame) (the index of the item a frame's
// event switched, or -1).
TodoReport.part(function statePanel(R) {
  'use strict';

  var session = R.session, frames = session.frames, lines = session.lines, count = R.count;
  var shapeOf = session.shapeOf, valueOf = session.valueOf, stateAt = session.stateAt;
  var eventName = session.eventName, payloadText = session.payloadText;
  var grouped = TodoPage.grouped, duration = TodoPage.duration;
  var isLong = TodoText.isLong, quote = TodoText.quote, brief = TodoText.brief, moreButton = TodoText.moreButton;
  var scrubber = R.$('scrubber'), stateBox = R.$('state-json');
  var position = R.$('frame-position'), event = R.$('frame-event'), payload = R.$('frame-payload');
  var time = R.$('frame-time'), offset = R.$('frame-offset'), line = R.$('frame-line');

  R.drawInfo = function () {
    var current = R.current;
    position.textContent = 'Frame ' + grouped(current) + ' / ' + grouped(count - 1);
    event.textContent = eventName(current);
    payload.textContent = brief(payloadText(current, stateAt(current)));
    var t = R.tMs(current);
    time.textContent = R.isoTime(R.timeOf(current));
    offset.textContent = t === null ? '' : '(' + (t >= 0 ? '+' : '') + duration(t) + ' from the start)';
    line.textContent = current === 0 ? '—' : 'line ' + grouped(lines[current]);
    scrubber.value = String(current);
    scrubber.setAttribute('aria-valuetext', 'Frame ' + grouped(current) + ' / ' + grouped(count - 1) + ': ' + eventName(current));
  };

  // The panel lists the first items, and the item this frame's event touched wherever it is;
  // a "… N more" line's button lists MORE_ITEMS more, for every frame from then on.
  var STATE_ITEM_LIMIT = 50, MORE_ITEMS = 1000;
  var itemLimit = STATE_ITEM_LIMIT;
  // The phone scrolls only to a switched item: an added one is at the list's end, where the app
  // does not scroll by itself. The panel shows either.
  R.touchedItem = function (index) {
    if (index === 0) return -1;
    var f = frames[index - 1], shape = shapeOf(f);
    return shape.finish ? valueOf(shape.finish.index, f, null) : -1;
  };
  function touchedItem(index) {
    var switched = R.touchedItem(index);
    if (switched >= 0 || index === 0) return switched;
    return shapeOf(frames[index - 1]).append ? stateAt(index).todoItems.length - 1 : -1;
  }

  function stateLines(s, touched) {
    var items = s.todoItems;
    var out = [['{', 'open'], ['  "isCreatingItem": ' + s.isCreatingItem + ',', 'isCreatingItem'],
      ['  "partialItemName": ' + quote(s.partialItemName) + ',', 'partialItemName', s.partialItemName]];
    if (items.length === 0) out.push(['  "todoItems": [],', 'todoItems']);
    else {
      out.push(['  "todoItems": [', 'todoItems']);
      var shown = Math.min(items.length, itemLimit);
      var itemLine = function (i) {
        var it = items[i];
        return ['    {"id": ' + quote(it.id) + ', "title": ' + quote(it.title) + ', "isFinished": ' + it.isFinished + '}' +
          (i === items.length - 1 ? '' : ','), 'item' + i, it.title];
      };
      for (var i = 0; i < shown; i++) out.push(itemLine(i));
      if (touched >= shown && touched < items.length) {
        if (touched > shown) out.push(['    … ' + grouped(touched - shown) + ' more', 'gap', undefined, touched - shown]);
        out.push(itemLine(touched));
        shown = touched + 1;
      }
      if (items.length > shown) out.push(['    … ' + grouped(items.length - shown) + ' more', 'more', undefined, items.length - shown]);
      out.push(['  ],', 'close-items']);
    }
    out.push(['  "stateName": ' + quote(s.stateName), 'stateName'], ['}', 'close']);
    return out;
  }

  // Lists more of the items the panel left out, at this frame and every other.
  function moreItemsButton(hidden) {
    var button = document.createElement('button'), more = Math.min(hidden, MORE_ITEMS);
    button.type = 'button';
    button.className = 'more-text more-items';
    button.textContent = more === hidden ? 'list ' + (hidden === 1 ? 'it' : 'them') : 'list ' + grouped(more) + ' more';
    button.title = 'List ' + grouped(more) + (more === 1 ? ' more item' : ' more items') + ' here, at every frame';
    button.addEventListener('click', function () {
      itemLimit += MORE_ITEMS;
      R.drawState(stateAt(R.current));
    });
    return button;
  }

  var keptLines = TodoRows.Kept(stateBox);
  R.drawState = function (s) {
    var before = session.before(R.current);
    var touched = touchedItem(R.current);
    var previous = {};
    if (before) stateLines(before, touched).forEach(function (l) { previous[l[1]] = l[0]; });
    var lines = stateLines(s, touched);
    // A focused "… N characters" button whose line the frame redraws would leave the focus nowhere (the
    // page's body): it stays in the panel, on the line's new button if the text is the same, else on the panel.
    var focused = stateBox.contains(document.activeElement) && document.activeElement !== stateBox ? document.activeElement : null;
    var focusedKey = focused && focused.parentNode ? focused.parentNode.dataset.key : null;
    // A line's comma is not its value: the item before a new last one gains one and is unchanged.
    function value(text) { return text !== undefined && text.charAt(text.length - 1) === ',' ? text.slice(0, -1) : text; }
    function changed(l) { return before && value(previous[l[1]]) !== value(l[0]) && l[1] !== 'close-items' && l[1] !== 'more' && l[1] !== 'gap'; }
    keptLines(0, lines.length, function (i) { return (changed(lines[i]) ? '*' : ' ') + lines[i][0]; }, function (i) {
      var l = lines[i], span = document.createElement('span');
      span.className = 'line' + (changed(l) ? ' changed' : '');
      span.dataset.key = l[1];
      span.textContent = l[0];
      // The line's quoted text already ends with its length: the button says what it does.
      if (isLong(l[2])) span.append(' ', moreButton(l[2], 'show all'));
      if (l[3]) span.append(' ', moreItemsButton(l[3]));
      return span;
    });
    if (focused && !focused.isConnected) {
      var line = focusedKey === null ? null : stateBox.querySelector('.line[data-key="' + focusedKey + '"] button');
      (line || stateBox).focus({ preventScroll: true });
    }
  };
});
