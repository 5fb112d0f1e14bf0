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
    title.textContent = isLong(item.title) ? cut(item.title) : item.title;
    var toggle = document.createElement('span');
    toggle.className = 'switch';
    toggle.setAttribute('role', 'switch');
    toggle.setAttribute('aria-checked', item.isFinished ? 'true' : 'false');
    toggle.setAttribute('aria-label', 'Done: ' + shortText(item.title));
    li.appendChild(title);
    if (isLong(item.title)) li.appendChild(moreButton(item.title));
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
    setText(partial, s.partialItemName);
    placeholder.hidden = s.partialItemName.length > 0;
    addButton.setAttribute('aria-disabled', s.partialItemName.length > 0 ? 'false' : 'true');
  }

