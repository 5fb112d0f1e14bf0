extension Array where Element == UInt8 {
    /// Appends `value` in decimal, as `String(value)` spells it, after as
    /// many `0`s as bring it to `width` bytes (its sign counted): what a
    /// timestamp's fields are written with, with no `String` made.
    package mutating func appendDecimal(_ value: Int, zeroPaddedTo width: Int = 0) {
        var magnitude = value.magnitude
        var digits = 1
        while magnitude >= 10 {
            digits += 1
            magnitude /= 10
        }
        let length = digits + (value < 0 ? 1 : 0)
        if width > length { append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - length)) }
        if value < 0 { append(UInt8(ascii: "-")) }
        let start = count
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        magnitude = value.magnitude
        var position = start + digits
        while magnitude > 0 {
            position -= 1
            self[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        }
    }
}
