import Foundation

/// Parses the 36-character UUID form (`8-4-4-4-12` hex digits, either case)
/// straight from a line's bytes.
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
func parseUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
    let dash = UInt8(ascii: "-")
    guard bytes.count == 36, let text = bytes.baseAddress, text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash
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
