#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// The 36-character UUID form (`8-4-4-4-12` hex digits), read in either case
/// straight from a line's bytes and written in upper case, as
/// `UUID.uuidString` spells it, straight into a writer's buffer.
///
/// Written here rather than taken from libuuid, on purpose:
/// - `uuid_parse` wants a NUL-terminated string; only util-linux has
///   `uuid_parse_range`, macOS's libuuid (part of libSystem, with no pkg-config
///   file) does not, so one system-library target could not serve both
///   without a copy per id or per-platform code.
/// - util-linux checks digits with `isxdigit`, which depends on the C locale,
///   and converts with `strtoul` on copied pieces; this is one pass, no calls.
/// - It is the reader's hot path (an id per `addItem` in a million-record log)
///   and allocates nothing.
/// Derived ids (`DerivedItemID`) stay our own too: libuuid's name-based
/// `uuid_generate_sha1` makes version-5 ids that differ from the ones every
/// existing report carries, and macOS's libuuid has no such function.
package enum UUIDText {
    /// The length of the text form.
    package static let count = 36

    /// The UUID that `bytes` spell, or `nil` when they are not exactly one.
    package static func parse(_ bytes: ByteView) -> UUID? {
        let dash = UInt8(ascii: "-")
        guard bytes.count == count, let text = bytes.buffer.baseAddress, text[8] == dash, text[13] == dash, text[18] == dash,
            text[23] == dash
        else { return nil }
        // Any byte that is no hexadecimal digit sets a bit above the low four.
        var invalid: UInt8 = 0
        @inline(__always) func byte(at offset: Int) -> UInt8 {
            let high = ASCIIHex.nibble(text[offset])
            let low = ASCIIHex.nibble(text[offset + 1])
            invalid |= high | low
            return high << 4 | low
        }
        let value: uuid_t = (
            byte(at: 0), byte(at: 2), byte(at: 4), byte(at: 6), byte(at: 9), byte(at: 11), byte(at: 14), byte(at: 16),
            byte(at: 19), byte(at: 21), byte(at: 24), byte(at: 26), byte(at: 28), byte(at: 30), byte(at: 32), byte(at: 34)
        )
        return invalid < 16 ? UUID(uuid: value) : nil
    }

    /// Writes `id` as `UUID.uuidString` spells it (36 characters, upper-case
    /// hex) at `target`, which must have room for 36 bytes: for writers that
    /// put ids straight into their buffers (the page's spills, state digests).
    package static func write(_ id: uuid_t, to target: UnsafeMutableRawPointer) {
        withUnsafeBytes(of: id) { raw in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    target.storeBytes(of: UInt8(ascii: "-"), toByteOffset: position, as: UInt8.self)
                    position += 1
                }
                let byte = raw[index]
                target.storeBytes(of: ASCIIHex.upperDigit(byte >> 4), toByteOffset: position, as: UInt8.self)
                target.storeBytes(of: ASCIIHex.upperDigit(byte & 0x0F), toByteOffset: position + 1, as: UInt8.self)
                position += 2
            }
        }
    }

    /// Appends `id` as `UUID.uuidString` spells it to `bytes`.
    package static func append(_ id: uuid_t, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { text in
            if let base = text.baseAddress {
                write(id, to: base)
                bytes.append(contentsOf: UnsafeRawBufferPointer(text))
            }
        }
    }
}
