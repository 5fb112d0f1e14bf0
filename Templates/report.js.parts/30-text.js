  // ---- Text helpers -------------------------------------------------------

  function oneDecimal(v) { var t = Math.round(v * 10); return Math.floor(t / 10) + '.' + (t % 10); }
  function duration(ms) {
    var sign = ms < 0 ? '−' : '', v = Math.abs(ms);
    if (v < 1000) return sign + Math.round(v) + ' ms';
    if (v < 60000) return sign + oneDecimal(v / 1000) + ' s';
    var s = Math.round(v / 1000);
    if (s < 3600) return sign + Math.floor(s / 60) + ' min ' + String(s % 60).padStart(2, '0') + ' s';
    return sign + Math.floor(s / 3600) + ' h ' + String(Math.floor(s / 60) % 60).padStart(2, '0') + ' min';
  }
  function timeOf(index) { return isNaN(times[index]) ? null : times[index]; }
  function isoTime(offset) {
    if (offset === null || data.t0 === null) return '—';
    var d = new Date(data.t0 + offset);
    return isNaN(d.getTime()) ? '—' : d.toISOString();
  }

  function eventName(index) {
    return index === 0 ? data.initialState.stateName + ' (initial state)' : shapeOf(frames[index - 1]).event;
  }
  // The payload's fields as the shape lists them. With `state` (the frame's
  // own), an item named by its position is shown with its id and title.
  function payloadText(index, state) {
    if (index === 0) return '';
    var f = frames[index - 1], shape = shapeOf(f);
    var text = (shape.payload || []).map(function (field) {
      var source = field[1];
      if ('itemId' in source) {
        var at = valueOf(source.itemId, f, null), item = state ? state.todoItems[at] : null;
        return item ? field[0] + ' ' + item.id + ' ' + quote(item.title) : 'item ' + (at + 1);
      }
      var v = source.kind === EXTEND ? partialAt(index) : valueOf(source, f, null);
      return field[0] + ' ' + (field[2] ? quote(v) : String(v));
    }).join(', ');
    return shape.set || shape.append || shape.finish ? text : text + ' (nothing changes)';
  }

