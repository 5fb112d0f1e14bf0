import ByteLevel
import Redaction

extension BatchAggregate {
    /// How many sessions were written with `--redact`, and under which keys
    /// (their fingerprints), as each session's stats record it; `nil` when none was.
    var redactionNote: String? {
        let modes = sessions.compactMap(\.redaction)
        guard !modes.isEmpty else { return nil }
        return "\(groupedDigits(modes.count)) of \(groupedDigits(sessions.count)) sessions: typed text masked; "
            + RedactionMode.identifiers(modes)
    }

    /// Whether the sessions were written under more than one redaction (some
    /// redacted and some not, or under other keys): shard runs with other
    /// options can leave a folder so, and its aggregates then show the
    /// unredacted sessions' ids and names beside the others' masks.
    public var mixesRedactions: Bool {
        Set(sessions.map(\.redaction)).count > 1
    }
}
