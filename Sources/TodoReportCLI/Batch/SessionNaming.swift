import ByteLevel
import Report
import SessionLog

/// NAME for each input: its relative path without `.jsonl`/`.jsonl.gz`,
/// every byte outside `A-Z a-z 0-9 . _ -` as `_`, folders joined by `--`,
/// at most 100 bytes (a longer one cut, with a short hash of its relative
/// path, so that names cut alike differ). Names that would be equal (ignoring case, for
/// case-insensitive file systems) all get a short hash of their path made
/// absolute, so a name depends neither on the order inputs came in nor on
/// how an INPUT was written (`logs`, `./logs/`, `$PWD/logs`).
enum SessionNaming {
    static let maxLength = 100

    static func names(for inputs: [BatchInput]) -> [String] {
        let bases = inputs.map { base($0.relative) }
        var groups: [String: Int] = [:]
        for name in bases { groups[name.lowercased(), default: 0] += 1 }
        var taken = Set<String>()
        return zip(inputs, bases).map { input, name in
            var unique = groups[name.lowercased(), default: 0] > 1 ? toldApart(name, for: input) : name
            var counter = 2
            while !taken.insert(unique.lowercased()).inserted {
                unique = toldApart(name, for: input) + "-\(counter)"
                counter += 1
            }
            return unique
        }
    }

    /// Another NAME for `input` than `name`, which a session of another root
    /// holds: `name` and a short hash of the input's absolute path, the name
    /// it gets in a run of both roots; under `--redact-key` a keyed pseudonym
    /// of that path instead (a plain hash of a path could be matched to a
    /// guess). Without a key every root is recorded alike, so no session is
    /// another root's and this is not asked for; it would end in `other`.
    static func alternative(to name: String, for input: BatchInput, redaction: LogRedaction?) -> String {
        guard let redaction else { return toldApart(name, for: input) }
        let suffix = redaction.isKeyed ? redaction.pseudonyms.pseudonym(of: input.path.absolute.recordedText, as: .file) : "other"
        return String(name.prefix(maxLength - suffix.utf8.count - 1)) + "-" + suffix
    }

    /// `name` told apart from the same NAME of another input: a short hash of
    /// the input's absolute path after it, never cut, so that a name already
    /// at the length limit keeps the hash that makes it its own.
    private static func toldApart(_ name: String, for input: BatchInput) -> String {
        name + "-" + pathHash(input)
    }

    static func base(_ relative: [UInt8]) -> String {
        cleaned(withoutLogSuffix(relative), hashing: relative)
    }

    /// `relative` without its log ending, `.jsonl` or `.jsonl.gz` (``BatchInput/extensions``).
    static func withoutLogSuffix(_ relative: [UInt8]) -> [UInt8] {
        var bytes = relative
        // No ending is the end of another: at most one matches.
        for suffix in BatchInput.extensions where bytes.hasSuffix(suffix) {
            bytes.removeLast(suffix.utf8.count)
            break
        }
        return bytes
    }

    /// `bytes` as a NAME (see the type's rules); `hashing` is what a name cut to its length is told apart by.
    static func cleaned(_ bytes: [UInt8], hashing relative: [UInt8]) -> String {
        var name = ""
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                name += "--"
            } else if SessionStats.isNameByte(byte) {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += "_"
            }
        }
        if name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name.isEmpty { name = "session" }
        if name.utf8.count > maxLength { name = String(name.prefix(maxLength - 9)) + "-" + hashText(relative) }
        return name
    }

    /// 8 hex digits of the input's absolute path: what tells apart inputs whose NAMEs would be equal.
    private static func pathHash(_ input: BatchInput) -> String {
        hashText(input.path.absolute.bytes)
    }

    private static func hashText(_ bytes: [UInt8]) -> String {
        ASCIIHex.text(of: FNV1a.hash(bytes) & 0xFFFF_FFFF, digits: 8)
    }
}
