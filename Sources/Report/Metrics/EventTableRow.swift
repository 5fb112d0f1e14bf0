import ByteLevel
import SessionLog
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One kept record as the event table writes it, kept for every record as
/// the replay goes (88 bytes, on disk past a megabyte): the columns that
/// depend on the journey (`on_journey`, `sheet`, `sheet_end`) and on the
/// start (`t_ms`) are filled in when the table is written.
struct EventTableRow: BitwiseCopyable {
    struct Flags: OptionSet, BitwiseCopyable {
        let rawValue: UInt8
        static let hasSeq = Flags(rawValue: 1)
        static let hasID = Flags(rawValue: 2)
        static let hasDone = Flags(rawValue: 4)
        static let isDone = Flags(rawValue: 8)
        static let changed = Flags(rawValue: 16)
        static let creatingAfter = Flags(rawValue: 32)
        static let hasTime = Flags(rawValue: 64)
    }

    /// ``kind`` of a travel.
    static let travelKind: UInt8 = 255

    var line: Int64
    var seq: Int64
    /// The record's time, with ``Flags/hasTime`` (else ``FrameStep/noTime``).
    var time: Timestamp
    /// The time, if the record had one.
    var timestamp: Timestamp? { flags.contains(.hasTime) ? time : nil }
    /// The frame an event made; -1 for a travel.
    var frame: Int64
    /// The frame an event applied to; a travel's `to`.
    var parent: Int64
    /// The item's position (see the `item` column); -1 for none.
    var item: Int64
    var itemsAfter: Int64
    var id: uuid_t
    /// A typed name's length in user-perceived characters.
    var nameLength: UInt32
    /// The event's ``TodoDomain/TodoEvent/Kind/code``, or ``travelKind``.
    var kind: UInt8
    var flags: Flags

    init(_ frame: Frame) {
        line = Int64(frame.line)
        seq = frame.stamp.seq ?? 0
        time = frame.stamp.timestamp ?? FrameStep.noTime
        self.frame = Int64(frame.index)
        parent = Int64(frame.parent)
        item = -1
        itemsAfter = Int64(frame.itemCount)
        id = UUID.zero.uuid
        nameLength = 0
        kind = UInt8(frame.event.kind.code)
        flags = frame.stamp.seq == nil ? [] : .hasSeq
        if frame.stamp.timestamp != nil { flags.insert(.hasTime) }
        if frame.isCreatingItem { flags.insert(.creatingAfter) }
        let patch = frame.patch
        // A name changed when its bytes did: "é" written two ways is a change, as in the state's digest.
        if patch.isCreatingItem.map({ $0.old != $0.new }) == true || patch.partialItemName.map({ !$0.old.utf8Equals($0.new) }) == true
            || patch.appendedItem != nil || patch.itemFinished.map({ $0.old != $0.new }) == true
        {
            flags.insert(.changed)
        }
        switch frame.event {
        case .addItem(let itemID):
            item = frame.itemPosition.map(Int64.init) ?? -1
            if !frame.itemIDIsDerived {
                id = itemID.uuid
                flags.insert(.hasID)
            }
        case .setItemDone(let itemID, let isDone):
            item = frame.itemPosition.map(Int64.init) ?? -1
            id = itemID.uuid
            flags.formUnion(isDone ? [.hasID, .hasDone, .isDone] : [.hasID, .hasDone])
        case .changePartialItemName(let name):
            nameLength = UInt32(clamping: name.count)
        case .startCreatingItem, .cancelCreatingItem:
            break
        }
    }

    init(_ travel: Travel) {
        line = Int64(travel.line)
        seq = travel.stamp.seq ?? 0
        time = travel.stamp.timestamp ?? FrameStep.noTime
        frame = -1
        parent = Int64(travel.to)
        item = -1
        itemsAfter = 0
        id = UUID.zero.uuid
        nameLength = 0
        kind = Self.travelKind
        flags = travel.stamp.seq == nil ? [] : .hasSeq
        if travel.stamp.timestamp != nil { flags.insert(.hasTime) }
    }
}

extension UUID {
    /// All zero bits: a placeholder where a row has no id.
    fileprivate static let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
