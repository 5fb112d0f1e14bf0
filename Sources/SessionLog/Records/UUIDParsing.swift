import Foundation

/// Parses the 36-character UUID form (`8-4-4-4-12` hex digits, either case)
/// straight from a line's bytes.
func parseUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard bytes.count == 36 else { return nil }
    var value = [UInt8](repeating: 0, count: 16)
    var out = 0
    var i = 0
    while i < 36 {
        if i == 8 || i == 13 || i == 18 || i == 23 {
            guard bytes[i] == UInt8(ascii: "-") else { return nil }
            i += 1
            continue
        }
        guard let high = hexValue(bytes[i]), let low = hexValue(bytes[i + 1]) else { return nil }
        value[out] = high << 4 | low
        out += 1
        i += 2
    }
    return UUID(uuid: (
        value[0], value[1], value[2], value[3], value[4], value[5], value[6], value[7],
        value[8], value[9], value[10], value[11], value[12], value[13], value[14], value[15]
    ))
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
