import SessionLog

extension SessionStats {
    /// The file's text: one member per line in the schema's order, keys of
    /// `codes` sorted, so the same session always gives the same bytes.
    public var json: String {
        let string = SessionNumbers.string
        var members: [(String, String)] = [
            ("schema", JSONString.literal(schema)),
            ("name", JSONString.literal(name)),
            ("input", JSONString.literal(input)),
            ("root", string(root)),
            ("report", string(report)),
            ("reportBytes", reportBytes.map(String.init) ?? "null"),
            ("reportSHA256", string(reportSHA256)),
            ("eventTable", string(eventTable)),
            ("eventTableBytes", eventTableBytes.map(String.init) ?? "null"),
            ("eventTableSHA256", string(eventTableSHA256)),
            ("status", JSONString.literal(status.rawValue)),
            ("problem", string(problem)),
            ("sessionId", string(sessionId)),
            ("userId", string(userId)),
            ("app", string(app)),
            ("appVersion", string(appVersion)),
        ]
        members += numbers.jsonMembers
        members += [
            ("inputBytes", String(inputBytes)),
            ("inputSHA256", string(inputSHA256)),
            ("tool", JSONString.literal(tool)),
            ("strict", String(strict)),
        ]
        return "{\n" + members.map { "  \(JSONString.literal($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }
}
