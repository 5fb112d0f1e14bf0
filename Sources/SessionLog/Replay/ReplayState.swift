import TimeTravel
import TodoDomain

/// The replay's live state: the Todo state and where the first item with
/// each id is, kept in step through every apply, undo and redo, so that
/// `setItemDone` finds its item without a search.
struct ReplayState: ReversibleStateMachine {
    var todo = TodoState()
    var index = ItemIndex()

    init() {}

    init(_ todo: TodoState) {
        self.todo = todo
        self.index = ItemIndex(todo)
    }

    mutating func update(with event: TodoEvent) {
        _ = apply(event)
    }

    mutating func apply(_ event: TodoEvent) -> TodoPatch {
        var itemIndex: Int?
        if case .setItemDone(let id, _) = event { itemIndex = index.position(of: id) }
        var isNewID = true
        return apply(event, itemIndex: itemIndex, isNewID: &isNewID)
    }

    /// The reducer, for a caller that looked up the item a `setItemDone`
    /// names already (`itemIndex`, as ``TodoState`` takes it): each id is
    /// hashed once per event. `isNewID` says whether an `addItem`'s id was
    /// new to the state (else an earlier item keeps it).
    mutating func apply(_ event: TodoEvent, itemIndex: Int?, isNewID: inout Bool) -> TodoPatch {
        let patch = todo.apply(event, itemIndex: itemIndex)
        if let id = patch.appendedItem?.id { isNewID = index.didAppend(id, at: todo.todoItems.count - 1) }
        return patch
    }

    mutating func undo(_ patch: TodoPatch) {
        todo.undo(patch)
        if let item = patch.appendedItem { index.didRemoveLast(item.id, count: todo.todoItems.count) }
    }

    mutating func redo(_ patch: TodoPatch) {
        todo.redo(patch)
        if let item = patch.appendedItem { index.didAppend(item.id, at: todo.todoItems.count - 1) }
    }
}

extension FrameLog: FrameStorage {
    typealias State = ReplayState

    mutating func append(_ patch: TodoPatch, parent: Int, giving state: ReplayState) {
        append(patch, parent: parent, giving: state.todo)
    }

    func undo(_ frames: [Int], on state: inout ReplayState) {
        walk(frames, undoing: true, on: &state.todo, index: &state.index)
    }

    func redo(_ frames: [Int], on state: inout ReplayState) {
        walk(frames.reversed(), undoing: false, on: &state.todo, index: &state.index)
    }

    func checkpoint(onLineTo frame: Int, within limit: Int) -> (state: ReplayState, path: [Int])? {
        snapshot(onLineTo: frame, within: limit).map { (ReplayState($0.state), $0.path) }
    }
}
