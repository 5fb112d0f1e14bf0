/// Whole numbers as decimal digits, written in place: the one digit loop
/// behind ``SpillFile``'s numbers in the page's data, the byte arrays' and
/// ``FixedByteBuffer``'s (the event table's numbers), and a timestamp's fields.
package enum DecimalText {
    /// How many decimal digits `magnitude` has. Most numbers written have a
    /// digit or a few: their length is found by comparisons.
    @inline(__always)
    package static func digitCount(_ magnitude: UInt64) -> Int {
        if magnitude < 10 { return 1 }
        if magnitude < 100 { return 2 }
        if magnitude < 1_000 { return 3 }
        if magnitude < 10_000 { return 4 }
        var count = 5
        var rest = magnitude / 100_000
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Writes the last `digits` digits of `magnitude` into the bytes just
    /// before `end`: all of them with ``digitCount(_:)`` of it, or a field of
    /// fixed width (`07`), zeros before a shorter value.
    @inline(__always)
    package static func write(_ magnitude: UInt64, digits: Int, endingAt end: UnsafeMutableRawPointer) {
        var magnitude = magnitude
        var position = -1
        for _ in 0..<digits {
            let (quotient, digit) = magnitude.quotientAndRemainder(dividingBy: 10)
            end.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit), toByteOffset: position, as: UInt8.self)
            magnitude = quotient
            position -= 1
        }
    }
}
