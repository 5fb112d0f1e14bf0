// What every page's script shares (the report, the batch index, the diff):
// counts and durations as text, as the summaries write them. The build puts
// it before each page's own script. Provides TodoPage.
var TodoPage = (function () {
  'use strict';

  // Counts with a comma every three digits, as the summaries write them.
  function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','); }
  function twoDigits(n) { return (n < 10 ? '0' : '') + n; }
  // Whole milliseconds, rounded half away from zero, as every t_ms is.
  function wholeMilliseconds(ms) { return ms < 0 ? -Math.round(-ms) : Math.round(ms); }
  // A duration as the summaries write it (Formatting.duration in Swift): the
  // value rounded to the last unit of its form before it is split, and that
  // decides the form (59,960 ms is 1 min 00 s); a negative one starts with '-'.
  function duration(ms) {
    var whole = wholeMilliseconds(ms), sign = whole < 0 ? '-' : '', v = Math.abs(whole);
    if (v < 1000) return sign + v + ' ms';
    var tenths = Math.floor((v + 50) / 100);
    if (tenths < 600) return sign + Math.floor(tenths / 10) + '.' + (tenths % 10) + ' s';
    var seconds = Math.floor((v + 500) / 1000);
    if (seconds < 3600) return sign + Math.floor(seconds / 60) + ' min ' + twoDigits(seconds % 60) + ' s';
    var minutes = Math.floor((v + 30000) / 60000);
    return sign + grouped(Math.floor(minutes / 60)) + ' h ' + twoDigits(minutes % 60) + ' min';
  }

  // Whether a key pressed in a region that scrolls is that region's to
  // scroll with: Home, End, Space and the page keys where it scrolls up and
  // down, Left and Right where it scrolls sideways. A page's frame keys then
  // leave the key alone, so every box can be read with the keyboard.
  function scrollsWithKey(e) {
    var el = e.target;
    if (!el || el.nodeType !== 1 || el === document.body || el === document.documentElement) return false;
    if (el.tagName === 'BUTTON' || el.tagName === 'INPUT' || el.tagName === 'A') return false;
    switch (e.key) {
      case 'ArrowLeft': case 'ArrowRight': return el.scrollWidth > el.clientWidth;
      case 'Home': case 'End': case ' ': case 'Spacebar': case 'PageUp': case 'PageDown': return el.scrollHeight > el.clientHeight;
      default: return false;
    }
  }

  // The bidirectional marks, embeddings, overrides and isolates, and the line
  // and paragraph separators (isLayoutControl in Swift): log text written into
  // the pages' own text shows them escaped, so that it cannot reorder or break
  // the text around it, nor disguise one id as another.
  var LAYOUT_CONTROLS = /[\u200E\u200F\u2028-\u202E\u2066-\u2069]/g;
  // `\u{202E}`, as showingLayoutControls writes it in Swift.
  function showingLayoutControls(text) {
    return text.replace(LAYOUT_CONTROLS, function (c) { return '\\u{' + c.charCodeAt(0).toString(16).toUpperCase() + '}'; });
  }

  // The address names the frame shown (#frame=N): `frame()` reads it (at most `last`; null when
  // the address names none), `writeSoon()` writes the frame `shown()` gives a moment later, and
  // `writePending()` at once if one waits. Written after a jump rather than in it, and at most once
  // per 250 ms: replacing the address while a frame is drawn made a jump's slowest times a quarter
  // longer in Chromium and Firefox, and WebKit refuses history.replaceState after about a hundred
  // calls in quick succession, as many as a few seconds of scrubbing make.
  function FrameAddress(last, shown) {
    var timer = null;
    function write() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      var hash = '#frame=' + shown();
      if (location.hash === hash) return;
      try { history.replaceState(null, '', hash); } catch (e) { location.replace(hash); }
    }
    return {
      frame: function () {
        var m = /^#frame=(\d+)$/.exec(location.hash);
        return m ? Math.min(last, Number(m[1])) : null;
      },
      writeSoon: function () { if (timer === null) timer = setTimeout(write, 250); },
      writePending: function () { if (timer !== null) write(); }
    };
  }

  // How many times its default of 16 px the browser draws the text (the size a person chose in
  // its settings; never below 1). The long lists drawn a screenful at a time place their rows by
  // a height the script knows: each is its height at 16 px times this, so that a row holds its
  // text at any size (WCAG 1.4.4). The zoom leaves it 1: it scales the pixels as well.
  function rootFontSize() { return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16; }
  function textScale() { return Math.max(1, rootFontSize() / 16); }
  // Gives the rows of `list` their height for the text's scale (textScale()): `px`, the style
  // sheet's height at 16 px, times it, set as the list's --row where it differs from `px`.
  // Returns it, for the script that places the rows.
  function sizeRows(list, px, scale) {
    var height = Math.round(px * scale), value = height === px ? '' : height + 'px';
    if (list.style.getPropertyValue('--row') !== value) list.style.setProperty('--row', value);
    return height;
  }
  // Calls changed() when that size changes while the page is open: one hidden box 1rem wide is
  // watched for every caller, from the size when the first one asked (a change before the
  // observer's first report counts). The box is added once the page has been drawn, so that
  // its first layout is not part of the page's start. Without ResizeObserver, the next load
  // shows the new size.
  var textScaleListeners = null;
  function onTextScaleChange(changed) {
    if (typeof ResizeObserver !== 'function') return;
    if (textScaleListeners === null) {
      textScaleListeners = [];
      var width = rootFontSize();
      requestAnimationFrame(function () {
        setTimeout(function () {
          var probe = document.createElement('div');
          probe.setAttribute('aria-hidden', 'true');
          probe.style.position = 'absolute';
          probe.style.visibility = 'hidden';
          probe.style.width = '1rem';
          probe.style.height = '0';
          document.body.appendChild(probe);
          new ResizeObserver(function (entries) {
            var now = entries[entries.length - 1].contentRect.width, was = width;
            width = now;
            if (now !== was) textScaleListeners.forEach(function (listener) { listener(); });
          }).observe(probe);
        }, 0);
      });
    }
    textScaleListeners.push(changed);
  }

  return {
    grouped: grouped, duration: duration, wholeMilliseconds: wholeMilliseconds, scrollsWithKey: scrollsWithKey,
    LAYOUT_CONTROLS: LAYOUT_CONTROLS, showingLayoutControls: showingLayoutControls, FrameAddress: FrameAddress,
    textScale: textScale, sizeRows: sizeRows, onTextScaleChange: onTextScaleChange
  };
})();
