// Log text past a limit, drawn cut with a button that shows it whole, in
// the pages that draw frames (the report and the diff). Provides TodoText.
var TodoText = (function () {
  'use strict';

  // Log text past TEXT_LIMIT characters is drawn cut, with its full length on
  // a button that opens it whole (to read or copy): a 5 MB title drawn in a
  // row, a text field and the state panel would keep the browser laying it
  // out for minutes. The frame data keeps every text whole.

  var TEXT_LIMIT = 1000;
  var lengths = new Map();
  function isLong(text) { return typeof text === 'string' && text.length > TEXT_LIMIT; }
  // Characters (Unicode scalars), counted once per text.
  function characterCount(text) {
    var known = lengths.get(text);
    if (known !== undefined) return known;
    var n = text.length;
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      if (c >= 0xD800 && c <= 0xDBFF && i + 1 < text.length) { var d = text.charCodeAt(i + 1); if (d >= 0xDC00 && d <= 0xDFFF) { n--; i++; } }
    }
    if (lengths.size > 64) lengths.clear();
    lengths.set(text, n);
    return n;
  }
  // The first `limit` (TEXT_LIMIT) code units, not splitting a surrogate pair.
  function cut(text, limit) {
    var end = limit || TEXT_LIMIT, c = text.charCodeAt(end - 1);
    if (c >= 0xD800 && c <= 0xDBFF) end--;
    return text.slice(0, end);
  }
  function lengthNote(text) { return '… ' + TodoPage.grouped(characterCount(text)) + ' characters'; }
  // Plain text for places that hold no button (payloads, labels).
  function shortText(text) { return isLong(text) ? cut(text) + lengthNote(text) : text; }
  // The layout controls (TodoPage.LAYOUT_CONTROLS): in quoted text they are shown as JSON
  // escapes, as the rest of the literal is (the phone draws them as the app does).
  var LAYOUT_CONTROLS = TodoPage.LAYOUT_CONTROLS;
  function escapeLayoutControl(c) { return '\\u' + c.charCodeAt(0).toString(16).toUpperCase(); }
  // A JSON literal, cut the same way (the note outside the quotes).
  function quote(text) {
    var literal = JSON.stringify(isLong(text) ? cut(text) : text).replace(LAYOUT_CONTROLS, escapeLayoutControl);
    return isLong(text) ? literal + lengthNote(text) : literal;
  }
  // At most BRIEF_LIMIT code units, for a line read out on every step (the frame's event).
  var BRIEF_LIMIT = 160;
  function brief(text) { return text.length > BRIEF_LIMIT ? cut(text, BRIEF_LIMIT - 1) + '…' : text; }

  var fullTexts = new WeakMap();
  var listening = false;
  // `label`: the button's words where the text before it already gives the length (the state panel).
  function moreButton(text, label) {
    if (!listening) {
      document.addEventListener('click', function (e) {
        var button = e.target.closest && e.target.closest('.more-text');
        if (!button || !fullTexts.has(button)) return;
        e.preventDefault();
        e.stopPropagation();
        showFullText(fullTexts.get(button));
      }, true);
      listening = true;
    }
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'more-text';
    button.textContent = label || lengthNote(text);
    button.title = 'Show or copy all ' + TodoPage.grouped(characterCount(text)) + ' characters';
    fullTexts.set(button, text);
    return button;
  }
  // Sets an element's text: whole, or cut with a button that shows it all.
  // The same text again leaves the element as it is, so a button someone
  // has focused (the add sheet's name, redrawn at every frame) keeps it.
  var shownTexts = new WeakMap();
  // A new text while its button has the focus (a name typed on during playback) moves the focus
  // to the new button, when the text is still long enough to have one.
  function setText(element, text) {
    if (shownTexts.get(element) === text) return;
    shownTexts.set(element, text);
    var focused = element.contains(document.activeElement) && document.activeElement !== element;
    if (!isLong(text)) element.textContent = text;
    else element.replaceChildren(cut(text), moreButton(text));
    var button = focused ? element.querySelector('.more-text') : null;
    if (button) button.focus({ preventScroll: true });
  }

  // The whole text, on demand, in a panel of its own.
  function $(id) { return document.getElementById(id); }
  var fullPanel = null;
  function showFullText(text) {
    if (!fullPanel) {
      fullPanel = document.createElement('div');
      fullPanel.id = 'full-text';
      fullPanel.className = 'full-text';
      fullPanel.setAttribute('role', 'dialog');
      fullPanel.setAttribute('aria-modal', 'true');
      fullPanel.setAttribute('aria-label', 'The whole text');
      var bar = document.createElement('div'); bar.className = 'full-text-bar';
      var size = document.createElement('span'); size.id = 'full-text-length';
      var copyButton = document.createElement('button'); copyButton.type = 'button'; copyButton.id = 'full-text-copy'; copyButton.textContent = 'Copy';
      var close = document.createElement('button'); close.type = 'button'; close.id = 'full-text-close'; close.textContent = 'Close';
      var body = document.createElement('pre'); body.id = 'full-text-body'; body.tabIndex = 0;
      body.setAttribute('role', 'region'); body.setAttribute('aria-label', 'The whole text');
      bar.append(size, ' ', copyButton, ' ', close);
      fullPanel.append(bar, body);
      document.body.appendChild(fullPanel);
      close.addEventListener('click', closeFullText);
      // A modal dialog: Escape closes it, Tab goes round its three stops, and
      // no key reaches the page behind it (where arrows and Home step frames).
      fullPanel.addEventListener('keydown', function (e) {
        e.stopPropagation();
        if (e.key === 'Escape' || e.key === 'Esc') { e.preventDefault(); closeFullText(); return; }
        if (e.key !== 'Tab') return;
        var stops = [copyButton, close, body], at = stops.indexOf(document.activeElement);
        var next = at < 0 ? 0 : (at + (e.shiftKey ? stops.length - 1 : 1)) % stops.length;
        e.preventDefault();
        stops[next].focus();
      });
      copyButton.addEventListener('click', function () {
        var whole = fullPanel.fullText;
        var done = function () { copyButton.textContent = 'Copied'; };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(whole).then(done, function () { copyBySelection(); done(); });
        } else { copyBySelection(); done(); }
      });
    }
    fullPanel.fullText = text;
    $('full-text-length').textContent = TodoPage.grouped(characterCount(text)) + ' characters';
    $('full-text-copy').textContent = 'Copy';
    $('full-text-body').textContent = text;
    opener = document.activeElement;
    fullPanel.hidden = false;
    setPageBehindInert(true);
    $('full-text-close').focus();
  }
  // While the panel is open, the page behind it is inert: a screen reader's
  // cursor, a click or a find in page cannot reach what the dialog covers.
  function setPageBehindInert(on) {
    Array.prototype.forEach.call(document.body.children, function (child) {
      if (child !== fullPanel) child.inert = on;
    });
  }
  // The element that opened the panel, to give the focus back to.
  var opener = null;
  function closeFullText() {
    fullPanel.hidden = true;
    setPageBehindInert(false);
    $('full-text-body').textContent = '';
    // A button redrawn since (the frame moved) is gone: the scrubber, or the page, takes the focus.
    var back = opener && opener.isConnected ? opener : document.getElementById('scrubber');
    opener = null;
    if (back && typeof back.focus === 'function') back.focus();
  }
  function copyBySelection() {
    var range = document.createRange();
    range.selectNodeContents($('full-text-body'));
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    try { document.execCommand('copy'); } catch (e) { /* selected: the person can copy it */ }
  }

  return { isLong: isLong, cut: cut, shortText: shortText, quote: quote, brief: brief, moreButton: moreButton, setText: setText };
})();
