// The batch index: sorts, filters and draws only the visible rows of the
// sessions table from the JSON block, so 100,000 sessions stay fast. All
// text from logs is set with textContent; nothing is fetched.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('index-data').textContent);
  var rows = data.rows;
  // Row fields (see IndexPageRenderer.swift).
  var NAME = 0, REPORT = 1, STATUS = 2, SESSION = 3, USER = 4, VERSION = 5, START = 6, DURATION = 7,
    EVENTS = 8, ITEMS = 9, OPENED = 10, CANCELLED = 11, CONVERSION = 12, ERRORS = 13, WARNINGS = 14, ACTIVITY = 15,
    DURATION_TEXT = 16, CONVERSION_TEXT = 17, ACTIVITY_TEXT = 18, FAILED_NAME = 19;
  var table = document.getElementById('sessions');
  var body = document.getElementById('session-rows');
  var viewport = document.getElementById('table-viewport');
  var filterInput = document.getElementById('session-filter');
  var versionSelect = document.getElementById('version-filter');
  var shown = document.getElementById('shown-count');
  var headers = Array.prototype.slice.call(table.querySelectorAll('th[data-column]'));
  // A row's height, its line included (the borders collapse into the cells' height): 28 px at
  // the default text size, more at a larger one (TodoPage.sizeRows).
  var ROW_HEIGHT = 28, OVERSCAN = 20;
  function measureRows() { ROW_HEIGHT = TodoPage.sizeRows(table, 28, TodoPage.textScale()); }
  var order = rows.map(function (_, i) { return i; });
  var visible = order;
  // The rows come sorted by name (the first column): `order` is that order.
  var sortColumn = NAME, sortDirection = 1, sortedByName = true;
  // App versions sort as the filter lists them (sort -V), not as text.
  var versionRanks = new Map();
  data.versions.forEach(function (version, rank) { versionRanks.set(version, rank); });
  var drawn = '';

  // Counts with a comma every three digits, as the static rows and the summaries write them.
  var grouped = TodoPage.grouped;
  // A count as text; none (an unreadable session's) shows as a dash.
  function count(n) { return n === null ? null : grouped(n); }
  function sum(a) { var t = 0; for (var i = 0; i < a.length; i++) t += a[i]; return t; }

  function sortValue(row, column) {
    var v = column === ACTIVITY ? sum(row[ACTIVITY]) : column === VERSION ? versionRanks.get(row[VERSION]) : row[column];
    return v === null || v === undefined ? null : v;
  }
  // Rows in the order of the sort column, without a comparison function (one
  // call per comparison made 100,000 rows take 200-280 ms): the column's
  // distinct values are sorted natively, each row gets its value's rank, and
  // a counting sort places the rows. Equal values keep the rows' order;
  // absent values go last in either direction.
  function sortedOrder() {
    var n = rows.length, keys = new Array(n), ranks = new Map(), distinct = [];
    for (var i = 0; i < n; i++) {
      // Names: the rows come in their order (as `ls -v` lists them, s2 before s10).
      var key = sortColumn === NAME ? i : sortValue(rows[i], sortColumn);
      keys[i] = key;
      if (key !== null && !ranks.has(key)) { ranks.set(key, 0); distinct.push(key); }
    }
    if (distinct.length > 0 && typeof distinct[0] === 'number') distinct = Float64Array.from(distinct).sort();
    else distinct.sort();  // strings: by UTF-16 code units, as < compares them
    var count = distinct.length;
    for (var r = 0; r < count; r++) ranks.set(distinct[r], sortDirection === 1 ? r : count - 1 - r);
    var rank = new Int32Array(n), starts = new Int32Array(count + 2);
    for (var j = 0; j < n; j++) {
      rank[j] = keys[j] === null ? count : ranks.get(keys[j]);
      starts[rank[j] + 1]++;
    }
    for (var b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
    var sorted = new Array(n);
    for (var k = 0; k < n; k++) sorted[starts[rank[k]]++] = k;
    return sorted;
  }

  // The text the filter searches, lower-cased once per row when first needed.
  var haystacks = null;
  function haystack(i) {
    if (haystacks === null) haystacks = new Array(rows.length);
    var text = haystacks[i];
    if (text === undefined) {
      var row = rows[i];
      text = [row[NAME], row[SESSION], row[USER], row[VERSION], row[STATUS], row[FAILED_NAME]].map(function (v) {
        return v === null ? '' : String(v).toLowerCase();
      }).join('\u0000');
      haystacks[i] = text;
    }
    return text;
  }

  var SVG = 'http://www.w3.org/2000/svg';
  function sparkline(counts) {
    var svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'spark');
    svg.setAttribute('width', '72');
    svg.setAttribute('height', '18');
    svg.setAttribute('viewBox', '0 0 72 18');
    svg.setAttribute('aria-hidden', 'true');
    var line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('points', sparkPoints(counts));
    svg.appendChild(line);
    return svg;
  }
  function sparkPoints(counts) {
    var max = 1, points = [];
    for (var i = 0; i < counts.length; i++) max = Math.max(max, counts[i]);
    var step = counts.length > 1 ? 72 / (counts.length - 1) : 0;
    for (var j = 0; j < counts.length; j++) {
      points.push((Math.round(j * step * 10) / 10) + ',' + (Math.round((17 - counts[j] / max * 16) * 10) / 10));
    }
    return points.join(' ');
  }

  // A cell of log text shows its layout controls escaped (as the static rows
  // do), and its whole text as a tooltip where the column may cut it.
  function cell(tr, text, numeric) {
    var td = document.createElement('td');
    if (numeric) td.className = 'number';
    var shown = text === null || text === undefined ? '—' : TodoPage.showingLayoutControls(String(text));
    td.textContent = shown;
    if (!numeric && shown.length > 16) td.title = shown;
    tr.appendChild(td);
    return td;
  }
  // The row of session `index`, the `position`th (from 0) of those shown.
  function rowElement(index, position) {
    var row = rows[index];
    var tr = document.createElement('tr');
    tr.setAttribute('aria-rowindex', String(position + 2));
    tr.setAttribute('data-session-id', row[SESSION] === null ? '' : row[SESSION]);
    tr.setAttribute('data-name', row[NAME]);
    if (row[STATUS] !== 'rendered') tr.className = 'failed';
    var first = document.createElement('th');
    first.setAttribute('scope', 'row');
    if (row[REPORT] !== null) {
      var a = document.createElement('a');
      a.setAttribute('href', row[REPORT]);
      a.textContent = row[NAME];
      first.appendChild(a);
    } else {
      first.textContent = row[FAILED_NAME];
      first.title = row[FAILED_NAME];  // the whole reason, where the column cuts it
    }
    tr.appendChild(first);
    cell(tr, row[SESSION]); cell(tr, row[USER]); cell(tr, row[VERSION]); cell(tr, row[START]);
    // The texts are written by the page's maker, as the static rows and the summaries write them.
    cell(tr, row[DURATION_TEXT], true);
    cell(tr, count(row[EVENTS]), true); cell(tr, count(row[ITEMS]), true); cell(tr, count(row[OPENED]), true);
    cell(tr, count(row[CANCELLED]), true);
    cell(tr, row[CONVERSION_TEXT], true); cell(tr, count(row[ERRORS]), true); cell(tr, count(row[WARNINGS]), true);
    var spark = document.createElement('td');
    spark.appendChild(sparkline(row[ACTIVITY]));
    // Its words, for those who do not see the line.
    var words = document.createElement('span');
    words.className = 'visually-hidden';
    words.textContent = row[ACTIVITY_TEXT];
    spark.appendChild(words);
    tr.appendChild(spark);
    return tr;
  }
  function spacer(height) {
    var tr = document.createElement('tr');
    tr.className = 'spacer';
    tr.setAttribute('aria-hidden', 'true');
    var td = document.createElement('td');
    td.colSpan = headers.length;
    td.style.height = height + 'px';
    tr.appendChild(td);
    return tr;
  }

  // While printing, every row the filters show is drawn (up to PRINTED_ROWS), not only those in view.
  var printing = false, PRINTED_ROWS = 20000;
  function draw(force) {
    var first = printing ? 0 : Math.max(0, Math.floor(viewport.scrollTop / ROW_HEIGHT) - OVERSCAN);
    var count = printing ? PRINTED_ROWS : Math.ceil(viewport.clientHeight / ROW_HEIGHT) + 2 * OVERSCAN;
    var last = Math.min(visible.length, first + count);
    var key = first + ':' + last;
    if (!force && key === drawn) return;
    drawn = key;
    // The link that has the focus (Tab scrolls the table as it goes) is made anew: it keeps the focus.
    var focusedRow = body.contains(document.activeElement) ? document.activeElement.closest('tr') : null;
    var focusedName = focusedRow ? focusedRow.getAttribute('data-name') : null;
    var fragment = document.createDocumentFragment();
    if (first > 0) fragment.appendChild(spacer(first * ROW_HEIGHT));
    for (var i = first; i < last; i++) fragment.appendChild(rowElement(visible[i], i));
    if (last < visible.length) fragment.appendChild(spacer((visible.length - last) * ROW_HEIGHT));
    body.replaceChildren(fragment);
    if (focusedName !== null) {
      for (var child = body.firstElementChild; child; child = child.nextElementSibling) {
        if (child.getAttribute('data-name') !== focusedName) continue;
        var link = child.querySelector('a');
        if (link) link.focus({ preventScroll: true });
        break;
      }
    }
  }

  // With no row to show, the table says so, and the skip link goes to the filter instead.
  var none = document.createElement('p');
  none.id = 'no-session';
  none.className = 'no-match';
  none.hidden = true;
  none.textContent = 'No session matches the filter.';
  viewport.parentNode.insertBefore(none, viewport.nextSibling);

  function apply() {
    var text = filterInput.value.trim().toLowerCase();
    var version = versionSelect.value;
    var sorted = sortedByName ? order : sortedOrder();
    visible = sorted.filter(function (i) {
      var row = rows[i];
      if (version !== '' && row[VERSION] !== data.versions[+version]) return false;
      return text === '' || haystack(i).indexOf(text) >= 0;
    });
    // Read out: how many rows, and their order once someone chose one.
    var sortedBy = sortedByName ? '' : ', by ' + headers.filter(function (th) { return Number(th.getAttribute('data-column')) === sortColumn; })[0]
      .textContent + (sortDirection === 1 ? ', ascending' : ', descending');
    shown.textContent = grouped(visible.length) + ' of ' + grouped(rows.length) + ' sessions' + sortedBy;
    table.setAttribute('data-shown', String(visible.length));
    none.hidden = visible.length > 0 || rows.length === 0;
    table.setAttribute('aria-rowcount', String(visible.length + 1));
    draw(true);
  }

  headers.forEach(function (th) {
    th.querySelector('button').addEventListener('click', function () {
      var column = Number(th.getAttribute('data-column'));
      // A measure's first click puts its largest first; a name's, version's or start's, its first.
      sortDirection = column === sortColumn ? -sortDirection : th.getAttribute('data-first') === 'descending' ? -1 : 1;
      sortColumn = column;
      sortedByName = false;
      headers.forEach(function (other) { other.setAttribute('aria-sort', 'none'); });
      th.setAttribute('aria-sort', sortDirection === 1 ? 'ascending' : 'descending');
      apply();
    });
  });
  // Past the filters and the fourteen sort buttons, to the first session's link.
  document.getElementById('skip-to-sessions').addEventListener('click', function (e) {
    e.preventDefault();
    viewport.scrollTop = 0;
    draw(false);
    var link = body.querySelector('a');
    if (link) link.focus();
    else filterInput.focus();
  });
  window.addEventListener('beforeprint', function () { printing = true; draw(true); });
  window.addEventListener('afterprint', function () { printing = false; draw(true); });
  filterInput.addEventListener('input', apply);
  versionSelect.addEventListener('change', apply);
  viewport.addEventListener('scroll', function () { draw(false); });
  window.addEventListener('resize', function () { draw(false); });
  TodoPage.onTextScaleChange(function () { measureRows(); draw(true); });
  measureRows();
  apply();
  document.documentElement.setAttribute('data-ready', 'true');
})();
