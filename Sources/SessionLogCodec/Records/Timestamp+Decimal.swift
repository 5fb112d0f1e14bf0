import ByteLevel

extension Timestamp {
    /// Reads a JSON number of milliseconds since 1970 (`1795942801250.4999`,
    /// `1.7959428012504999e12`, `-0.25`) exactly: its digits to the nanosecond,
    /// any finer ones cut toward the past, as the fraction of an RFC 3339 time
    /// is. `nil` when its whole milliseconds do not fit in 64 bits (`1e400`).
    ///
    /// `text` is a number the JSON parser has already checked.
    init?(decimalMilliseconds text: ByteView) {
        let count = text.count
        var position = 0
        let negative = count > 0 && text[0] == UInt8(ascii: "-")
        if negative { position += 1 }
        let integerStart = position
        while position < count, text[position].isASCIIDigit { position += 1 }
        let integerCount = position - integerStart
        var fractionStart = position
        var fractionCount = 0
        if position < count, text[position] == UInt8(ascii: ".") {
            position += 1
            fractionStart = position
            while position < count, text[position].isASCIIDigit { position += 1 }
            fractionCount = position - fractionStart
        }
        var exponent = 0
        if position < count, text[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            let exponentIsNegative = position < count && text[position] == UInt8(ascii: "-")
            if position < count, text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") { position += 1 }
            while position < count, text[position].isASCIIDigit {
                // Past a million digits either way the number is 0 or far too large: stop counting.
                exponent = min(exponent * 10 + Int(text[position] - UInt8(ascii: "0")), 1_000_000)
                position += 1
            }
            if exponentIsNegative { exponent = -exponent }
        }
        // The digits, integer part then fraction, as one sequence whose decimal point
        // comes after `point` of them (before the first when negative, past the last when larger).
        let digitCount = integerCount + fractionCount
        let point = integerCount + exponent
        func digit(_ k: Int) -> Int64 {
            guard k >= 0, k < digitCount else { return 0 }
            let byte = k < integerCount ? text[integerStart + k] : text[fractionStart + k - integerCount]
            return Int64(byte - UInt8(ascii: "0"))
        }
        // The magnitude: whole milliseconds, the nanoseconds past them, and whether any digit beyond was not 0.
        var whole: Int64 = 0
        for k in 0..<max(0, min(point, digitCount)) {
            let (times10, overflowed) = whole.multipliedReportingOverflow(by: 10)
            guard !overflowed else { return nil }
            whole = times10 + digit(k)
        }
        if whole != 0 {
            for _ in stride(from: digitCount, to: point, by: 1) {
                let (times10, overflowed) = whole.multipliedReportingOverflow(by: 10)
                guard !overflowed else { return nil }
                whole = times10
            }
        }
        var nanoseconds: Int64 = 0
        for k in point..<point + 6 { nanoseconds = nanoseconds * 10 + digit(k) }
        var beyond = false
        for k in max(point + 6, 0)..<max(point + 6, digitCount) where digit(k) != 0 {
            beyond = true
            break
        }
        guard negative else {
            self.init(wholeMilliseconds: whole, nanoseconds: Int32(nanoseconds))
            return
        }
        // Toward the past: the magnitude's fraction rounded up to a whole nanosecond, then taken away.
        let up = nanoseconds + (beyond ? 1 : 0)
        self.init(wholeMilliseconds: -whole, nanoseconds: Int32(-up))
    }

    /// The time as the exact decimal number of milliseconds it is
    /// (`1795942801250.4999`, `-0.25`): how a log keeps a time that is not a
    /// whole millisecond when it is written again.
    package var decimalMilliseconds: String {
        guard nanoseconds != 0 else { return String(wholeMilliseconds) }
        // Before 1970, the magnitude is the millisecond after the whole one, less the nanoseconds.
        let (sign, whole, fraction) =
            wholeMilliseconds < 0
            ? ("-", -(wholeMilliseconds + 1), 1_000_000 - Int(nanoseconds)) : ("", wholeMilliseconds, Int(nanoseconds))
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }
}
