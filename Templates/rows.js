// Rows drawn only where they are in view, for the long lists of the pages
// that draw frames (the phone's items, the report's events and diagnostics),
// and the rows a redraw keeps. Provides TodoRows and TodoRows.Kept.
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

  // The children of `parent` as rows that a redraw keeps where it can: each
  // row has a key that says everything its element shows, and a row whose
  // key was drawn last time keeps its element, untouched. A step to the next
  // frame mostly shows rows it showed before (the list's items, the state's
  // lines, the events around it), and the browser then styles and lays out
  // only the rows that changed, not every row again.
  // draw(from, to, keyOf, make, place) shows rows from..to-1 in order:
  // keyOf(i) is row i's key, make(i) a new element for it, and place(row, i),
  // if given, sets on every row shown what its key leaves out (a position
  // that follows the scroll), best only where it differs.
  function Kept(parent) {
    var drawn = new Map();
    return function draw(from, to, keyOf, make, place) {
      var next = new Map(), rows = [];
      for (var i = from; i < to; i++) {
        var key = keyOf(i), row = next.has(key) ? undefined : drawn.get(key);
        if (row === undefined) row = make(i);
        next.set(key, row);
        rows.push(row);
      }
      // What is not kept goes first: inserting in front of a row about to
      // go would move every kept row after it (WebKit then styles and lays
      // out each of them again, as if new).
      var kept = new Set(rows);
      for (var node = parent.firstChild; node;) {
        var after = node.nextSibling;
        if (!kept.has(node)) parent.removeChild(node);
        node = after;
      }
      var at = parent.firstChild;
      rows.forEach(function (row, j) {
        if (place) place(row, from + j);
        if (row === at) at = at.nextSibling;
        else parent.insertBefore(row, at);
      });
      drawn = next;
    };
  }

  Rows.Kept = Kept;
  return Rows;
})();
