/// How a session's outputs were redacted: with identifiers replaced by
/// ``Pseudonyms/withoutKey``, or pseudonymised under the key with a given
/// fingerprint (``Pseudonyms/keyFingerprint``). Typed text is masked in both.
///
/// A batch folder's stats file records it after the version in its `tool`
/// member (``toolSuffix``), so that a re-run with another redaction renders
/// the session again, and the folder's summary can say how its sessions
/// were redacted (``init(tool:)``). This type is the one place that writes
/// and reads those words.
public enum RedactionMode: Hashable, Sendable {
    /// Identifiers replaced by ``Pseudonyms/withoutKey``: `--redact` alone.
    case withoutKey
    /// Identifiers pseudonymised under the key with this fingerprint: `--redact-key FILE`.
    case keyed(fingerprint: String)

    /// The mode of `pseudonyms`.
    public init(_ pseudonyms: Pseudonyms) {
        self = pseudonyms.keyFingerprint.map { .keyed(fingerprint: $0) } ?? .withoutKey
    }

    private static let option = " --redact"
    private static let keyWord = " key "

    /// The words after the version in a stats file's `tool`: ` --redact`,
    /// or ` --redact key FINGERPRINT`.
    public var toolSuffix: String {
        switch self {
        case .withoutKey: Self.option
        case .keyed(let fingerprint): Self.option + Self.keyWord + fingerprint
        }
    }

    /// The mode a stats file's `tool` records (``toolSuffix`` after the
    /// version), or `nil` when it records none.
    public init?(tool: String) {
        guard let option = tool.firstRange(of: Self.option) else { return nil }
        let rest = tool[option.upperBound...]
        if rest.hasPrefix(Self.keyWord) {
            self = .keyed(fingerprint: String(rest.dropFirst(Self.keyWord.count)))
        } else {
            self = .withoutKey
        }
    }

    /// The key's fingerprint; `nil` without a key.
    public var keyFingerprint: String? {
        switch self {
        case .withoutKey: nil
        case .keyed(let fingerprint): fingerprint
        }
    }

    /// What happened to the identifiers of sessions redacted in any of
    /// `modes`, for a report's header and a summary: `identifiers replaced
    /// by redacted (no key)` when none had a key, else the fingerprints of
    /// every key used, sorted.
    public static func identifiers(_ modes: some Sequence<RedactionMode>) -> String {
        let fingerprints = Set(modes.compactMap(\.keyFingerprint)).sorted()
        guard !fingerprints.isEmpty else { return "identifiers replaced by \(Pseudonyms.withoutKey) (no key)" }
        let one = fingerprints.count == 1
        return "identifiers pseudonymised with the key\(one ? "" : "s") whose fingerprint\(one ? " is" : "s are") "
            + fingerprints.joined(separator: ", ")
    }

    /// One line that says how a session was redacted.
    public var description: String { "typed text masked; " + Self.identifiers([self]) }
}
