/// One frame of a ``FrameLog``: its parent, its patch and how far its line's
/// last snapshot is, 36 bytes.
///
/// The fixed part of the patch lives here; its strings and the appended item
/// are in the log's value spill, from `values` on, in this order: the old
/// partial name, the new one, then the appended item (id, finished byte,
/// title length, title; the last two left out when the title is the old
/// partial name).
struct FrameRecord {
    var parent: Int64 = 0
    /// Where the frame's values start in the value spill.
    var values: UInt64 = 0
    var oldPartialLength: UInt32 = 0
    var newPartialLength: UInt32 = 0
    /// The position whose `isFinished` the patch set.
    var itemIndex: Int32 = -1
    var flags: Flags = []
    /// State names, as codes of the log's ``NameTable``.
    var oldName: UInt8 = 0
    var newName: UInt8 = 0
    /// How many frames up its line the nearest snapshot is (0 for a frame
    /// with one; frame 0 is one): where a frame made from it after a travel
    /// counts from, so that every line has its snapshots.
    var sinceSnapshot: UInt32 = 0

    /// Which parts of the patch are present, and its booleans.
    struct Flags: OptionSet {
        var rawValue: UInt16
        static let creating = Flags(rawValue: 1)
        static let oldCreating = Flags(rawValue: 2)
        static let newCreating = Flags(rawValue: 4)
        static let partial = Flags(rawValue: 8)
        static let appended = Flags(rawValue: 16)
        static let finished = Flags(rawValue: 32)
        static let oldFinished = Flags(rawValue: 64)
        static let newFinished = Flags(rawValue: 128)
        static let stateName = Flags(rawValue: 256)
        /// The appended item's title is the old partial name, not written again.
        static let titleIsOldPartial = Flags(rawValue: 512)
        /// The frame's whole state is kept in the log's snapshots: a walk up a line
        /// finds one without a lookup at every frame.
        static let snapshot = Flags(rawValue: 1024)
    }

    /// Where the appended item starts in the value spill.
    var appendedItemOffset: Int {
        Int(values) + (flags.contains(.partial) ? Int(oldPartialLength) + Int(newPartialLength) : 0)
    }
}
