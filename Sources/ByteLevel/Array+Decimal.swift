extension Array where Element == UInt8 {
    /// Appends `value` in decimal, as `String(value)` spells it, with no
    /// `String` made: the numbers of a log's line and a page's diagnostics.
    package mutating func appendDecimal(_ value: Int64) {
        let magnitude = value.magnitude
        let digits = DecimalText.digitCount(magnitude)
        let sign = value < 0 ? 1 : 0
        let start = count
        let end = start + sign + digits
        // Room made of `-`s: the digits fill all but the sign's.
        append(contentsOf: repeatElement(UInt8(ascii: "-"), count: end - start))
        withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            DecimalText.write(magnitude, digits: digits, endingAt: base + end)
        }
    }

    /// Appends `value` in decimal, as the `Int64` one does.
    package mutating func appendDecimal(_ value: Int) {
        appendDecimal(Int64(value))
    }
}
