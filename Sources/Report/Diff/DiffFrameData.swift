import SessionLog
import SessionLogCodec
import TodoDomain

/// One log's frames as the diff page's script rebuilds them: per frame its
/// parent, its event and what its patch set, as a JSON array that is safe
/// inside a `<script>` block. Strings from the log are JSON text, never markup.
struct DiffFrameData {
    private(set) var json: [UInt8] = Array("[".utf8)
    private(set) var count = 0

    /// Appends `frame`: `{"p":parent,"e":kind,"x":argument,"c":creating,"n":name,"a":[title,done,id],"f":[index,done],"s":stateName}`,
    /// each part only when there is one.
    mutating func append(_ frame: Frame) {
        var parts = ["\"p\":\(frame.parent)", "\"e\":\"\(frame.event.kind.rawValue)\""]
        switch frame.event {
        case .startCreatingItem, .cancelCreatingItem, .addItem: break
        case .changePartialItemName(let name): parts.append("\"x\":" + JSONString.scriptSafeLiteral(name))
        case .setItemDone(_, let isDone): parts.append("\"x\":\(isDone)")
        }
        let patch = frame.patch
        if let change = patch.isCreatingItem { parts.append("\"c\":\(change.new)") }
        if let change = patch.partialItemName { parts.append("\"n\":" + JSONString.scriptSafeLiteral(change.new)) }
        if let item = patch.appendedItem {
            parts.append("\"a\":[\(JSONString.scriptSafeLiteral(item.title)),\(item.isFinished),\"\(item.id.uuidString)\"]")
        }
        if let change = patch.itemFinished { parts.append("\"f\":[\(change.index),\(change.new)]") }
        if let change = patch.stateName { parts.append("\"s\":" + JSONString.scriptSafeLiteral(change.new)) }
        if count > 0 { json.append(UInt8(ascii: ",")) }
        json.append(contentsOf: "{\(parts.joined(separator: ","))}".utf8)
        count += 1
    }

    var finished: String { String(decoding: json + [UInt8(ascii: "]")], as: UTF8.self) }
}
