  // ---- Elements -----------------------------------------------------------

  var view = $('frame-view'), list = $('todo-list'), listViewport = $('list-viewport');
  var addButton = $('add-button'), scrubber = $('scrubber'), playButton = $('play'), speed = $('speed');
  var eventViewport = $('event-viewport'), eventList = $('event-list'), stateBox = $('state-json');
  var current = count - 1;

  // ---- The phone ----------------------------------------------------------

  var phone = TodoPhone.Phone({
    view: view, list: list, sheet: $('add-sheet'), overlay: $('overlay'), partial: $('partial-name'),
    placeholder: $('placeholder'), addButton: addButton,
  });
  var VIRTUAL_ITEMS = TodoPhone.VIRTUAL_ITEMS;
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

  function drawItems(scroll) { phone.drawItems(stateAt(current).todoItems, scroll.list, sizes.list); }
  function drawPhone(s, scroll) { phone.draw(s, current, scroll.list, sizes.list); }
