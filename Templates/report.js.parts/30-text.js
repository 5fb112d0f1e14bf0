  // ---- Text helpers -------------------------------------------------------

  function timeOf(index) { return isNaN(times[index]) ? null : times[index]; }
  function isoTime(offset) {
    if (offset === null || data.t0 === null) return '—';
    var d = new Date(data.t0 + offset);
    return isNaN(d.getTime()) ? '—' : d.toISOString();
  }
