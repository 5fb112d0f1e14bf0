// ---- The phone ----------------------------------------------------------
// Provides R.drawPhone(state, scroll) and R.drawItems(scroll) (only the
// list's rows, when it scrolls).
TodoReport.part(function phone(R) {
  'use strict';

  var session = R.session, sizes = R.sizes, listViewport = R.$('list-viewport');
  var phone = TodoPhone.Phone({
    view: R.$('frame-view'), list: R.$('todo-list'), sheet: R.$('add-sheet'), overlay: R.$('overlay'), partial: R.$('partial-name'),
    placeholder: R.$('placeholder'), addButton: R.$('add-button'),
  });
  R.drawItems = function (scroll) { phone.drawItems(session.stateAt(R.current).todoItems, scroll.list, sizes.list); };
  R.drawPhone = function (s, scroll) { phone.draw(s, R.current, scroll.list, sizes.list); };
  listViewport.addEventListener('scroll', function () {
    if (session.stateAt(R.current).todoItems.length > TodoPhone.VIRTUAL_ITEMS) R.drawItems(R.readScroll());
  });
});
