import SessionLog

/// NAME for each input: its relative path without `.jsonl`/`.jsonl.gz`,
/// every byte outside `A-Z a-z 0-9 . _ -` as `_`, folders joined by `--`,
/// at most 100 bytes. Names that would be equal (ignoring case, for
/// case-insensitive file systems) all get a short hash of their path, so a
/// name does not depend on the order inputs came in.
enum SessionNaming {
    static let maxLength = 100

    static func names(for inputs: [BatchInput]) -> [String] {
        let bases = inputs.map { base($0.relative) }
        var groups: [String: Int] = [:]
        for name in bases { groups[name.lowercased(), default: 0] += 1 }
        var taken = Set<String>()
        return zip(inputs, bases).map { input, name in
            var unique = groups[name.lowercased(), default: 0] > 1 ? name + "-" + hashText(input.path.bytes) : name
            var counter = 2
            while !taken.insert(unique.lowercased()).inserted {
                unique = name + "-" + hashText(input.path.bytes) + "-\(counter)"
                counter += 1
            }
            return unique
        }
    }

    static func base(_ relative: [UInt8]) -> String {
        var bytes = relative
        for suffix in [".jsonl.gz", ".jsonl"] where bytes.count > suffix.utf8.count && bytes.reversed().starts(with: suffix.utf8.reversed())
        {
            bytes.removeLast(suffix.utf8.count)
            break
        }
        var name = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "/"): name += "--"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            default: name += "_"
            }
        }
        if name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name.isEmpty { name = "session" }
        if name.utf8.count > maxLength { name = String(name.prefix(maxLength - 9)) + "-" + hashText(relative) }
        return name
    }

    /// FNV-1a, 64 bits: stable across machines and runs (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func hashText(_ bytes: [UInt8]) -> String {
        let text = String(fnv1a(bytes) & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}
