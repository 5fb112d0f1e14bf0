  function $(id) { return document.getElementById(id); }

  // A JSON block's text: its element's and that of each block after it that
  // continues it (ScriptBlockSplitter in Swift: WebKit parses one huge script
  // element in time that grows with the square of its size).
  function blockText(block) {
    var parts = [];
    do { parts.push(block.textContent); block = block.nextElementSibling; } while (block && block.hasAttribute('data-continued'));
    return parts.join('');
  }

  var data = JSON.parse(blockText($('session-data')));
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
  var lines = new Int32Array(count);  // each frame's line in the log
  var times = new Float64Array(count);  // ms from t0; NaN where the record had no time
  times[0] = NaN;
  var travelInto = new Int32Array(count).fill(-1);  // frame made right after a travel: the travel's target
  // Frames are on the line after the previous frame's, but for those listed in data.lines.
  for (var i = 1, line = 0, e = 0, moved = data.lines; i < count; i++) {
    parent[i] = i - 1;
    if (e < moved.length && moved[e][0] === i) line += moved[e++][1]; else line++;
    lines[i] = line;
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

