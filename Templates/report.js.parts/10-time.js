// ---- Times --------------------------------------------------------------
// Provides R.timeOf(index) (a frame's time from the first, or null) and
// R.isoTime(offset) (that time as ISO 8601 text).
TodoReport.part(function times(R) {
  'use strict';

  var times = R.session.times, t0 = R.data.t0;
  R.timeOf = function (index) { return isNaN(times[index]) ? null : times[index]; };
  R.isoTime = function (offset) {
    if (offset === null || t0 === null) return '—';
    var d = new Date(t0 + offset);
    return isNaN(d.getTime()) ? '—' : d.toISOString();
  };
});
