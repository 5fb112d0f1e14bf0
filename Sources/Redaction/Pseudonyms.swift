import ByteLevel
import Digests

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Stable keyed pseudonyms for identifiers (user and session ids, context
/// values, titles): HMAC-SHA256 of the value under the team's secret key, so
/// the same value gets the same pseudonym across sessions and runs, and
/// analysts can still count one person's sessions, without anyone who lacks
/// the key learning the value. Without a key every value is `redacted`.
public struct Pseudonyms: Sendable {
    /// What a value is: each kind has its own prefix, and the same text as a
    /// user id and as a title gets two unrelated pseudonyms.
    public enum Kind: String, Sendable, CaseIterable {
        case user = "u"
        case session = "s"
        case context = "c"
        case title = "t"
        /// An input's file name (`batch` NAMEs under `--redact-key`).
        case file = "f"
    }

    /// What every value becomes without a key.
    public static let withoutKey = "redacted"

    private let key: [UInt8]?
    private let keyed: HMACSHA256.Key?

    /// Pseudonyms under `key`, or plain `redacted` for every value when `key` is `nil`.
    /// The key is taken as it is; a key read from a file is checked by
    /// ``init(keyFileContents:)``.
    public init(key: [UInt8]?) {
        self.key = key
        keyed = key.map(HMACSHA256.Key.init)
    }

    /// The fewest bytes a key file's secret may have (less its trailing line
    /// break): 128 bits of a random key, and too long for a word or a name.
    public static let minimumKeyBytes = 16

    /// Reads the key from a file: its bytes, less one trailing line break (so
    /// a key written by `echo` or `openssl rand -hex 32 >` works as it reads).
    ///
    /// - Throws: The file's read error, or a ``KeyFileProblem`` when it holds
    ///   no secret or one too short (see ``init(keyFileContents:)``).
    public init(keyFile url: URL) throws {
        try self.init(keyFileContents: [UInt8](try Data(contentsOf: url)))
    }

    /// The key in a key file's `bytes`: less one trailing line break (`\n` or `\r\n`).
    ///
    /// - Throws: ``KeyFileProblem/noSecret`` for bytes of only white space,
    ///   ``KeyFileProblem/tooShort(bytes:)`` for fewer than ``minimumKeyBytes``:
    ///   such a key could be found by trying candidates against the
    ///   ``keyFingerprint`` every keyed output shows.
    public init(keyFileContents bytes: [UInt8]) throws(KeyFileProblem) {
        guard !bytes.allSatisfy({ $0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09 }) else { throw .noSecret }
        var bytes = bytes
        if bytes.last == 0x0A { bytes.removeLast() }
        if bytes.last == 0x0D { bytes.removeLast() }
        guard bytes.count >= Self.minimumKeyBytes else { throw .tooShort(bytes: bytes.count) }
        self.init(key: bytes)
    }

    /// Whether values get keyed pseudonyms (`false`: they are all `redacted`).
    public var isKeyed: Bool { key != nil }

    /// How many bytes the key has (0 without one), so that a caller can refuse one too short to
    /// keep its pseudonyms from being guessed against ``keyFingerprint``.
    public var keyLength: Int { key?.count ?? 0 }

    /// `u-3f9a2c1d`: the kind's prefix and the first 8 hexadecimal digits of
    /// the value's HMAC-SHA256 under the key (with the kind, so kinds do not
    /// collide); ``withoutKey`` when there is no key.
    public func pseudonym(of value: String, as kind: Kind) -> String {
        guard let keyed else { return Self.withoutKey }
        let mac = keyed.mac(of: kind.rawValue, value, separatedBy: 0)
        let bits = mac.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
        return Self.text(bits, as: kind)
    }

    /// A keyed pseudonym's text: the kind's prefix and its 32 bits as 8
    /// hexadecimal digits (`t-3f9a2c1d`), as ``pseudonym(of:as:)`` writes it.
    public static func text(_ bits: UInt32, as kind: Kind) -> String {
        kind.rawValue + "-" + ASCIIHex.text(of: bits, digits: 8)
    }

    /// The 32 bits of `pseudonym`, a keyed pseudonym of `kind` (``text(_:as:)``
    /// read back, to keep one in 4 bytes), or `nil` for any other text.
    public static func bits(of pseudonym: String, as kind: Kind) -> UInt32? {
        let prefix = kind.rawValue + "-"
        guard pseudonym.hasPrefix(prefix) else { return nil }
        let digits = pseudonym.utf8.dropFirst(prefix.utf8.count)
        guard digits.count == 8 else { return nil }
        return ASCIIHex.value(parsing: digits, as: UInt32.self, lowercaseOnly: true)
    }

    /// A fingerprint of the key (16 hexadecimal digits of a SHA-256 over it)
    /// that reports show to say which key made their pseudonyms, without
    /// showing the key; `nil` without a key.
    public var keyFingerprint: String? {
        key.map { SHA256.hash(Array("todo-report key fingerprint".utf8) + [0] + $0).prefix(8).lowercaseHex }
    }
}
