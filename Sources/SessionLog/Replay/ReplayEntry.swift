public import TodoDomain

/// One step of a replay, in log order.
public enum ReplayEntry: Sendable {
    /// The session header, before any frame.
    case header(SessionHeader)
    /// An accepted event made a new frame.
    case frame(Frame)
    /// The cursor moved; the next frame's parent is `to`.
    case travel(Travel)
    /// A problem with a line, where the reader or the replay found it.
    case diagnostic(Diagnostic)
}

/// A state of the session: frame 0 is the initial state, each accepted event
/// appends one.
public struct Frame: Sendable {
    // The parent comes first so that the synthesised memberwise initialiser
    // (which builds the frame in place, with no copy of it) differs from the
    // package one below.
    /// The frame the event was applied to: `index - 1`, or a travel's target.
    public var parent: Int
    /// Its position in the history (≥ 1: frame 0 has no event).
    public var index: Int
    /// The event, with the id it was given if the log had none.
    public var event: TodoEvent
    /// What the event changed, as the reducer reported it.
    public var patch: TodoPatch
    /// The record's `seq` and timestamp.
    public var stamp: RecordStamp
    /// The log line it came from.
    public var line: Int
    /// The state's name after the event.
    public var stateName: String
    /// For `addItem`, where the new item is; for `setItemDone`, which item
    /// changed (`nil` when no item has the id).
    public var itemPosition: Int?
    /// The add sheet's text after the event (after `cancelCreatingItem`, what
    /// had been typed).
    public var partialItemName: String
    /// For `addItem`, the new item's title.
    public var addedTitle: String?
    /// How many items the state holds after the event.
    public var itemCount: Int
    /// Whether the add sheet is open after the event (`isCreatingItem`).
    public var isCreatingItem: Bool
    /// For `addItem`, whether its record carried no `id`, so that replay
    /// derived the one in ``event`` (see ``DerivedItemID``).
    public var itemIDIsDerived: Bool
    /// The whole state after the event, when the replay was asked to keep
    /// states (``SessionReplay/init(keepingStates:)``); `nil` when streaming.
    public var state: TodoState?
}

extension Frame {
    /// A frame as a replay makes it; for tests and tools of this package
    /// that feed a report frames of their own.
    package init(
        index: Int, parent: Int, event: TodoEvent, patch: TodoPatch, stamp: RecordStamp = RecordStamp(), line: Int,
        stateName: String, itemPosition: Int? = nil, partialItemName: String = "", addedTitle: String? = nil,
        itemCount: Int? = nil, isCreatingItem: Bool? = nil, itemIDIsDerived: Bool = false, state: TodoState? = nil
    ) {
        self.init(
            parent: parent, index: index, event: event, patch: patch, stamp: stamp, line: line, stateName: stateName,
            itemPosition: itemPosition, partialItemName: partialItemName, addedTitle: addedTitle,
            itemCount: itemCount ?? state?.todoItems.count ?? 0,
            isCreatingItem: isCreatingItem ?? patch.isCreatingItem?.new ?? state?.isCreatingItem ?? false,
            itemIDIsDerived: itemIDIsDerived, state: state)
    }
}

/// A travel record that was kept.
public struct Travel: Hashable, Sendable {
    /// The frame the cursor moved to.
    public var to: Int
    /// The newest frame when the person traveled.
    public var newestFrame: Int
    /// The record's `seq` and timestamp.
    public var stamp: RecordStamp
    /// The log line it came from.
    public var line: Int
}
