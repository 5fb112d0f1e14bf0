// ---- Diagnostics (all of them, built from #diagnostic-data) -------------
// Provides R.startDiagnostics(). Each row links to the frame shown when its
// line was read (the last frame whose record is on that line or before it).
//
// Rows of `d.rows`: line minus the previous row's line, a kind (an index in
// `d.kinds`, or the kind itself: [code, column, piece, …]), then one value
// per argument (an index in `d.args`, or the text). The message is the
// pieces with the arguments between them. Past VIRTUAL_DIAGNOSTICS rows,
// only the rows in view are drawn, as in the event list.
TodoReport.part(function diagnosticList(R) {
  'use strict';

  var $ = R.$, element = R.element, OVERSCAN = R.OVERSCAN, frameLines = R.session.lines, count = R.count;
  // A row's height in px: 44 at the default text size, more at a larger one (TodoPage.textScale).
  var DIAGNOSTIC_ROW = 44, VIRTUAL_DIAGNOSTICS = 100;
  var diagnostics = null;

  function readDiagnostics(d) {
    var rows = d.rows, total = d.count;
    var starts = new Int32Array(total), rowLines = new Float64Array(total);
    var at = 0, line = 0, n = 0;
    for (; n < total && at < rows.length; n++) {
      starts[n] = at;
      line += rows[at];
      rowLines[n] = line;
      var k = rows[at + 1];
      at += 2 + (typeof k === 'number' ? d.kinds[k] : k).length - 3;
    }
    return { data: d, count: n, starts: starts, lines: rowLines, height: 0, rows: null };
  }

  function diagnosticAt(i) {
    var d = diagnostics.data, at = diagnostics.starts[i];
    var k = d.rows[at + 1];
    var kind = typeof k === 'number' ? d.kinds[k] : k;
    var message = kind[2];
    for (var j = 3; j < kind.length; j++) {
      var a = d.rows[at + j - 1];
      message += (typeof a === 'number' ? d.args[a] : a) + kind[j];
    }
    var code = d.codes[kind[0]];
    return { line: diagnostics.lines[i], column: kind[1], code: code[0], severity: code[1], message: message };
  }

  // The frame shown when line `line` was read: frames are in the log's order, so their lines never go down.
  function frameAtLine(line) { return R.lastAtMost(frameLines, count, line); }

  function diagnosticRow(i) {
    var d = diagnosticAt(i), frame = frameAtLine(d.line);
    var li = document.createElement('li');
    li.className = d.severity;
    var link = element('a', 'frame-link', 'frame ' + TodoPage.grouped(frame));
    link.href = '#frame=' + frame;
    link.dataset.frame = String(frame);
    li.append(element('span', 'location', 'line ' + d.line + (d.column === null ? '' : ':' + d.column)), ' ', link, ' ',
      element('span', 'severity', d.severity), ' ', element('code', 'code', d.code), ' ', element('span', 'message', d.message));
    return li;
  }

  // Rows a redraw keeps (a row's index says all it shows): the row whose link has the
  // focus stays the same element while it is drawn, so scrolling to the next link with
  // Tab, or the list with the keys, keeps the focus where it is.
  var keptRows = null;

  function drawDiagnostics() {
    var list = $('diagnostics'), box = $('diagnostic-viewport');
    var all = diagnostics.count, from = 0, to = all, top = box.scrollTop, dRows = diagnostics.rows;
    if (dRows) {
      from = Math.max(0, dRows.first(top) - OVERSCAN);
      to = Math.min(all, dRows.first(top) + Math.ceil(diagnostics.height / DIAGNOSTIC_ROW) + OVERSCAN);
    }
    var focused = list.contains(document.activeElement) ? document.activeElement : null;
    keptRows(from, to, function (i) { return i; }, function (i) {
      var li = diagnosticRow(i);
      if (dRows) {
        li.setAttribute('aria-posinset', String(i + 1));
        li.setAttribute('aria-setsize', String(all));
        li.title = li.textContent;
      }
      return li;
    }, dRows ? function (li, i) {
      var at = dRows.top(i, top) + 'px';
      if (li.style.top !== at) li.style.top = at;
    } : null);
    // A focused row scrolled out of reach (the mouse wheel) leaves the focus on the list's box, not on the page.
    if (focused && !list.contains(focused)) box.focus({ preventScroll: true });
  }

  function layoutDiagnostics() {
    var list = $('diagnostics'), box = $('diagnostic-viewport');
    if (diagnostics.count <= VIRTUAL_DIAGNOSTICS) return;
    diagnostics.height = box.clientHeight || 320;
    DIAGNOSTIC_ROW = TodoPage.sizeRows(list, 44, TodoPage.textScale());
    // Two lines fill a row but for its padding.
    list.style.setProperty('--line', DIAGNOSTIC_ROW === 44 ? '' : (DIAGNOSTIC_ROW - 2) / 2 + 'px');
    diagnostics.rows = TodoRows(diagnostics.count, DIAGNOSTIC_ROW, diagnostics.height);
    list.style.height = diagnostics.rows.span + 'px';
  }

  R.startDiagnostics = function () {
    var block = $('diagnostic-data'), list = $('diagnostics'), box = $('diagnostic-viewport');
    if (!block || !list || !box) return;  // a customised page from before the block: its static list stays
    diagnostics = readDiagnostics(JSON.parse(TodoFrames.blockText(block)));
    keptRows = TodoRows.Kept(list);
    // An empty list has nothing to scroll or read: no stop for Tab.
    if (diagnostics.count === 0) box.removeAttribute('tabindex');
    var virtual = diagnostics.count > VIRTUAL_DIAGNOSTICS;
    list.classList.toggle('virtual', virtual);
    box.classList.toggle('virtual', virtual);
    layoutDiagnostics();
    drawDiagnostics();
    box.addEventListener('scroll', function () { if (diagnostics.rows) drawDiagnostics(); });
    // A row's frame link shows that frame in the player, and moves the focus to the scrubber above.
    list.addEventListener('click', function (e) {
      var link = e.target.closest ? e.target.closest('a.frame-link') : null;
      if (!link) return;
      e.preventDefault();
      R.stop();
      R.go(Number(link.dataset.frame));
      $('scrubber').focus();
    });
    // A row shown whole while its link has the focus hides the rows after it: Escape puts it back to
    // two lines (WCAG 1.4.13), until the focus leaves it.
    list.addEventListener('keydown', function (e) {
      var li = e.key === 'Escape' && e.target.closest ? e.target.closest('li') : null;
      if (li && diagnostics.rows) li.classList.add('cut');
    });
    list.addEventListener('focusout', function (e) {
      var li = e.target.closest ? e.target.closest('li') : null;
      if (li) li.classList.remove('cut');
    });
    function resized() { if (diagnostics.rows) { layoutDiagnostics(); drawDiagnostics(); } }
    window.addEventListener('resize', resized);
    TodoPage.onTextScaleChange(resized);
  };
});
