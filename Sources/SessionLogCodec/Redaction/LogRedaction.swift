import ByteLevel
public import Redaction

/// What `--redact` does to a log's text, applied by ``LogReader`` to every
/// record and diagnostic as the line is read, so that no unredacted text
/// reaches replay, spill files, reports or standard error.
///
/// Typed text (partial names, and so titles and cancelled names) and every
/// piece of the log quoted in a diagnostic are masked with `TextMask` (shape
/// kept, content gone); the header's `app` and `appVersion` are kept when
/// they look like an app's name and version (`AppLabel`: they key the
/// per-version funnel and name no person), else masked too;
/// `userId`, `sessionId` and every `context` value become keyed pseudonyms
/// (`Pseudonyms`), or `redacted` without a key. Context keys, timestamps,
/// `seq`, item ids and everything that is a number stay.
public struct LogRedaction: Sendable {
    /// The pseudonyms of identifiers (and of titles, for the summary).
    public let pseudonyms: Pseudonyms

    /// Redaction with `pseudonyms` (keyed, or `redacted` for every identifier).
    public init(pseudonyms: Pseudonyms) {
        self.pseudonyms = pseudonyms
    }

    /// Whether identifiers get keyed pseudonyms rather than `redacted`.
    public var isKeyed: Bool { pseudonyms.isKeyed }

    /// Whether it pseudonymises under a key, and which (by its fingerprint).
    public var mode: RedactionMode { RedactionMode(pseudonyms) }

    /// ``RecordStamp/nameIdentity`` of a name: 0 when empty, else a hash of
    /// its UTF-8 bytes that is never 0, seeded per process. Bytes, as the
    /// event table's `changed` compares names (and digests hash them): "é"
    /// and "e" with a combining accent are two names.
    static func identity(of name: String) -> UInt64 {
        guard !name.isEmpty else { return 0 }
        return FNV1a.hash(name.utf8, basis: identityBasis) | 1
    }

    /// Where ``identity(of:)`` starts, new in each process: identities are
    /// compared within one run and never written out.
    private static let identityBasis = UInt64.random(in: 1...UInt64.max)

    /// One line that says how a report was redacted, for its header and summary.
    public var description: String { mode.description }

    /// `record` with its text masked and its identifiers pseudonymised. An
    /// event's `digest` is dropped: it hashes the text as typed, so it would
    /// not match the masked state, and a short title could be guessed from it.
    public func redact(_ record: LogRecord) -> LogRecord {
        switch record {
        case .header(let header):
            return .header(redact(header))
        case .event(.changePartialItemName(let name), var stamp):
            if pseudonyms.isKeyed { stamp.namePseudonym = pseudonyms.pseudonym(of: name, as: .title) }
            stamp.nameIdentity = Self.identity(of: name)
            Self.dropDigest(&stamp)
            return .event(.changePartialItemName(TextMask.mask(name)), stamp)
        case .event(let event, var stamp):
            Self.dropDigest(&stamp)
            return .event(event, stamp)
        case .travel:
            return record
        }
    }

    /// Drops the stamp's digest, saying that it had one.
    private static func dropDigest(_ stamp: inout RecordStamp) {
        stamp.digestDropped = stamp.digest != nil
        stamp.digest = nil
    }

    /// `header` with `app` and `appVersion` kept or masked (`AppLabel`), its
    /// ids and context values pseudonymised.
    public func redact(_ header: SessionHeader) -> SessionHeader {
        var header = header
        header.app = header.app.map(AppLabel.redacted)
        header.appVersion = header.appVersion.map(AppLabel.redacted)
        header.sessionId = header.sessionId.map { pseudonyms.pseudonym(of: $0, as: .session) }
        header.userId = header.userId.map { pseudonyms.pseudonym(of: $0, as: .user) }
        header.context = header.context.map { .init(key: $0.key, value: pseudonyms.pseudonym(of: $0.value, as: .context)) }
        return header
    }

    /// Log text that a diagnostic message quotes, masked.
    public func quotable(_ text: String) -> String {
        TextMask.mask(text)
    }

    /// A message about the line's syntax or encoding with what it quotes of
    /// the line masked: one character in quotes (`found 'o'`, `a backslash
    /// followed by 'S'`) masked as typed text is, and byte values (`byte 0xE9`, which
    /// is `é` in Latin-1) shown as `0x??`. The punctuation it expects stays,
    /// as the mask keeps punctuation.
    func maskingQuotedText(in message: String) -> String {
        var characters = Array(message)
        var index = 0
        while index + 2 < characters.count {
            if characters[index] == "'" && characters[index + 2] == "'" {
                characters[index + 1] = TextMask.mask(characters[index + 1])
                index += 3
            } else if characters[index] == "0" && characters[index + 1] == "x" && index + 3 < characters.count
                && characters[index + 2].isHexDigit && characters[index + 3].isHexDigit
            {
                (characters[index + 2], characters[index + 3]) = ("?", "?")
                index += 4
            } else {
                index += 1
            }
        }
        return String(characters)
    }
}
