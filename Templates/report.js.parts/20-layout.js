// ---- Sizes and scroll positions -----------------------------------------
// Provides R.sizes and R.scrolled (the phone's list and the event list: their
// heights, and where they are scrolled to; R.sizes.text, the text's scale,
// TodoPage.textScale), R.measureSizes() and R.readScroll().
//
// Scroll positions and sizes are read before anything is written, so a
// jump never forces the browser to lay the page out in the middle.
TodoReport.part(function layout(R) {
  'use strict';

  var listViewport = R.$('list-viewport'), eventViewport = R.$('event-viewport');
  var sizes = R.sizes = { list: 0, events: 0, text: 1 };
  R.measureSizes = function () {
    sizes.list = listViewport.clientHeight || 480;
    sizes.events = eventViewport.clientHeight || 320;
    sizes.text = TodoPage.textScale();
    R.layoutEvents();
  };
  // Kept up to date by the scroll listeners and by our own scrolling, never read back in a jump.
  var scrolled = R.scrolled = { list: 0, events: 0 };
  R.readScroll = function () {
    scrolled.list = listViewport.scrollTop;
    scrolled.events = eventViewport.scrollTop;
    return scrolled;
  };
  function resized() { R.measureSizes(); R.go(R.current, { keepHash: true, quiet: true }); }
  window.addEventListener('resize', resized);
  TodoPage.onTextScaleChange(resized);
});
