// Rows drawn only where they are in view, for the long lists of the pages
// that draw frames (the phone's items, the report's events and diagnostics).
// Provides TodoRows.
var TodoRows = (function () {
  'use strict';

  // A list of `total` rows shown in a scroll box. Browsers cap an element's
  // height (about 33 million pixels in Chromium), so past MAX_SPAN the
  // scroll range is scaled: scrolling picks the first row, and rows are
  // placed from where the box is scrolled to.
  var MAX_SPAN = 8000000;
  function Rows(total, rowHeight, viewport) {
    var full = total * rowHeight;
    var span = Math.min(full, MAX_SPAN);
    var scaled = full > MAX_SPAN;
    var visible = Math.max(1, Math.floor(viewport / rowHeight));
    var range = Math.max(1, span - viewport);
    return {
      span: span,
      first: function (scrollTop) {
        return scaled ? Math.round(Math.min(1, scrollTop / range) * Math.max(0, total - visible)) : Math.floor(scrollTop / rowHeight);
      },
      top: function (i, scrollTop) {
        return scaled ? scrollTop + (i - this.first(scrollTop)) * rowHeight : i * rowHeight;
      },
      // The scroll position that shows row i, moving as little as possible from scrollTop.
      reveal: function (i, scrollTop) {
        if (!scaled) {
          var top = i * rowHeight;
          if (top < scrollTop) return top;
          if (top + rowHeight > scrollTop + viewport) return top + rowHeight - viewport;
          return scrollTop;
        }
        var first = this.first(scrollTop);
        if (i >= first && i < first + visible) return scrollTop;
        var wanted = i < first ? i : i - visible + 1;
        return Math.round(wanted / Math.max(1, total - visible) * range);
      },
    };
  }

  return Rows;
})();
