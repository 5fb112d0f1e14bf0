extension Array where Element == UInt8 {
    /// Appends `value` in decimal, as `String(value)` spells it, after as
    /// many `0`s as bring it to `width` bytes (its sign counted), with no
    /// `String` made: a timestamp's fields, the event table's numbers.
    package mutating func appendDecimal(_ value: Int64, zeroPaddedTo width: Int = 0) {
        let magnitude = value.magnitude
        let digits = DecimalText.digitCount(magnitude)
        let sign = value < 0 ? 1 : 0
        let padding = Swift.max(0, width - digits - sign)
        let start = count
        let end = start + padding + sign + digits
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: end - start))
        withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            if sign == 1 { base.storeBytes(of: UInt8(ascii: "-"), toByteOffset: start + padding, as: UInt8.self) }
            DecimalText.write(magnitude, digits: digits, endingAt: base + end)
        }
    }

    /// Appends `value` in decimal, zero-padded as the `Int64` one does.
    package mutating func appendDecimal(_ value: Int, zeroPaddedTo width: Int = 0) {
        appendDecimal(Int64(value), zeroPaddedTo: width)
    }
}
