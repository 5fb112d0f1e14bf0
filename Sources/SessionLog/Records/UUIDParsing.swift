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
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    // Any byte that is no hexadecimal digit sets a bit above the low four.
    var invalid: UInt8 = 0
    withUnsafeMutableBytes(of: &value) { out in
        var offset = 0
        for position in 0..<16 {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 { offset += 1 }
            let high = ASCIIHex.nibble(text[offset])
            let low = ASCIIHex.nibble(text[offset + 1])
            invalid |= high | low
            out[position] = high << 4 | low
            offset += 2
        }
    }
    return invalid < 16 ? UUID(uuid: value) : nil
}
