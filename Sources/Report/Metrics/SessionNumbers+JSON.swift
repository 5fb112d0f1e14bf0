import SessionLog
import TodoDomain

extension SessionNumbers {
    /// The numbers' members of `stats/NAME.json` (`todo-report-stats/2`), in
    /// the schema's order, as `(name, JSON text)`: the file is their
    /// serialised form. Milliseconds are whole, ratios have four decimals.
    var jsonMembers: [(String, String)] {
        var members: [(String, String)] = [
            ("start", Self.string(start)), ("end", Self.string(end)), ("durationMs", durationMs.map(String.init) ?? "null"),
        ]
        members += Self.countMembers.map { ($0.name, String(self[keyPath: $0.path])) }
        members += [
            ("keystrokesPerItem", sheets.keystrokesPerItem?.json ?? "null"),
            ("conversion", sheets.conversion?.json ?? "null"),
            ("medianPlusToAddMs", medianPlusToAddMs.map(String.init) ?? "null"),
            ("plusToAddMs", "[" + plusToAddMs.map { "[\($0.milliseconds),\($0.count)]" }.joined(separator: ",") + "]"),
            (
                "eventCounts",
                "{" + TodoEvent.Kind.allCases.map { "\"\($0.rawValue)\":\(eventCounts[$0])" }.joined(separator: ",")
                    + ",\"travel\":\(eventCounts.travel)}"
            ),
            ("lines", String(lines)), ("headers", String(headers)), ("droppedLines", String(droppedLines)),
            ("blankLines", String(blankLines)),
            ("errors", String(errors)),
            ("warnings", String(warnings)),
            (
                "codes",
                "{" + codes.sorted { $0.key < $1.key }.map { "\(JSONString.literal($0.key)):\($0.value)" }.joined(separator: ",") + "}"
            ),
            ("digestsChecked", String(digestsChecked)), ("digestsDiffering", String(digestsDiffering)),
            (
                "activity",
                "{\"bucketMs\":\(activity.bucketMs),\"counts\":[" + activity.counts.map(String.init).joined(separator: ",") + "]}"
            ),
        ]
        return members
    }

    /// The numbers read back from a stats file's object; nil when a member
    /// is missing or of the wrong type. The members that follow from others
    /// (`itemsWithoutSheet`, the ratios, the median) are computed again
    /// from them rather than read.
    init?(stats root: StatsJSON) {
        func text(_ key: String) -> String?? {
            guard let value = root[key] else { return nil }
            return value.isNull ? .some(nil) : value.string.map { .some($0) }
        }
        func milliseconds(_ key: String) -> Int64?? {
            guard let value = root[key] else { return nil }
            return value.isNull ? .some(nil) : value.int64.map { .some($0) }
        }
        self.init()
        let laterCounts: [(name: String, path: KeyPath<SessionNumbers, Int>)] = [
            ("lines", \.lines), ("headers", \.headers), ("droppedLines", \.droppedLines), ("blankLines", \.blankLines),
            ("errors", \.errors), ("warnings", \.warnings), ("digestsChecked", \.digestsChecked),
            ("digestsDiffering", \.digestsDiffering),
        ]
        for (key, path) in Self.countMembers + laterCounts {
            guard let value = root[key]?.int else { return nil }
            if let path = path as? WritableKeyPath<SessionNumbers, Int> { self[keyPath: path] = value }
        }
        guard let start = text("start"), let end = text("end"), let durationMs = milliseconds("durationMs"),
            case .object(let codeMembers) = root["codes"], case .object(let eventMembers) = root["eventCounts"],
            let pairs = root["plusToAddMs"]?.array,
            let bucketMs = root["activity"]?["bucketMs"]?.int64, let series = root["activity"]?["counts"]?.array
        else { return nil }
        (self.start, self.end, self.durationMs) = (start, end, durationMs)
        var codes: [String: Int] = [:]
        for (code, count) in codeMembers {
            guard let count = count.int else { return nil }
            codes[code] = count
        }
        self.codes = codes
        for kind in TodoEvent.Kind.allCases {
            guard let count = eventMembers[kind.rawValue]?.int else { return nil }
            eventCounts[kind] = count
        }
        guard let travel = eventMembers["travel"]?.int else { return nil }
        eventCounts.travel = travel
        var times: [PlusToAdd] = []
        for pair in pairs {
            guard let values = pair.array, values.count == 2, let time = values[0].int64, let count = values[1].int else { return nil }
            times.append(PlusToAdd(milliseconds: time, count: count))
        }
        plusToAddMs = times
        let buckets = series.compactMap(\.int)
        guard buckets.count == series.count else { return nil }
        activity = Activity(bucketMs: bucketMs, counts: buckets)
    }

    static func string(_ value: String?) -> String { value.map(JSONString.literal) ?? "null" }

    /// The counts that follow `durationMs` in a stats file, in its order,
    /// and where each is held; read back into the writable ones, and the
    /// one that follows from others (`itemsWithoutSheet`) checked present.
    private static var countMembers: [(name: String, path: KeyPath<SessionNumbers, Int>)] {
        [
            ("events", \.events), ("frames", \.frames), ("travels", \.travels), ("undoneFrames", \.undoneFrames),
            ("sheetsOpened", \.sheets.opened), ("sheetsTyped", \.sheets.typed), ("sheetsAdded", \.sheets.added),
            ("sheetsCancelled", \.sheets.cancelled), ("sheetsReplaced", \.sheets.replaced), ("sheetsOpenAtEnd", \.sheets.openAtEnd),
            ("itemsAdded", \.sheets.itemsAdded), ("itemsWithoutSheet", \.sheets.itemsWithoutSheet), ("keystrokes", \.keystrokes),
            ("addedSheetKeystrokes", \.sheets.addedSheetKeystrokes),
        ]
    }
}
