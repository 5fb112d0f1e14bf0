  function $(id) { return document.getElementById(id); }

  var data = JSON.parse(TodoFrames.blockText($('session-data')));
  if (data.v !== TodoFrames.FORMAT) {
    $('no-script').textContent = 'This page\u2019s script reads frame data of version ' + TodoFrames.FORMAT + ', but its data is of version ' +
      data.v + ': make the report again with the same todo-report, or use its built-in report.js. The final frame, the summary ' +
      'and the first diagnostics below are shown without the script.';
    return;
  }

  // ---- Frames -------------------------------------------------------------

  var session = TodoFrames.open(data);
  var frames = session.frames, count = session.count, parent = session.parent, lines = session.lines, times = session.times;
  var travelInto = session.travelInto, shapes = session.shapes, shapeOf = session.shapeOf, valueOf = session.valueOf;
  var partialAt = session.partialAt, initialState = session.initialState, apply = session.apply, materialize = session.materialize;
  var stateAt = session.stateAt, eventName = session.eventName, payloadText = session.payloadText, EXTEND = TodoFrames.EXTEND;
