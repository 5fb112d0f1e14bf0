#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes to and from the C strings of the system calls that take or give a
/// path (`stat`, `realpath`, `getcwd`, `readlink`, `readdir`) or the process's
/// arguments: a name need not be UTF-8, so it travels as bytes, and this is
/// the one place they become a C string and back.
package enum CStringBytes {
    /// The bytes of `text` up to its NUL.
    package static func bytes(of text: UnsafePointer<CChar>) -> [UInt8] {
        UnsafeRawBufferPointer(start: text, count: strlen(text)).map { $0 }
    }

    /// The bytes of a C string that a C function allocated with `malloc`
    /// (`realpath`, `getcwd`), which is then freed.
    package static func bytes(freeing text: UnsafeMutablePointer<CChar>) -> [UInt8] {
        defer { free(text) }
        return bytes(of: text)
    }

    /// The bytes of a fixed-size `char` array held in a C struct (a
    /// `dirent`'s `d_name`), up to its first NUL.
    package static func bytes<CharacterArray>(ofCharacterArray array: CharacterArray) -> [UInt8] {
        withUnsafeBytes(of: array) { raw in Array(raw.prefix { $0 != 0 }) }
    }

    /// Calls `body` with `bytes` and a NUL after them, as a C string.
    package static func withCString<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> Result) rethrows
        -> Result
    {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { preconditionFailure("a C string holds at least its NUL") }
                return try body(base)
            }
        }
    }

    /// The bytes a C function writes into a buffer of `capacity` characters
    /// (`readlink`): `fill` returns how many it wrote, or a negative number
    /// when it failed (then `nil`).
    package static func filled(capacity: Int, by fill: (UnsafeMutablePointer<CChar>, Int) -> Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: capacity)
        let length = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                characters.baseAddress.map { fill($0, characters.count) } ?? -1
            }
        }
        guard length >= 0 else { return nil }
        return Array(bytes[..<min(length, capacity)])
    }
}
