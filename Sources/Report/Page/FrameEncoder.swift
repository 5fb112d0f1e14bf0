import Foundation
import SessionLog
import TodoDomain

/// Encodes frames for the page as compact deltas, written as they come: an
/// event code with just what the page needs to apply it, never a copy of
/// the state. The page rebuilds any frame from these.
///
/// The format, one JSON object (see `Templates/report.js`, which reads it):
/// - `ids`: item ids (UUID strings), each once, in order of first use.
/// - `frames`: frame 1… as `0` (startCreatingItem), `1` (cancelCreatingItem),
///   `[2,name]`, `[3,id]` (addItem), `[4,id,isDone,position]` (setItemDone;
///   `position` is the index of the item it changes, -1 when unknown).
/// - `times`: each frame's milliseconds from `t0`, or `null`.
/// - `lines`: each frame's log line, as the difference from the previous one.
/// - `travels`: `[newestFrame, to, time, line]` for each kept travel.
struct FrameEncoder {
    private(set) var frameCount = 1
    private var ids: [UUID: Int] = [:]
    private var idList = ByteBuffer()
    private var frames = ByteBuffer()
    private var times = ByteBuffer()
    private var lines = ByteBuffer()
    private var travels = ByteBuffer()
    private var lastLine = 0
    /// The time origin: the header's `startedAt`, else the first timestamp.
    private(set) var origin: Timestamp?

    init(startedAt: Timestamp?) {
        origin = startedAt
    }

    mutating func setOrigin(_ startedAt: Timestamp?) {
        if origin == nil { origin = startedAt }
    }

    mutating func add(_ frame: Frame) {
        frames.separator(first: frameCount == 1)
        switch frame.event {
        case .startCreatingItem:
            frames.append("0")
        case .cancelCreatingItem:
            frames.append("1")
        case .changePartialItemName(let name):
            frames.append("[2,")
            frames.append(name.scriptSafeJSONLiteral)
            frames.append("]")
        case .addItem(let id):
            frames.append("[3,\(intern(id))]")
        case .setItemDone(let id, let isDone):
            let position = frame.itemPosition ?? -1
            frames.append("[4,\(intern(id)),\(isDone ? 1 : 0),\(position)]")
        }
        times.separator(first: frameCount == 1)
        times.append(time(frame.stamp.timestamp))
        lines.separator(first: frameCount == 1)
        lines.append(String(frame.line - lastLine))
        lastLine = frame.line
        frameCount += 1
    }

    mutating func add(_ travel: Travel) {
        travels.separator(first: travels.isEmpty)
        travels.append("[\(travel.newestFrame),\(travel.to),\(time(travel.stamp.timestamp)),\(travel.line)]")
    }

    /// The whole object, safe to place inside a `<script>` block.
    func json() -> String {
        let t0 = origin.map { number($0.millisecondsSince1970) } ?? "null"
        return "{\"v\":1,\"t0\":\(t0),\"ids\":[\(idList.string)],\"frames\":[\(frames.string)],"
            + "\"times\":[\(times.string)],\"lines\":[\(lines.string)],\"travels\":[\(travels.string)]}"
    }

    private mutating func intern(_ id: UUID) -> Int {
        if let index = ids[id] { return index }
        let index = ids.count
        ids[id] = index
        idList.separator(first: index == 0)
        idList.append(id.uuidString.scriptSafeJSONLiteral)
        return index
    }

    private mutating func time(_ timestamp: Timestamp?) -> String {
        guard let timestamp else { return "null" }
        if origin == nil { origin = timestamp }
        return number(timestamp.millisecondsSince1970 - (origin?.millisecondsSince1970 ?? 0))
    }

    private func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// Growing UTF-8 text, cheaper to append to than a `String` one piece at a time.
struct ByteBuffer {
    private(set) var bytes: [UInt8] = []

    var isEmpty: Bool { bytes.isEmpty }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func separator(first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
