#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path as raw bytes, exactly as it was given (an argument of the command
/// line, a link's target): a file name on Linux need not be UTF-8, and a
/// `String` would change the bytes (a file named `bad\xff.jsonl` would become
/// "no such file").
package struct Path: Hashable, Sendable {
    /// The bytes of the path, without a terminating NUL.
    package let bytes: [UInt8]

    package init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    package init(_ text: String) {
        self.bytes = Array(text.utf8)
    }

    /// `-`: standard input or standard output.
    package var isStandardStream: Bool { bytes == [UInt8(ascii: "-")] }

    /// Whether the path ends with `suffix` and has something before it (`a.gz`, not `.gz`).
    package func hasSuffix(_ suffix: String) -> Bool { bytes.hasSuffix(suffix) }

    package var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// The path for people: UTF-8 as it is, any other byte and any control
    /// character as `\xHH`, so a hostile name cannot move the terminal's
    /// cursor, and a layout control (a bidirectional override, a line
    /// separator) as `\u{202E}`, so it cannot reorder the message around it.
    package var display: String {
        text(showingLayoutControls: true)
    }

    /// The path as a batch folder records it (a session's input, the root it
    /// was found under): as ``display``, but with layout controls as they
    /// are. The folder's stats files written before ``display`` showed them
    /// still name their roots so; the index and summaries show the controls
    /// of any text they write (`String.showingLayoutControls`).
    package var recordedText: String {
        text(showingLayoutControls: false)
    }

    private func text(showingLayoutControls: Bool) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            let valid = Self.validPrefixLength(rest)
            for scalar in String(decoding: rest.prefix(valid), as: UTF8.self).unicodeScalars {
                if scalar.isControlCharacter {
                    text += "\\x" + ASCIIHex.digits(UInt8(truncatingIfNeeded: scalar.value))
                } else if showingLayoutControls && scalar.isLayoutControl {
                    text += scalar.escapedForDisplay
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            rest = rest.dropFirst(valid)
            if let byte = rest.first {
                text += "\\x" + ASCIIHex.digits(byte)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    /// The folder that holds the last component (`.` for a bare name).
    package var folder: Path {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return Path(".") }
        return slash == 0 ? Path("/") : Path(bytes: bytes[..<slash])
    }

    /// The last component.
    package var lastComponent: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// `name` in the folder that holds this path's last component: `name`
    /// itself for a bare name or when it is absolute, as a link's target is
    /// read.
    package func sibling(_ name: [UInt8]) -> Path {
        if name.first == UInt8(ascii: "/") { return Path(bytes: name) }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return Path(bytes: name) }
        return Path(bytes: bytes[...slash] + name)
    }

    /// `other` inside this folder, or `other` itself when it is absolute or
    /// this path is empty (never `/other`).
    package func appending(_ other: [UInt8]) -> Path {
        if other.first == UInt8(ascii: "/") || bytes.isEmpty { return Path(bytes: other) }
        return Path(bytes: bytes + (bytes.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]) + other)
    }

    /// The path made absolute against the current folder and written plainly
    /// (`.` components, doubled and trailing slashes dropped; `..` kept,
    /// since a link may stand before it): `logs`, `logs/` and `./logs` are
    /// one path, wherever the command is started.
    package var absolute: Path {
        var bytes = self.bytes
        if !isAbsolute, let folder = getcwd(nil, 0) {
            bytes = CStringBytes.bytes(freeing: folder) + [UInt8(ascii: "/")] + bytes
        }
        let components = bytes.split(separator: UInt8(ascii: "/")).filter { $0 != [UInt8(ascii: ".")] }
        return Path(bytes: [UInt8(ascii: "/")] + components.joined(separator: [UInt8(ascii: "/")]))
    }

    /// Calls `body` with the path as a NUL-terminated C string, for system calls.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try CStringBytes.withCString(bytes, body)
    }

    /// How many leading bytes of `bytes` are well-formed UTF-8.
    private static func validPrefixLength(_ bytes: ArraySlice<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var length = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): length += UTF8.width(scalar)
            case .emptyInput: return length
            case .error: return length
            }
        }
    }
}
