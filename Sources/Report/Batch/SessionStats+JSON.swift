import SessionLog

extension SessionStats {
    /// The file's text: one member per line in the schema's order, keys of
    /// `codes` sorted, so the same session always gives the same bytes.
    public var json: String {
        var members: [(String, String)] = [
            ("schema", JSONString.literal(schema)),
            ("name", JSONString.literal(name)),
            ("input", JSONString.literal(input)),
            ("root", Self.string(root)),
            ("report", Self.string(report)),
            ("reportBytes", reportBytes.map(String.init) ?? "null"),
            ("reportSHA256", Self.string(reportSHA256)),
            ("status", JSONString.literal(status.rawValue)),
            ("problem", Self.string(problem)),
            ("sessionId", Self.string(sessionId)),
            ("userId", Self.string(userId)),
            ("app", Self.string(app)),
            ("appVersion", Self.string(appVersion)),
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
            ("inputBytes", String(inputBytes)),
            ("inputSHA256", Self.string(inputSHA256)),
            ("tool", JSONString.literal(tool)),
            ("strict", String(strict)),
        ]
        return "{\n" + members.map { "  \(JSONString.literal($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    private static func string(_ value: String?) -> String { value.map(JSONString.literal) ?? "null" }

    private static func number(_ value: Double?) -> String { value.map(plainNumber) ?? "null" }
}

/// A number as JSON and CSV want it: whole numbers without `.0`, others as
/// Swift's shortest round-tripping form; never grouped or localised.
func plainNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 9e15 { return String(Int64(value)) }
    return String(value)
}
