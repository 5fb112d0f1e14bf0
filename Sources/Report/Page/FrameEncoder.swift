import ByteLevel
import SessionLog
import SessionLogCodec
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Encodes frames for the page as they come, into spill files: each frame as
/// the patch its event made, never a copy of the state and never the event's
/// meaning. The page applies the patches; it knows nothing of what an event
/// does, so a change to the reducer shows in the report as it is.
///
/// The format, one JSON object (see `Templates/report.js`, which reads it):
/// - `v`: ``formatVersion``; the page refuses data of another version.
/// - `initialState`: frame 0, as `{isCreatingItem, partialItemName,
///   todoItems: [{id, title, isFinished}], stateName}`.
/// - `shapes`: what frames do (see ``FrameShape``), each written once.
/// - `textShape`: the shape whose frames are written as their one argument,
///   a string, alone (or `null`): the shape of the first keystroke that adds
///   to the name the frame before typed, as most frames of a session are.
/// - `frames`: frame 1… as its shape's number, `[shape, arguments…]`, or a
///   frame of `textShape` as its string. Ids are written where they occur
///   rather than interned, so nothing grows with the number of items.
/// - `t0`: the time origin in milliseconds since 1970 (the header's
///   `startedAt`, else the first timestamp), or `null`.
/// - `start`: the session's `start` (the header's `startedAt`, else the
///   earliest time of a kept record) in milliseconds from `t0`, or `null`:
///   a frame's time "from the start" is its `t_ms`, its time minus this,
///   rounded. It differs from 0 only when a time before the first comes later.
/// - `times`: per frame, milliseconds since the previous timed frame (or
///   since `t0` for the first), or `null` when the record had no timestamp.
/// - `lines`: `[frame, delta]` for each frame whose log line is not the
///   line after the previous frame's (`delta`: its line minus that one),
///   frame 1 counted from line 0; every other frame is on the next line.
/// - `travels`: `[newestFrame, to, time, line]` per kept travel, `time` in
///   milliseconds from `t0` or `null`.
///
/// A class: its spill files are its own, and a copy must not write into them.
/// Its stored properties skip the runtime's exclusivity checks (a pair of
/// calls per access, on every frame): they are private to it, and no method
/// holds one while calling another that changes it.
final class FrameEncoder {
    /// The version of the format above; `Templates/report.js` checks it.
    static let formatVersion = 5

    @exclusivity(unchecked) private(set) var frameCount = 1
    let frames = SpillFile()
    let times = SpillFile()
    let lines = SpillFile()
    let travels = SpillFile()
    var spillFailure: Int32? { frames.diskFailure ?? times.diskFailure ?? lines.diskFailure ?? travels.diskFailure }
    @exclusivity(unchecked) private var lastLine = 0
    @exclusivity(unchecked) private var lastTime: Double = 0
    /// The time origin: the header's `startedAt`, else the first timestamp.
    @exclusivity(unchecked) private(set) var origin: Timestamp?
    /// The session's `start`, which `t_ms` counts from (written as `start`).
    @exclusivity(unchecked) private var span = SessionSpan()
    /// ``FrameShape/packed`` of each shape, in the order of `shapes` (a
    /// session has a handful; `shapeSlots` finds them without a search).
    @exclusivity(unchecked) private var shapeKeys: [UInt32] = []
    /// 256 slots of (``FrameShape/packed``, shape number) for the shapes met,
    /// by a hash of the key; `UInt32.max` (no shape packs to it) marks an empty slot.
    @exclusivity(unchecked) private var shapeSlots = [(key: UInt32, number: Int)](repeating: (.max, 0), count: 256)
    @exclusivity(unchecked) private var shapes: [String] = []
    @exclusivity(unchecked) private var names = NameTable()
    /// Whether the frame before set the partial name (and no travel came
    /// since): then a keystroke that adds to it is written as what it adds.
    @exclusivity(unchecked) private var lastFrameSetPartialName = false
    /// The last state name coded, and its code (-1 before the first).
    @exclusivity(unchecked) private var lastStateName: (name: String?, code: Int16) = (nil, -1)
    /// The shape written as its text alone (`textShape`), once a keystroke that adds to the name sets it.
    @exclusivity(unchecked) private var textShape: Int?

    init() {}

    func setOrigin(_ startedAt: Timestamp?) {
        if origin == nil { origin = startedAt }
        if span.startedAt == nil { span.startedAt = startedAt }
    }

    func add(_ frame: Frame) {
        // Each value is written with the separator before it in one call.
        let first = frameCount == 1
        writePatch(of: frame, first: first)
        if let time = milliseconds(frame.stamp.timestamp) {
            let delta = time - lastTime
            if delta == delta.rounded(), abs(delta) < 1e15 {
                times.appendDecimal(Int(delta), after: first ? "" : ",")
            } else {
                if !first { times.append(byte: UInt8(ascii: ",")) }
                times.append(number(delta))
            }
            lastTime = time
        } else {
            if !first { times.append(byte: UInt8(ascii: ",")) }
            times.append("null")
        }
        let lineDelta = frame.line - lastLine
        if lineDelta != 1 {
            if lines.count > 0 { lines.append(byte: UInt8(ascii: ",")) }
            lines.appendDecimal(frameCount, after: "[")
            lines.appendDecimal(lineDelta, after: ",")
            lines.append(byte: UInt8(ascii: "]"))
        }
        lastLine = frame.line
        frameCount += 1
    }

    /// The frame's shape number, then its arguments in the shape's order,
    /// after a comma unless it is the `first` frame.
    private func writePatch(of frame: Frame, first: Bool) {
        var shape = FrameShape(event: UInt8(frame.event.kind.code))
        if let new = frame.patch.isCreatingItem?.new { shape.isCreatingItem = new ? .toTrue : .toFalse }
        var addedText: String?
        if let change = frame.patch.partialItemName {
            if change.new.isEmpty {
                shape.partialItemName = .toEmpty
            } else if lastFrameSetPartialName, change.new.utf8.count > change.old.utf8.count,
                change.new.utf8HasPrefix(change.old)
            {
                // A byte prefix of valid UTF-8 ends where a character does.
                shape.partialItemName = .extendedByArgument
                addedText = String(decoding: change.new.utf8.dropFirst(change.old.utf8.count), as: UTF8.self)
            } else {
                shape.partialItemName = .toArgument
            }
        }
        lastFrameSetPartialName = frame.patch.partialItemName != nil
        if let isFinished = frame.patch.appendedItem?.isFinished {
            shape.appendedItem =
                frame.patch.partialItemName?.old == frame.patch.appendedItem?.title ? .titleIsPartialName : .titleIsArgument
            shape.appendedFinished = isFinished
        }
        if let new = frame.patch.itemFinished?.new { shape.itemFinished = new ? .toTrue : .toFalse }
        if let name = frame.patch.stateName?.new {
            // Runs of one event kind are common: the last name's code is kept at hand.
            if name != lastStateName.name { lastStateName = (name, Int16(names.code(of: name))) }
            shape.stateName = lastStateName.code
        }
        // The payload, told by what the event says and where the patch holds it already.
        var payloadArgument: (name: String?, id: UUID?) = (nil, nil)
        switch frame.event {
        case .startCreatingItem, .cancelCreatingItem:
            break
        case .changePartialItemName(let name):
            if shape.partialItemName == .toArgument || shape.partialItemName == .extendedByArgument,
                frame.patch.partialItemName?.new == name
            {
                shape.payload = .nameIsPartialName
            } else {
                shape.payload = .nameIsArgument
                payloadArgument.name = name
            }
        case .addItem(let id):
            if frame.patch.appendedItem?.id == id {
                // An id the log did not give is said to be the replay's, not shown as the app's.
                shape.payload = frame.itemIDIsDerived ? .derivedIdIsAppendedId : .idIsAppendedId
            } else {
                shape.payload = .idIsArgument
                payloadArgument.id = id
            }
        case .setItemDone(let id, let isDone):
            shape.isDone = isDone
            if frame.patch.itemFinished != nil, frame.itemPosition == frame.patch.itemFinished?.index {
                shape.payload = .idOfFinishedItem
            } else {
                shape.payload = .idIsArgument
                payloadArgument.id = id
            }
        }
        let number = shapeNumber(shape)
        let hasArguments =
            shape.partialItemName == .toArgument || shape.partialItemName == .extendedByArgument
            || frame.patch.appendedItem != nil || frame.patch.itemFinished != nil
            || payloadArgument.name != nil || payloadArgument.id != nil
        guard hasArguments else {
            frames.appendDecimal(number, after: first ? "" : ",")
            return
        }
        if let addedText, frame.patch.appendedItem == nil, frame.patch.itemFinished == nil,
            payloadArgument.name == nil, payloadArgument.id == nil
        {
            // What the keystroke added is the frame's one argument: the page's commonest frame, a string alone.
            if textShape == nil { textShape = number }
            if textShape == number {
                frames.appendJSONString(addedText, scriptSafe: true, after: first ? "" : ",")
                return
            }
        }
        frames.appendDecimal(number, after: first ? "[" : ",[")
        if shape.partialItemName == .toArgument, let name = frame.patch.partialItemName?.new {
            frames.appendJSONString(name, scriptSafe: true, after: ",")
        } else if let addedText {
            frames.appendJSONString(addedText, scriptSafe: true, after: ",")
        }
        if let id = frame.patch.appendedItem?.id {
            frames.appendUUIDString(id, after: ",")
            if shape.appendedItem == .titleIsArgument, let title = frame.patch.appendedItem?.title {
                frames.appendJSONString(title, scriptSafe: true, after: ",")
            }
        }
        if let change = frame.patch.itemFinished { frames.appendDecimal(change.index, after: ",") }
        if let name = payloadArgument.name { frames.appendJSONString(name, scriptSafe: true, after: ",") }
        if let id = payloadArgument.id { frames.appendUUIDString(id, after: ",") }
        frames.append(byte: UInt8(ascii: "]"))
    }

    private func shapeNumber(_ shape: FrameShape) -> Int {
        let key = shape.packed
        // A direct-mapped table of the shapes met: one index and one compare
        // per frame; the look along the list only when its slot holds another.
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 24)
        if shapeSlots[slot].key == key { return shapeSlots[slot].number }
        let number: Int
        if let known = shapeKeys.firstIndex(of: key) {
            number = known
        } else {
            shapes.append(shape.json(names: names))
            shapeKeys.append(key)
            number = shapes.count - 1
        }
        shapeSlots[slot] = (key, number)
        return number
    }

    func add(_ travel: Travel) {
        lastFrameSetPartialName = false
        if travels.count > 0 { travels.append(byte: UInt8(ascii: ",")) }
        let time = milliseconds(travel.stamp.timestamp).map(number) ?? "null"
        travels.append("[\(travel.newestFrame),\(travel.to),\(time),\(travel.line)]")
    }

    /// The object's members, in order, as text or as spilled arrays.
    var parts: [PagePart] {
        let initialState = StateDigest.canonicalJSON(of: TodoState(), scriptSafe: true)
        return [
            .text(
                "{\"v\":\(Self.formatVersion),\"initialState\":\(initialState),\"shapes\":[\(shapes.joined(separator: ","))],"
                    + "\"textShape\":\(textShape.map(String.init) ?? "null"),"
                    + "\"t0\":\(origin.map { number($0.millisecondsSince1970) } ?? "null"),"
                    + "\"start\":\(origin.flatMap { origin in span.start.map { number($0.millisecondsDouble(since: origin)) } } ?? "null"),\"frames\":["
            ),
            .spill(frames), .text("],\"times\":["), .spill(times),
            .text("],\"lines\":["), .spill(lines), .text("],\"travels\":["), .spill(travels), .text("]}"),
        ]
    }

    /// Milliseconds from the origin (which the first timestamp sets if need be).
    private func milliseconds(_ timestamp: Timestamp?) -> Double? {
        guard let timestamp else { return nil }
        if origin == nil { origin = timestamp }
        span.note(timestamp)
        return origin.map(timestamp.millisecondsDouble) ?? timestamp.millisecondsSince1970
    }

    private func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
