import Redaction

extension BatchAggregate {
    /// How many sessions were written with `--redact`, and under which keys
    /// (their fingerprints), as each session's stats record it; `nil` when none was.
    var redactionNote: String? {
        let modes = sessions.compactMap(\.redaction)
        guard !modes.isEmpty else { return nil }
        return "\(Formatting.grouped(modes.count)) of \(Formatting.grouped(sessions.count)) sessions: typed text masked; "
            + RedactionMode.identifiers(modes)
    }
}
