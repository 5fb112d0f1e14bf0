import SessionLogCodec

/// What the journey's walk needs of one frame, kept for every frame as the
/// replay goes (32 bytes, on disk past a megabyte): the journey is known
/// only when the log ends, so its numbers are counted then, from these.
struct FrameStep: BitwiseCopyable {
    /// What the step says beyond its event.
    struct Flags: OptionSet, BitwiseCopyable {
        let rawValue: UInt8
        /// A `setItemDone` that changed its item's `isFinished`.
        static let toggled = Flags(rawValue: 1)
        /// An `addItem` whose title has a keyed pseudonym, in ``FrameStep/extra``.
        static let hasPseudonym = Flags(rawValue: 2)
        /// A `cancelCreatingItem` that closed a sheet: its text is in the names spill.
        static let keptName = Flags(rawValue: 4)
        /// The event had a time: ``FrameStep/time``.
        static let hasTime = Flags(rawValue: 8)
    }

    /// ``time`` of a step whose event had none.
    static let noTime = Timestamp(wholeMilliseconds: 0)

    /// The event's time, with ``Flags/hasTime`` (else ``noTime``).
    var time: Timestamp
    /// The time, if the event had one.
    var timestamp: Timestamp? { flags.contains(.hasTime) ? time : nil }
    /// For `addItem`, its log line; for `setItemDone`, the position of the
    /// item it names (-1 when no item has the id); for a cancel with
    /// ``Flags/keptName``, where its text starts in the names spill.
    var value: Int64
    /// For a cancel with ``Flags/keptName``, its text's length in bytes; for
    /// an `addItem` with ``Flags/hasPseudonym``, the pseudonym's bits.
    var extra: UInt32
    /// The event's ``TodoDomain/TodoEvent/Kind/code``.
    var kind: UInt8
    var flags: Flags
}

/// A frame whose event was applied to another frame than the one before it
/// (after a travel): with these, a frame's parent is known for every frame.
struct BranchParent: BitwiseCopyable {
    var frame: Int64
    var parent: Int64
}

/// Frames `first...last`, all on the journey.
struct JourneyRange: BitwiseCopyable {
    var first: Int64
    var last: Int64
}
