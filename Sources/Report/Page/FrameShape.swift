import SessionLog
import SessionLogCodec
import TodoDomain

/// What a frame of the page does, apart from its strings, ids and
/// positions: which parts of the state its patch sets and to which constant,
/// where the other values are among the frame's arguments, and how the event
/// list names the event and its payload. Frames share shapes, so the page
/// data writes each shape once (in `shapes`) and each frame as its shape's
/// number followed by its arguments.
///
/// The arguments, in order: the new partial name (when not empty; only what
/// it adds to the name before when the frame before set that name), the
/// appended item's id, its title (when it is not the partial name before the
/// frame), the position of the item whose `isFinished` is set, then the
/// payload values the patch does not hold already.
struct FrameShape: Hashable {
    /// The event's ``TodoEvent/Kind/code``.
    var event: UInt8
    var isCreatingItem: Setting = .untouched
    var partialItemName: Setting = .untouched
    var appendedItem: Appended = .none
    var appendedFinished = false
    var itemFinished: Setting = .untouched
    /// A code of the encoder's name table, or -1 when untouched.
    var stateName: Int16 = -1
    var payload: Payload = .none
    /// A `setItemDone`'s `isDone`, for the event list.
    var isDone: Bool?

    /// The shape in one number, equal for equal shapes: a cheap key.
    var packed: UInt32 {
        var key = UInt32(event)
        key = key << 3 | UInt32(isCreatingItem.rawValue)
        key = key << 3 | UInt32(partialItemName.rawValue)
        key = key << 2 | UInt32(appendedItem.rawValue)
        key = key << 1 | (appendedFinished ? 1 : 0)
        key = key << 3 | UInt32(itemFinished.rawValue)
        key = key << 3 | UInt32(payload.rawValue)
        key = key << 2 | (isDone.map { $0 ? 2 : 1 } ?? 0)
        return key << 9 | UInt32(UInt16(bitPattern: stateName + 1))
    }

    enum Setting: UInt8 {
        case untouched, toFalse, toTrue, toEmpty, toArgument
        /// The value before the frame followed by the argument: a keystroke
        /// that adds to the name typed (the argument is only what it adds).
        case extendedByArgument
    }

    enum Appended: UInt8 {
        case none
        /// The title is the partial name before the frame.
        case titleIsPartialName
        case titleIsArgument
    }

    /// Where the event list finds the event's payload.
    enum Payload: UInt8 {
        case none
        /// `name`: the new partial name argument.
        case nameIsPartialName
        /// `name`: an argument of its own.
        case nameIsArgument
        /// `id`: the appended item's id.
        case idIsAppendedId
        /// `id`: the id of the item whose `isFinished` is set, and `isDone`.
        case idOfFinishedItem
        /// `id`: an argument of its own, and `isDone`.
        case idIsArgument
        /// `derived id`: the appended item's id, which the replay derived: the log's `addItem` had none.
        case derivedIdIsAppendedId
    }

    /// The shape as the page reads it: a JSON object whose values are
    /// sources, `{"value": v}`, `{"arg": n}`, `{"before": field}` (the
    /// field's value before the frame), `{"before": field, "plus": n}` (that
    /// value followed by argument n) or `{"itemId": source}` (the id of the
    /// item at a position).
    func json(names: NameTable) -> String {
        var argument = 0
        func nextIndex() -> Int {
            defer { argument += 1 }
            return argument
        }
        func nextArgument() -> String { "{\"arg\":\(nextIndex())}" }
        func source(_ setting: Setting, field: String = "") -> String? {
            switch setting {
            case .untouched: nil
            case .toFalse: "{\"value\":false}"
            case .toTrue: "{\"value\":true}"
            case .toEmpty: "{\"value\":\"\"}"
            case .toArgument: nextArgument()
            case .extendedByArgument:
                "{\"before\":\"\(field)\",\"plus\":\(nextIndex())}"
            }
        }
        var sets: [String] = []
        var partialArgument: String?
        if let value = source(isCreatingItem) { sets.append("\"isCreatingItem\":\(value)") }
        if let value = source(partialItemName, field: "partialItemName") {
            sets.append("\"partialItemName\":\(value)")
            if partialItemName == .toArgument || partialItemName == .extendedByArgument { partialArgument = value }
        }
        if stateName >= 0 {
            sets.append("\"stateName\":{\"value\":\(names.name(UInt8(stateName)).scriptSafeJSONLiteral)}")
        }
        var members = ["\"event\":\(JSONString.literal(TodoEvent.Kind.allCases[Int(event)].rawValue))"]
        var appendedId: String?
        if appendedItem != .none {
            let id = nextArgument()
            appendedId = id
            let title = appendedItem == .titleIsArgument ? nextArgument() : "{\"before\":\"partialItemName\"}"
            members.append("\"append\":{\"id\":\(id),\"title\":\(title),\"isFinished\":{\"value\":\(appendedFinished)}}")
        }
        var finishedIndex: String?
        if let value = source(itemFinished == .untouched ? .untouched : .toArgument) {
            finishedIndex = value
            members.append("\"finish\":{\"index\":\(value),\"isFinished\":{\"value\":\(itemFinished == .toTrue)}}")
        }
        if !sets.isEmpty { members.append("\"set\":{\(sets.joined(separator: ","))}") }
        let done = isDone.map { ",[\"isDone\",{\"value\":\($0)}]" } ?? ""
        switch payload {
        case .none: break
        case .nameIsPartialName: members.append("\"payload\":[[\"name\",\(partialArgument ?? "null"),true]]")
        case .nameIsArgument: members.append("\"payload\":[[\"name\",\(nextArgument()),true]]")
        case .idIsAppendedId: members.append("\"payload\":[[\"id\",\(appendedId ?? "null")]]")
        case .derivedIdIsAppendedId: members.append("\"payload\":[[\"derived id\",\(appendedId ?? "null")]]")
        case .idOfFinishedItem: members.append("\"payload\":[[\"id\",{\"itemId\":\(finishedIndex ?? "null")}]\(done)]")
        case .idIsArgument: members.append("\"payload\":[[\"id\",\(nextArgument())]\(done)]")
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}
