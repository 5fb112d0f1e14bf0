// What every page's script shares (the report, the batch index, the diff):
// counts and durations as text. The build puts it before each page's own
// script. Provides TodoPage.
var TodoPage = (function () {
  'use strict';

  // Counts with a comma every three digits, as the summaries write them.
  function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','); }
  function oneDecimal(v) { var t = Math.round(v * 10); return Math.floor(t / 10) + '.' + (t % 10); }
  function duration(ms) {
    var sign = ms < 0 ? '−' : '', v = Math.abs(ms);
    if (v < 1000) return sign + Math.round(v) + ' ms';
    if (v < 60000) return sign + oneDecimal(v / 1000) + ' s';
    var s = Math.round(v / 1000);
    if (s < 3600) return sign + Math.floor(s / 60) + ' min ' + String(s % 60).padStart(2, '0') + ' s';
    return sign + Math.floor(s / 3600) + ' h ' + String(Math.floor(s / 60) % 60).padStart(2, '0') + ' min';
  }

  return { grouped: grouped, duration: duration };
})();
