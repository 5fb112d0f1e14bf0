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

