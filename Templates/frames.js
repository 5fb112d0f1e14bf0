// The frames of a session as the report's data holds them (FrameEncoder and
// FrameShape in Swift write it): what each frame's patch sets, the frame it
// was applied to, and its line and time in the log, with the engine that
// rebuilds the state of any frame from them. The report and the diff page
// both read their sessions through it. Provides TodoFrames.
var TodoFrames = (function () {
  'use strict';

  // The version of the frame data this script reads (FrameEncoder.formatVersion in Swift).
  var FORMAT = 5;

  // A JSON block's text: its element's and that of each block after it that
  // continues it (ScriptBlockSplitter in Swift: WebKit parses one huge script
  // element in time that grows with the square of its size).
  function blockText(block) {
    var parts = [];
    do { parts.push(block.textContent); block = block.nextElementSibling; } while (block && block.hasAttribute('data-continued'));
    return parts.join('');
  }

  // Where a value of a frame comes from (see valueOf), as a number.
  var VALUE = 0, ARG = 1, BEFORE = 2, ITEM_ID = 3, EXTEND = 4, STATE_FIELDS = ['isCreatingItem', 'partialItemName', 'stateName'];

  // The session in `data` (of version FORMAT): its frames and what rebuilds them.
  function open(data) {
    var frames = data.frames;
    var count = frames.length + 1;

    // ---- Parents, lines, times ------------------------------------------------

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
    // Travels in a row: the last one counts, and the frame after them lists them all (travelChains).
    // Travels after the last event: the last one says where the person's screen ended (endedOn).
    var travelChains = new Map(), endedOn = null;
    data.travels.forEach(function (t) {
      var next = t[0] + 1;
      if (next >= count) { endedOn = t[1]; return; }
      if (travelInto[next] >= 0) travelChains.set(next, (travelChains.get(next) || [travelInto[next]]).concat([t[1]]));
      parent[next] = t[1]; travelInto[next] = t[1];
    });

    // ---- Patches -------------------------------------------------------------
    // Each frame is a shape's number, [shape, arguments…], or a string: a
    // frame of data.textShape with that one argument (most keystrokes); the
    // shape says which parts of the state the frame's patch sets and where
    // each value is (see FrameEncoder and FrameShape in Swift). The page only
    // applies them.

    var shapes = data.shapes;
    // Each source gets its kind as a number, and each shape its set values by
    // field, so applying a frame reads fixed properties (a frame is applied a
    // million times as a 1M-event report opens).
    function prepare(source) {
      if (!source) return null;
      source.kind = 'value' in source ? VALUE : 'arg' in source ? ARG : 'plus' in source ? EXTEND : 'before' in source ? BEFORE : ITEM_ID;
      if (source.kind === ITEM_ID) prepare(source.itemId);
      return source;
    }
    shapes.forEach(function (shape) {
      var set = shape.set || {};
      shape.fields = Object.keys(set);
      shape.fields.forEach(function (field) { prepare(set[field]); });
      shape.setCreating = set.isCreatingItem || null;
      shape.setPartial = set.partialItemName || null;
      shape.setName = set.stateName || null;
      shape.otherFields = shape.fields.filter(function (field) { return STATE_FIELDS.indexOf(field) < 0; });
      if (shape.append) { prepare(shape.append.id); prepare(shape.append.title); prepare(shape.append.isFinished); }
      if (shape.finish) { prepare(shape.finish.index); prepare(shape.finish.isFinished); }
      (shape.payload || []).forEach(function (field) { prepare(field[1]); });
    });
    // A frame is its shape's number, an array of that number and the frame's
    // arguments, or the one argument of a frame of textShape.
    var textShape = data.textShape;
    function shapeNumber(f) { return typeof f === 'number' ? f : typeof f === 'string' ? textShape : f[0]; }
    function shapeOf(f) { return shapes[shapeNumber(f)]; }
    function argument(f, k) { return typeof f === 'string' ? f : f[k + 1]; }

    // A value of a frame: a constant, an argument, a field of the state before
    // the frame (followed by an argument: a keystroke's name, written as what
    // it adds), or the id of the item at a position.
    function valueOf(source, f, s) {
      switch (source.kind) {
      case VALUE: return source.value;
      case ARG: return argument(f, source.arg);
      case BEFORE: return s[source.before];
      case EXTEND: return s ? s[source.before] + argument(f, source.plus) : null;
      }
      var item = s ? s.todoItems[valueOf(source.itemId, f, s)] : undefined;
      return item ? item.id : null;
    }

    // The partial name in frame i's state, without replaying: frame i extends
    // the name its parent set (FrameEncoder writes an extension only then), so
    // the walk back is as long as the run of keystrokes; the last one found is
    // kept, which makes rows drawn in order a step each.
    var partialFound = { frame: -1, name: '' };
    function partialAt(i) {
      var pieces = [], k = i, name = null;
      while (k > 0 && name === null) {
        if (k === partialFound.frame) { name = partialFound.name; break; }
        var f = frames[k - 1], source = shapeOf(f).setPartial;
        if (source && source.kind === EXTEND) pieces.push(argument(f, source.plus));
        else if (source) name = valueOf(source, f, null);
        if (name === null) k = parent[k];
      }
      if (name === null) name = data.initialState.partialItemName;
      for (var j = pieces.length - 1; j >= 0; j--) name += pieces[j];
      partialFound = { frame: i, name: name };
      return name;
    }

    // State: { isCreatingItem, partialItemName, todoItems: [{id, title, isFinished}], stateName }.
    // Item objects are never changed, only replaced, so copies of a state share them.
    function copy(s) {
      return { isCreatingItem: s.isCreatingItem, partialItemName: s.partialItemName, todoItems: s.todoItems.slice(), stateName: s.stateName };
    }
    function initialState() { return copy(data.initialState); }

    var setValues = [];
    function apply(s, f) {
      var shape = shapeOf(f), others = shape.otherFields;
      // Every value is read from the state before any part is set.
      var appended = shape.append ? {
        id: valueOf(shape.append.id, f, s), title: valueOf(shape.append.title, f, s), isFinished: valueOf(shape.append.isFinished, f, s),
      } : null;
      var finishAt = shape.finish ? valueOf(shape.finish.index, f, s) : -1;
      var finishTo = shape.finish ? valueOf(shape.finish.isFinished, f, s) : false;
      var creating = shape.setCreating ? valueOf(shape.setCreating, f, s) : s.isCreatingItem;
      var partialName = shape.setPartial ? valueOf(shape.setPartial, f, s) : s.partialItemName;
      var name = shape.setName ? valueOf(shape.setName, f, s) : s.stateName;
      for (var i = 0; i < others.length; i++) setValues[i] = valueOf(shape.set[others[i]], f, s);
      if (appended) s.todoItems.push(appended);
      if (finishAt >= 0) {
        var it = s.todoItems[finishAt];
        s.todoItems[finishAt] = { id: it.id, title: it.title, isFinished: finishTo };
      }
      s.isCreatingItem = creating;
      s.partialItemName = partialName;
      s.stateName = name;
      for (var j = 0; j < others.length; j++) s[others[j]] = setValues[j];
    }

    var checkpoints = new Array(count);
    checkpoints[0] = initialState();

    function materialize(index) {
      var path = [];
      var k = index;
      while (checkpoints[k] === undefined) { path.push(k); k = parent[k]; }
      var s = copy(checkpoints[k]);
      for (var j = path.length - 1; j >= 0; j--) apply(s, frames[path[j] - 1]);
      return s;
    }

    // One replay of every frame keeps a copy of the state every CHECKPOINT_RUN
    // frames, or every quarter of the item count when that is more: a frame is
    // applied in about 0.1 µs and an item copied in about 1 ns, so a jump (a
    // copy and up to a run of frames) stays near a millisecond for 24,000
    // items, while the copies made and kept at start are four items per
    // frame, not sixteen (copies were a third of a 1M-event report's start).
    var CHECKPOINT_RUN = 512;
    var replayPlacing = (function () {
      // The last frames applied, each with what it changed: a travel to a
      // frame on the path they make (most go back a few dozen frames) undoes
      // frames, and a travel into a branch off it undoes to where the branch
      // leaves and replays the branch's frames, instead of copying a
      // checkpoint and replaying from it (in a 1M-event report, 4,085 travels
      // took 0.35 s that way). A travel further away rebuilds from a checkpoint.
      var UNDO = 16384, BRANCH = 4096;
      var undoFrame = new Int32Array(UNDO), undoLength = new Int32Array(UNDO), undoIndex = new Int32Array(UNDO);
      var undoCreating = new Array(UNDO), undoPartial = new Array(UNDO), undoName = new Array(UNDO), undoItem = new Array(UNDO);
      var recordOf = new Int32Array(count);  // a frame's record, when undoFrame still says so
      var depth = 0, base = 0;  // records held, and the frame they start from
      var current = initialState(), at = 0, since = 0;

      function record(i) {
        if (depth === UNDO) { depth = 0; base = at; }
        var f = frames[i - 1], shape = shapeOf(f);
        undoFrame[depth] = i;
        recordOf[i] = depth;
        undoLength[depth] = current.todoItems.length;
        undoCreating[depth] = current.isCreatingItem;
        undoPartial[depth] = current.partialItemName;
        undoName[depth] = current.stateName;
        var finishAt = shape.finish ? valueOf(shape.finish.index, f, current) : -1;
        undoIndex[depth] = finishAt;
        if (finishAt >= 0) undoItem[depth] = current.todoItems[finishAt];
        depth++;
        apply(current, f);
        at = i;
      }
      // Where frame p is on the path: its record, -1 for the base, -2 when it is off the path.
      function onPath(p) {
        if (p === base) return -1;
        var k = recordOf[p];
        return k < depth && undoFrame[k] === p ? k : -2;
      }
      function undoAfter(k) {
        for (var j = depth - 1; j > k; j--) {
          if (undoIndex[j] >= 0) current.todoItems[undoIndex[j]] = undoItem[j];
          undoItem[j] = undefined;
          current.todoItems.length = undoLength[j];
          current.isCreatingItem = undoCreating[j];
          current.partialItemName = undoPartial[j];
          current.stateName = undoName[j];
        }
        depth = k + 1;
        at = k < 0 ? base : undoFrame[k];
      }
      function travelTo(target) {
        var branch = [], p = target, k;
        while ((k = onPath(p)) === -2) {
          if (p === 0 || branch.length === BRANCH) return false;
          branch.push(p);
          p = parent[p];
        }
        undoAfter(k);
        for (var j = branch.length - 1; j >= 0; j--) record(branch[j]);
        return true;
      }

      // Replays frames from where the last call stopped up to `until` (not
      // included); returns where it stopped.
      var i = 1;
      return function (until) {
        for (; i < until; i++) {
          if (parent[i] !== at && !travelTo(parent[i])) { current = materialize(parent[i]); depth = 0; base = at = parent[i]; }
          record(i);
          since++;
          if (since >= Math.max(CHECKPOINT_RUN, current.todoItems.length >> 2)) { checkpoints[i] = copy(current); since = 0; }
        }
        return i;
      };
    })();

    // Places checkpoints for about `milliseconds` (Infinity: all of them) and
    // says whether all are placed. Until they are, a frame is rebuilt from
    // the last checkpoint before it that is placed (frame 0's at worst, one
    // pass along the frame's path): so a page can draw its first frame and be
    // used before the replay of every frame that places them has run.
    var placed = 1;  // checkpoints are placed for the frames below it
    function placeCheckpoints(milliseconds) {
      var end = Date.now() + milliseconds;
      while (placed < count) {
        placed = replayPlacing(Math.min(count, placed + 16384));
        if (Date.now() >= end) break;
      }
      return placed >= count;
    }

    // The frame on screen and the one its event was applied to, found by one walk.
    var cache = { index: -1, state: null, before: null };
    function stateAt(index) {
      if (cache.index === index) return cache.state;
      var before = null, s;
      if (index === 0) {
        s = initialState();
      } else {
        before = cache.index >= 0 && parent[index] === cache.index ? cache.state : materialize(parent[index]);
        s = copy(before);
        apply(s, frames[index - 1]);
      }
      cache = { index: index, state: s, before: before };
      return s;
    }


    // ---- Events as text -------------------------------------------------------

    function eventName(index) {
      return index === 0 ? data.initialState.stateName + ' (initial state)' : shapeOf(frames[index - 1]).event;
    }
    // The payload's fields as the shape lists them. With `state` (the frame's
    // own), an item named by its position is shown with its id and title.
    // `isLogged(id)`, when given, tells an id the log wrote from one the
    // replay derived, which is then said to be missing rather than shown.
    function payloadText(index, state, isLogged) {
      if (index === 0) return '';
      var f = frames[index - 1], shape = shapeOf(f), quote = TodoText.quote;
      var text = (shape.payload || []).map(function (field) {
        var source = field[1];
        if ('itemId' in source) {
          var at = valueOf(source.itemId, f, null), item = state ? state.todoItems[at] : null;
          return item ? field[0] + ' ' + item.id + ' ' + quote(item.title) : 'item ' + (at + 1);
        }
        var v = source.kind === EXTEND ? partialAt(index) : valueOf(source, f, null);
        if (isLogged && (field[0] === 'id' || field[0] === 'derived id') && !isLogged(v)) return '(no id in the log)';
        return field[0] + ' ' + (field[2] ? quote(v) : String(v));
      }).join(', ');
      return shape.set || shape.append || shape.finish ? text : text + ' (nothing changes)';
    }

    // The state frame `index`'s event was applied to, when `index` was the last frame asked for.
    function before(index) { return cache.index === index ? cache.before : null; }

    return {
      data: data, frames: frames, count: count, parent: parent, lines: lines, times: times, travelInto: travelInto,
      travelChains: travelChains, endedOn: endedOn,
      shapes: shapes, shapeNumber: shapeNumber, shapeOf: shapeOf, valueOf: valueOf, partialAt: partialAt, initialState: initialState,
      apply: apply, materialize: materialize, placeCheckpoints: placeCheckpoints, stateAt: stateAt, before: before, eventName: eventName, payloadText: payloadText,
    };
  }

  return { FORMAT: FORMAT, EXTEND: EXTEND, blockText: blockText, open: open };
})();
