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
    guard bytes.count == 36 else { return nil }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let valid = withUnsafeMutableBytes(of: &value) { out -> Bool in
        var position = 0
        var i = 0
        while i < 36 {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard bytes[i] == UInt8(ascii: "-") else { return false }
                i += 1
                continue
            }
            guard let high = ASCIIHex.value(of: bytes[i]), let low = ASCIIHex.value(of: bytes[i + 1]) else { return false }
            out[position] = high << 4 | low
            position += 1
            i += 2
        }
        return true
    }
    return valid ? UUID(uuid: value) : nil
}
