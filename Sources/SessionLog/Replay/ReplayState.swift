import TimeTravel
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The replay's live state: the Todo state and where the first item with
/// each id is, kept in step through every apply, undo and redo (or, after a
/// travel that loaded a snapshot, made again when an event needs it), so
/// that `setItemDone` finds its item without a search.
struct ReplayState: ReversibleStateMachine {
    var todo = TodoState()
    var index = ItemIndex()

    init() {}

    /// A state loaded from a snapshot (a far travel's): its id index is
    /// made only when an event needs it (``ItemIndex/stale(loadedFrom:)``).
    init(loadedFrom snapshot: SnapshotState) {
        self.todo = snapshot.state
        self.index = .stale(loadedFrom: snapshot.isKept ? snapshot : nil)
    }

    mutating func update(with event: TodoEvent) {
        _ = apply(event)
    }

    mutating func apply(_ event: TodoEvent) -> TodoPatch {
        var itemIndex: Int?
        var isNewID = true
        return apply(event, foundItem: &itemIndex, isNewID: &isNewID)
    }

    /// Where the first item with `id` is, making the id index first if it is stale.
    mutating func position(of id: UUID) -> Int? {
        index.update(from: todo)
        return index.position(of: id)
    }

    /// The reducer, which says where it found the item a `setItemDone`
    /// names (`itemIndex`, `nil` if nowhere) and whether an `addItem`'s id
    /// was new to the state (`isNewID`; else an earlier item keeps it):
    /// each id is hashed once per event.
    mutating func apply(_ event: TodoEvent, foundItem itemIndex: inout Int?, isNewID: inout Bool) -> TodoPatch {
        switch event {
        case .setItemDone(let id, _): itemIndex = position(of: id)
        case .addItem: index.update(from: todo)
        case .startCreatingItem, .cancelCreatingItem, .changePartialItemName: break
        }
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
        snapshot(onLineTo: frame, within: limit).map { (ReplayState(loadedFrom: $0.snapshot), $0.path) }
    }
}
