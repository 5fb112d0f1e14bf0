import Foundation
import SessionLog
import TodoDomain

/// Encodes frames for the page as compact deltas as they come, into spill
/// files: an event code with just what the page needs to apply it, never a
/// copy of the state. The page rebuilds any frame from these.
///
/// The format, one JSON object (see `Templates/report.js`, which reads it):
/// - `t0`: the time origin in milliseconds since 1970 (the header's
///   `startedAt`, else the first timestamp), or `null`.
/// - `frames`: frame 1… as `0` (startCreatingItem), `1` (cancelCreatingItem),
///   `[2,name]`, `[3,id]` (addItem, with the UUID string), `[4,position,isDone]`
///   (setItemDone of the item at `position`) or `[5,id,isDone]` (setItemDone
///   naming an id no item has: nothing changes). Ids are written where they
///   occur rather than interned, so nothing grows with the number of items.
/// - `times`: per frame, milliseconds since the previous timed frame (or
///   since `t0` for the first), or `null` when the record had no timestamp.
/// - `lines`: per frame, its log line minus the previous frame's.
/// - `travels`: `[newestFrame, to, time, line]` per kept travel, `time` in
///   milliseconds from `t0` or `null`.
struct FrameEncoder {
    private(set) var frameCount = 1
    let frames = SpillFile()
    let times = SpillFile()
    let lines = SpillFile()
    let travels = SpillFile()
    var spillFailure: Int32? { frames.diskFailure ?? times.diskFailure ?? lines.diskFailure ?? travels.diskFailure }
    private var lastLine = 0
    private var lastTime: Double = 0
    /// The time origin: the header's `startedAt`, else the first timestamp.
    private(set) var origin: Timestamp?

    mutating func setOrigin(_ startedAt: Timestamp?) {
        if origin == nil { origin = startedAt }
    }

    mutating func add(_ frame: Frame) {
        let first = frameCount == 1
        if !first { frames.append(byte: UInt8(ascii: ",")) }
        switch frame.event {
        case .startCreatingItem:
            frames.append(byte: UInt8(ascii: "0"))
        case .cancelCreatingItem:
            frames.append(byte: UInt8(ascii: "1"))
        case .changePartialItemName(let name):
            frames.append("[2,")
            frames.appendScriptSafeJSON(name)
            frames.append(byte: UInt8(ascii: "]"))
        case .addItem(let id):
            frames.append("[3,")
            frames.appendUUIDString(id)
            frames.append(byte: UInt8(ascii: "]"))
        case .setItemDone(let id, let isDone):
            if let position = frame.itemPosition {
                frames.append("[4,")
                frames.appendDecimal(position)
            } else {
                frames.append("[5,")
                frames.appendUUIDString(id)
            }
            frames.append(isDone ? ",1]" : ",0]")
        }
        if !first {
            times.append(byte: UInt8(ascii: ","))
            lines.append(byte: UInt8(ascii: ","))
        }
        if let time = milliseconds(frame.stamp.timestamp) {
            let delta = time - lastTime
            if delta == delta.rounded(), abs(delta) < 1e15 { times.appendDecimal(Int(delta)) } else { times.append(number(delta)) }
            lastTime = time
        } else {
            times.append("null")
        }
        lines.appendDecimal(frame.line - lastLine)
        lastLine = frame.line
        frameCount += 1
    }

    mutating func add(_ travel: Travel) {
        if travels.count > 0 { travels.append(byte: UInt8(ascii: ",")) }
        let time = milliseconds(travel.stamp.timestamp).map(number) ?? "null"
        travels.append("[\(travel.newestFrame),\(travel.to),\(time),\(travel.line)]")
    }

    /// The object's members, in order, as text or as spilled arrays.
    var parts: [PagePart] {
        [
            .text("{\"v\":1,\"t0\":\(origin.map { number($0.millisecondsSince1970) } ?? "null"),\"frames\":["), .spill(frames), .text("],\"times\":["), .spill(times),
            .text("],\"lines\":["), .spill(lines), .text("],\"travels\":["), .spill(travels), .text("]}"),
        ]
    }

    /// Milliseconds from the origin (which the first timestamp sets if need be).
    private mutating func milliseconds(_ timestamp: Timestamp?) -> Double? {
        guard let timestamp else { return nil }
        if origin == nil { origin = timestamp }
        return timestamp.millisecondsSince1970 - (origin?.millisecondsSince1970 ?? 0)
    }

    private func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// A piece of the page: text, or spilled bytes copied in as they are.
enum PagePart {
    case text(String)
    case spill(SpillFile)
}
