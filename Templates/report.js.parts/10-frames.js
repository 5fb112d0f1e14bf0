  function $(id) { return document.getElementById(id); }

  var data = JSON.parse(document.getElementById('session-data').textContent);
  if (data.v !== FORMAT) {
    $('no-script').textContent = 'This page\u2019s script reads frame data of version ' + FORMAT + ', but its data is of version ' +
      data.v + ': make the report again with the same todo-report, or use its built-in report.js. The final frame, the summary ' +
      'and the first diagnostics below are shown without the script.';
    return;
  }
  var frames = data.frames;
  var count = frames.length + 1;

  // ---- Frames: parents, lines, checkpoints -------------------------------

  var parent = new Int32Array(count);
  var lines = new Int32Array(count);
  var times = new Float64Array(count);  // ms from t0; NaN where the record had no time
  times[0] = NaN;
  var travelInto = new Int32Array(count).fill(-1);  // frame made right after a travel: the travel's target
  for (var i = 1; i < count; i++) {
    parent[i] = i - 1;
    lines[i] = lines[i - 1] + data.lines[i - 1];
  }
  (function accumulateTimes() {
    var at = 0;
    for (var i = 1; i < count; i++) {
      var delta = data.times[i - 1];
      if (delta === null) { times[i] = NaN; } else { at += delta; times[i] = at; }
    }
  })();
  data.travels.forEach(function (t) {
    var next = t[0] + 1;
    if (next < count) { parent[next] = t[1]; travelInto[next] = t[1]; }
  });

