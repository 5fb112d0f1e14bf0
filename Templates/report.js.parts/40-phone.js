// ---- The phone ----------------------------------------------------------
// Provides R.drawPhone(state, scroll), R.drawItems(scroll) (only the
// list's rows, when it scrolls) and R.revealItem(index, count, scroll).
TodoReport.part(function phone(R) {
  'use strict';

  var session = R.session, sizes = R.sizes, listViewport = R.$('list-viewport');
  var phone = TodoPhone.Phone({
    view: R.$('frame-view'), list: R.$('todo-list'), sheet: R.$('add-sheet'), overlay: R.$('overlay'), partial: R.$('partial-name'),
    placeholder: R.$('placeholder'), addButton: R.$('add-button'),
  });
  R.drawItems = function (scroll) { phone.drawItems(session.stateAt(R.current).todoItems, scroll.list, sizes.list); };
  R.drawPhone = function (s, scroll) { phone.draw(s, R.current, scroll.list, sizes.list); };
  // Scrolls the list, before a frame of `count` items is drawn, to show item `index` if it is out of
  // view: the item a frame's event switched was on the person's screen when they touched it.
  R.revealItem = function (index, count, scroll) {
    var wanted = phone.reveal(index, count, scroll.list, sizes.list);
    if (wanted === scroll.list) return;
    phone.sizeListFor(count, wanted, sizes.list);
    listViewport.scrollTop = wanted;
    scroll.list = listViewport.scrollTop;
  };
  listViewport.addEventListener('scroll', function () {
    if (session.stateAt(R.current).todoItems.length > TodoPhone.VIRTUAL_ITEMS) R.drawItems(R.readScroll());
  });
});
