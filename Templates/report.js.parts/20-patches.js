  // ---- Patches -------------------------------------------------------------
  // Each frame is a shape's number, or [shape, arguments…]; the shape says
  // which parts of the state the frame's patch sets and where each value is
  // (see FrameEncoder and FrameShape in Swift). The page only applies them.

  var shapes = data.shapes;
  shapes.forEach(function (shape) { shape.fields = shape.set ? Object.keys(shape.set) : []; });
  function shapeOf(f) { return shapes[typeof f === 'number' ? f : f[0]]; }

  // A value of a frame: a constant, an argument, a field of the state before
  // the frame, or the id of the item at a position.
  function valueOf(source, f, s) {
    if ('value' in source) return source.value;
    if ('arg' in source) return f[source.arg + 1];
    if ('before' in source) return s[source.before];
    var item = s ? s.todoItems[valueOf(source.itemId, f, s)] : undefined;
    return item ? item.id : null;
  }

  // State: { isCreatingItem, partialItemName, todoItems: [{id, title, isFinished}], stateName }.
  // Item objects are never changed, only replaced, so copies of a state share them.
  function copy(s) {
    return { isCreatingItem: s.isCreatingItem, partialItemName: s.partialItemName, todoItems: s.todoItems.slice(), stateName: s.stateName };
  }
  function initialState() { return copy(data.initialState); }

  var setValues = [];
  function apply(s, f) {
    var shape = shapeOf(f), fields = shape.fields;
    // Every value is read from the state before any part is set.
    var appended = shape.append ? {
      id: valueOf(shape.append.id, f, s), title: valueOf(shape.append.title, f, s), isFinished: valueOf(shape.append.isFinished, f, s),
    } : null;
    var finishAt = shape.finish ? valueOf(shape.finish.index, f, s) : -1;
    var finishTo = shape.finish ? valueOf(shape.finish.isFinished, f, s) : false;
    for (var i = 0; i < fields.length; i++) setValues[i] = valueOf(shape.set[fields[i]], f, s);
    if (appended) s.todoItems.push(appended);
    if (finishAt >= 0) {
      var it = s.todoItems[finishAt];
      s.todoItems[finishAt] = { id: it.id, title: it.title, isFinished: finishTo };
    }
    for (var j = 0; j < fields.length; j++) s[fields[j]] = setValues[j];
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

  (function buildCheckpoints() {
    var current = initialState(), since = 0;
    for (var i = 1; i < count; i++) {
      if (parent[i] !== i - 1) current = materialize(parent[i]);
      apply(current, frames[i - 1]);
      since++;
      // Spaced so that copying stays in proportion to replaying.
      if (since >= Math.max(32, current.todoItems.length >> 4)) { checkpoints[i] = copy(current); since = 0; }
    }
  })();

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

