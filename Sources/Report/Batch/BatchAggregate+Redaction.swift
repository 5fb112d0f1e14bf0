extension BatchAggregate {
    /// How many sessions were written with `--redact`, and under which keys
    /// (their fingerprints), as each session's `tool` records it; `nil` when none was.
    var redactionNote: String? {
        let redacted = sessions.filter { $0.tool.contains(" --redact") }
        guard !redacted.isEmpty else { return nil }
        let keys = Set(redacted.compactMap { $0.tool.components(separatedBy: " --redact key ").dropFirst().first }).sorted()
        let how =
            keys.isEmpty
            ? "identifiers replaced by redacted (no key)"
            : "identifiers pseudonymised with the key\(keys.count == 1 ? "" : "s") whose fingerprint\(keys.count == 1 ? " is" : "s are") "
                + keys.joined(separator: ", ")
        return "\(Formatting.grouped(redacted.count)) of \(Formatting.grouped(sessions.count)) sessions: typed text masked; \(how)"
    }
}
