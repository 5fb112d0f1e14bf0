// The app's screen, drawn as the iOS app draws a state: the navigation bar,
// the list of items with their switches, and the add sheet over a dimmed
// list while an item is being created. It is a picture, not the app: no part
// of it is a control, and each part says its state in words (a switch is an
// image named "done"). The report draws one, the diff page
// two. Past VIRTUAL_ITEMS items only the rows in view are drawn. Log text is
// only ever set with textContent. Provides TodoPhone.
var TodoPhone = (function () {
  'use strict';

  var ITEM_ROW = 44, OVERSCAN = 8, VIRTUAL_ITEMS = 60;

  function itemRow(item, index) {
    var li = document.createElement('li');
    li.dataset.index = String(index);
    var title = document.createElement('span');
    title.className = 'item-title';
    title.textContent = TodoText.isLong(item.title) ? TodoText.cut(item.title) : item.title;
    // A picture of the app's switch, not a control: an image named by its state
    // (a named image costs a jump nothing, where a hidden text in every row did).
    var toggle = document.createElement('span');
    toggle.className = 'switch';
    toggle.setAttribute('role', 'img');
    toggle.setAttribute('aria-label', item.isFinished ? 'done' : 'not done');
    toggle.dataset.done = item.isFinished ? 'true' : 'false';
    li.appendChild(title);
    if (TodoText.isLong(item.title)) li.appendChild(TodoText.moreButton(item.title));
    li.appendChild(toggle);
    return li;
  }

  // A phone in the page's elements `parts`: { view, list, sheet, overlay,
  // partial, placeholder, addButton }, `list` inside a scroll box. A state is
  // { isCreatingItem, partialItemName, todoItems: [{id, title, isFinished}], stateName }.
  function Phone(parts) {
    // The item rows in view when the list's box (`height` pixels) is
    // scrolled to `scrollTop`; `marked(index)`, if given, says which rows to
    // mark as differing.
    var keptItems = TodoRows.Kept(parts.list);
    function drawItems(items, scrollTop, height, marked) {
      var list = parts.list;
      list.dataset.count = String(items.length);
      var virtual = items.length > VIRTUAL_ITEMS;
      list.classList.toggle('virtual', virtual);
      var from = 0, to = items.length, itemRows = null;
      if (virtual) {
        itemRows = TodoRows(items.length, ITEM_ROW, height);
        list.style.height = itemRows.span + 'px';
        from = Math.max(0, itemRows.first(scrollTop) - OVERSCAN);
        to = Math.min(items.length, itemRows.first(scrollTop) + Math.ceil(height / ITEM_ROW) + OVERSCAN);
      } else {
        list.style.height = '';
      }
      // A row redrawn (its switch changed) while its "… N characters" button has the focus
      // hands the focus to the same item's new button, or else to the list's box: never to the page.
      var focused = list.contains(document.activeElement) ? document.activeElement.closest('li') : null;
      // A row shows its item's position, title and switch, and whether it is marked.
      keptItems(from, to, function (i) {
        var item = items[i];
        return i + (item.isFinished ? '+' : '-') + (marked && marked(i) ? '!' : ' ') + item.title;
      }, function (i) {
        var li = itemRow(items[i], i);
        if (marked && marked(i)) {
          li.className = 'differs';
          // Said in words too, not by colour alone.
          var note = document.createElement('span');
          note.className = 'visually-hidden';
          note.textContent = ' (differs)';
          li.appendChild(note);
        }
        return li;
      }, function (li, i) {
        if (!virtual) {
          if (li.hasAttribute('style')) li.removeAttribute('style');
          return;
        }
        var top = itemRows.top(i, scrollTop) + 'px';
        if (li.style.top !== top) li.style.top = top;
      });
      if (focused && !focused.isConnected) {
        var again = list.querySelector('li[data-index="' + focused.dataset.index + '"] .more-text');
        (again || list.parentNode).focus({ preventScroll: true });
      }
    }

    // Makes the list tall enough for `count` items before their rows are drawn, when its box
    // (`height` pixels) must be scrolled to `scrollTop` and cannot reach it now (a box cannot
    // scroll past the end of what it holds). Only then: the write makes the browser lay the
    // list out again before the frame is drawn.
    function sizeListFor(count, scrollTop, height) {
      function span(n) { return n > VIRTUAL_ITEMS ? TodoRows(n, ITEM_ROW, height).span : n * ITEM_ROW; }
      if (scrollTop + height <= span(Number(parts.list.dataset.count) || 0)) return;
      parts.list.style.height = span(count) + 'px';
    }

    // State `s` as frame `frame`.
    function draw(s, frame, scrollTop, height, marked) {
      parts.view.dataset.frame = String(frame);
      parts.view.dataset.stateName = s.stateName;
      drawItems(s.todoItems, scrollTop, height, marked);
      // The typed name's "… N characters" button with the focus, at a frame whose name is
      // short or whose sheet is closed, hands the focus to the list's box, as a row's does.
      var sheetHadFocus = parts.sheet.contains(document.activeElement);
      parts.sheet.hidden = !s.isCreatingItem;
      parts.overlay.hidden = !s.isCreatingItem;
      TodoText.setText(parts.partial, s.partialItemName);
      if (sheetHadFocus && (parts.sheet.hidden || !parts.sheet.contains(document.activeElement))) {
        parts.list.parentNode.focus({ preventScroll: true });
      }
      parts.placeholder.hidden = s.partialItemName.length > 0;
      parts.addButton.dataset.disabled = s.partialItemName.length > 0 ? 'false' : 'true';
    }

    // No state: an empty screen, for a frame a session does not have.
    function clear() {
      parts.view.dataset.frame = '';
      parts.view.dataset.stateName = '';
      parts.list.dataset.count = '0';
      parts.list.classList.remove('virtual');
      parts.list.style.height = '';
      parts.list.replaceChildren();
      parts.sheet.hidden = true;
      parts.overlay.hidden = true;
      TodoText.setText(parts.partial, '');
      parts.placeholder.hidden = false;
      parts.addButton.dataset.disabled = 'true';
    }

    // The scroll position of a box `height` pixels high that shows row `index` of `count`: where
    // it is, when it is in view; else one with the row near the box's middle, rows on both sides.
    function reveal(index, count, scrollTop, height) {
      var rows = TodoRows(count, ITEM_ROW, height);
      if (rows.reveal(index, scrollTop) === scrollTop) return scrollTop;
      var half = Math.floor(height / ITEM_ROW / 2);
      return rows.reveal(Math.max(0, index - half), rows.reveal(Math.min(count - 1, index + half), scrollTop));
    }

    return { draw: draw, drawItems: drawItems, clear: clear, reveal: reveal, sizeListFor: sizeListFor };
  }

  return { VIRTUAL_ITEMS: VIRTUAL_ITEMS, Phone: Phone };
})();
