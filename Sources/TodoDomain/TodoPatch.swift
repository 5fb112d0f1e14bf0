/// What one event changed in a ``TodoState``: for each part it set, the old
/// and the new value. A `nil` part was not touched.
///
/// The reducer (``TodoState/apply(_:)``) is the only code that decides what
/// an event does; a patch is its answer, small enough to keep for every
/// frame of a long session, and enough to undo, redo or draw the change.
/// A part may be set to the value it already had (`old == new`).
public struct TodoPatch: Hashable, Sendable {
    /// A part's value before and after.
    public struct Change<Value: Hashable & Sendable>: Hashable, Sendable {
        /// The value before the event: what an undo puts back.
        public var old: Value
        /// The value after the event: what a redo sets.
        public var new: Value

        /// A part set from `old` to `new`.
        @inlinable
        public init(old: Value, new: Value) {
            self.old = old
            self.new = new
        }
    }

    /// An item's `isFinished`, set at a position of the list.
    public struct ItemFinished: Hashable, Sendable {
        /// The item's position in ``TodoState/todoItems``.
        public var index: Int
        /// `isFinished` before the event.
        public var old: Bool
        /// `isFinished` after the event.
        public var new: Bool

        /// The item at `index` set from `old` to `new`.
        @inlinable
        public init(index: Int, old: Bool, new: Bool) {
            self.index = index
            self.old = old
            self.new = new
        }
    }

    // The parts are spelled `Optional<…>` and `stateName` comes first so that
    // the synthesised memberwise initialiser, which the reducer uses because
    // it builds the patch in place (the public one below assigns part by part
    // and the optimiser then copies the whole patch), takes every part, in
    // another order: no call can mean both.

    /// ``TodoState/stateName``.
    public var stateName: Optional<Change<String>>
    /// ``TodoState/isCreatingItem``.
    public var isCreatingItem: Optional<Change<Bool>>
    /// ``TodoState/partialItemName``.
    public var partialItemName: Optional<Change<String>>
    /// An item appended at the end of ``TodoState/todoItems``.
    public var appendedItem: Optional<TodoItem>
    /// An item's ``TodoItem/isFinished``.
    public var itemFinished: Optional<ItemFinished>

    /// Whether the patch changes nothing at all.
    public var isEmpty: Bool {
        isCreatingItem == nil && partialItemName == nil && appendedItem == nil && itemFinished == nil && stateName == nil
    }
}

extension TodoPatch {
    /// A patch that sets the parts given; with none, a patch that changes nothing.
    public init(
        isCreatingItem: Change<Bool>? = nil,
        partialItemName: Change<String>? = nil,
        appendedItem: TodoItem? = nil,
        itemFinished: ItemFinished? = nil,
        stateName: Change<String>? = nil
    ) {
        self.init(
            stateName: stateName, isCreatingItem: isCreatingItem, partialItemName: partialItemName,
            appendedItem: appendedItem, itemFinished: itemFinished)
    }
}
