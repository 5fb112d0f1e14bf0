import SessionLog

extension SessionNumbers {
    /// The numbers' members of `stats/NAME.json`, in the schema's order, as
    /// `(name, JSON text)`: the file is their serialised form.
    var jsonMembers: [(String, String)] {
        var members: [(String, String)] = [
            ("start", Self.string(start)),
            ("end", Self.string(end)),
            ("durationMs", Self.number(durationMs)),
        ]
        members += [
            ("events", events), ("frames", frames), ("travels", travels), ("sheetsOpened", sheetsOpened),
            ("sheetsTyped", sheetsTyped), ("itemsAdded", itemsAdded), ("sheetsCancelled", sheetsCancelled),
            ("keystrokes", keystrokes),
        ].map { ($0.0, String($0.1)) }
        members += [
            ("conversion", Self.number(conversion)),
            ("medianPlusToAddMs", Self.number(medianPlusToAddMs)),
            ("plusToAddMs", "[" + plusToAddMs.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",") + "]"),
            ("errors", String(errors)),
            ("warnings", String(warnings)),
            (
                "codes",
                "{" + codes.sorted { $0.key < $1.key }.map { "\(JSONString.literal($0.key)):\($0.value)" }.joined(separator: ",") + "}"
            ),
            (
                "activity",
                "{\"bucketMs\":\(activity.bucketMs),\"counts\":[" + activity.counts.map(String.init).joined(separator: ",") + "]}"
            ),
        ]
        return members
    }

    /// The numbers read back from a stats file's object; nil when a member
    /// is missing or of the wrong type.
    init?(stats root: StatsJSON) {
        func text(_ key: String) -> String?? {
            guard let value = root[key] else { return nil }
            return value.isNull ? .some(nil) : value.string.map { .some($0) }
        }
        func real(_ key: String) -> Double?? {
            guard let value = root[key] else { return nil }
            return value.isNull ? .some(nil) : value.double.map { .some($0) }
        }
        func whole(_ key: String) -> Int? { root[key]?.int }
        guard let start = text("start"), let end = text("end"), let durationMs = real("durationMs"),
            let conversion = real("conversion"), let median = real("medianPlusToAddMs"),
            let events = whole("events"), let frames = whole("frames"), let travels = whole("travels"),
            let sheetsOpened = whole("sheetsOpened"), let sheetsTyped = whole("sheetsTyped"), let itemsAdded = whole("itemsAdded"),
            let sheetsCancelled = whole("sheetsCancelled"), let keystrokes = whole("keystrokes"), let errors = whole("errors"),
            let warnings = whole("warnings"),
            case .object(let codeMembers) = root["codes"], let pairs = root["plusToAddMs"]?.array,
            let bucketMs = root["activity"]?["bucketMs"]?.int64, let counts = root["activity"]?["counts"]?.array
        else { return nil }
        self.init()
        (self.start, self.end, self.durationMs, self.conversion, self.medianPlusToAddMs) = (start, end, durationMs, conversion, median)
        (self.events, self.frames, self.travels, self.sheetsOpened, self.sheetsTyped) = (events, frames, travels, sheetsOpened, sheetsTyped)
        (self.itemsAdded, self.sheetsCancelled, self.keystrokes, self.errors, self.warnings) = (
            itemsAdded, sheetsCancelled, keystrokes, errors, warnings
        )
        var codes: [String: Int] = [:]
        for (code, count) in codeMembers {
            guard let count = count.int else { return nil }
            codes[code] = count
        }
        self.codes = codes
        var times: [[Int64]] = []
        for pair in pairs {
            guard let values = pair.array?.compactMap(\.int64), values.count == 2 else { return nil }
            times.append(values)
        }
        plusToAddMs = times
        let series = counts.compactMap(\.int)
        guard series.count == counts.count else { return nil }
        activity = Activity(bucketMs: bucketMs, counts: series)
    }

    static func string(_ value: String?) -> String { value.map(JSONString.literal) ?? "null" }

    static func number(_ value: Double?) -> String { value.map(plainNumber) ?? "null" }
}
