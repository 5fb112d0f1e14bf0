// ---- Times --------------------------------------------------------------
// Provides R.timeOf(index) (a frame's time from t0, or null), R.tMs(index)
// (its t_ms: whole milliseconds from the session's start, as the summary and
// the event table count them, or null) and R.isoTime(offset) (a time from t0
// as ISO 8601 text).
TodoReport.part(function times(R) {
  'use strict';

  var times = R.session.times, t0 = R.data.t0, start = R.data.start;
  R.timeOf = function (index) { return isNaN(times[index]) ? null : times[index]; };
  R.tMs = function (index) {
    return isNaN(times[index]) || start === null ? null : TodoPage.wholeMilliseconds(times[index] - start);
  };
  R.isoTime = function (offset) {
    if (offset === null || t0 === null) return '—';
    var d = new Date(t0 + offset);
    return isNaN(d.getTime()) ? '—' : d.toISOString();
  };
});
