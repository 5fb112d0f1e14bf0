import ByteLevel

/// A moment in a session log: an RFC 3339 string or milliseconds since 1970.
///
/// Kept exactly to the nanosecond, as whole milliseconds and the nanoseconds
/// past them: every `t_ms` and duration is a difference of two times rounded
/// half away from zero, and a double (a quarter of a microsecond apart at
/// today's times) would round some of them the wrong way. Digits finer than a
/// nanosecond are cut.
public struct Timestamp: Hashable, Sendable, Comparable, BitwiseCopyable {
    /// Whole milliseconds since 1970-01-01T00:00:00Z, rounded down (a time
    /// before 1970 with a fraction counts from the millisecond before it).
    public let wholeMilliseconds: Int64
    /// Nanoseconds past ``wholeMilliseconds``, from 0 to 999,999.
    public let nanoseconds: Int32

    /// A time `wholeMilliseconds` and `nanoseconds` (carried into whole
    /// milliseconds past 999,999, or below 0) after 1970-01-01 UTC.
    public init(wholeMilliseconds: Int64, nanoseconds: Int32 = 0) {
        guard nanoseconds < 0 || nanoseconds >= 1_000_000 else {
            self.init(whole: wholeMilliseconds, below: nanoseconds)
            return
        }
        let (carry, rest) = Int64(nanoseconds).quotientAndRemainder(dividingBy: 1_000_000)
        let (whole, below) = rest < 0 ? (carry - 1, rest + 1_000_000) : (carry, rest)
        self.init(whole: wholeMilliseconds &+ whole, below: Int32(below))
    }

    /// A time whose nanoseconds are already from 0 to 999,999.
    private init(whole: Int64, below: Int32) {
        wholeMilliseconds = whole
        nanoseconds = below
    }

    /// A time as milliseconds since 1970-01-01 UTC (may be negative or
    /// fractional), to the nearest nanosecond; a value beyond the times
    /// ``isWritable`` names is kept at their edge, and NaN is their start.
    public init(millisecondsSince1970: Double) {
        let range = Timestamp.writableMilliseconds
        guard millisecondsSince1970 >= Double(range.lowerBound) else {
            self.init(wholeMilliseconds: range.lowerBound)
            return
        }
        guard millisecondsSince1970 < Double(range.upperBound) else {
            self.init(wholeMilliseconds: range.upperBound - 1, nanoseconds: 999_999)
            return
        }
        let whole = millisecondsSince1970.rounded(.down)
        self.init(wholeMilliseconds: Int64(whole), nanoseconds: Int32(((millisecondsSince1970 - whole) * 1_000_000).rounded()))
    }

    /// Milliseconds since 1970-01-01T00:00:00Z as the nearest double: for
    /// drawing and playback, not for the numbers (see ``milliseconds(since:)``).
    public var millisecondsSince1970: Double { Double(wholeMilliseconds) + Double(nanoseconds) / 1_000_000 }

    /// The whole milliseconds from `start` to this time, rounded half away
    /// from zero, worked out exactly: a `t_ms`, or a duration, as the numbers
    /// define them.
    public func milliseconds(since start: Timestamp) -> Int64 {
        var whole = wholeMilliseconds &- start.wholeMilliseconds
        var below = Int64(nanoseconds) - Int64(start.nanoseconds)
        if below < 0 {
            whole &-= 1
            below += 1_000_000
        }
        // `whole + below / 1,000,000`, with 0 ≤ below < 1,000,000.
        guard whole < 0, below > 0 else { return below >= 500_000 ? whole &+ 1 : whole }
        // A negative value with a fraction: round its magnitude, `-whole - 1` and `1,000,000 - below` nanoseconds.
        return -((-whole - 1) + (1_000_000 - below >= 500_000 ? 1 : 0))
    }

    /// This time less `start`, in milliseconds as the nearest double: exact
    /// where a difference of two doubles since 1970 would not be.
    public func millisecondsDouble(since start: Timestamp) -> Double {
        Double(wholeMilliseconds &- start.wholeMilliseconds) + Double(Int64(nanoseconds) - Int64(start.nanoseconds)) / 1_000_000
    }

    /// The times RFC 3339 can write in UTC: from 0000-01-01T00:00:00.000Z up to,
    /// not including, the year 10000, in whole milliseconds. A log's time outside
    /// them is `wrong-type`, so that every time the tool writes (a report, a
    /// table, a redacted log) reads back as the same time.
    public static let writableMilliseconds: Range<Int64> = -62_167_219_200_000..<253_402_300_800_000

    /// Whether ``rfc3339`` writes this time as it is (see ``writableMilliseconds``).
    public var isWritable: Bool { Timestamp.writableMilliseconds.contains(wholeMilliseconds) }

    /// Earlier times come first.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.wholeMilliseconds, lhs.nanoseconds) < (rhs.wholeMilliseconds, rhs.nanoseconds)
    }

    /// Parses RFC 3339 as written in section 5.6: `T` or `t`, `Z` or `z` or an
    /// offset, any number of fraction digits (to the nanosecond; finer ones are
    /// cut), a leap second `:60` (read as the last nanosecond of its minute,
    /// which milliseconds since 1970 have no room for otherwise). Impossible
    /// dates (February 30) give `nil`.
    public init?(rfc3339 text: String) {
        guard let parsed = text.withByteView({ Timestamp(rfc3339Bytes: $0) }) else { return nil }
        self = parsed
    }

    /// Parses RFC 3339 straight from a line's bytes: a timestamp on every
    /// record makes this part of the reader's hot path, so it reads the
    /// fixed-width date and time by position.
    init?(rfc3339Bytes utf8: ByteView) {
        // `YYYY-MM-DDTHH:MM:SS` and at least a `Z`.
        guard utf8.count >= 20 else { return nil }
        let bytes = utf8
        /// The two-digit number at `offset`, or `nil`.
        @inline(__always) func twoDigits(_ offset: Int) -> Int? {
            let tens = bytes[offset] &- UInt8(ascii: "0")
            let ones = bytes[offset + 1] &- UInt8(ascii: "0")
            guard tens < 10, ones < 10 else { return nil }
            return Int(tens) * 10 + Int(ones)
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let century = twoDigits(0), let yearOfCentury = twoDigits(2), let month = twoDigits(5), let day = twoDigits(8),
            let hour = twoDigits(11), let minute = twoDigits(14), let second = twoDigits(17)
        else { return nil }
        let year = century * 100 + yearOfCentury
        let count = utf8.count
        var position = 19
        // Fraction digits: the first nine as whole nanoseconds; any further ones are cut.
        var nanoseconds = 0
        if bytes[position] == UInt8(ascii: ".") {
            position += 1
            var digits = 0
            while position < count {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if digits < 9 { nanoseconds = nanoseconds * 10 + Int(digit) }
                digits += 1
                position += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 9) { nanoseconds *= 10 }
        }
        guard position < count else { return nil }
        var offsetMinutes = 0
        switch bytes[position] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            position += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            // `+HH:MM`
            guard count - position == 6, bytes[position + 3] == UInt8(ascii: ":"),
                let offsetHour = twoDigits(position + 1), let offsetMinute = twoDigits(position + 4),
                offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (bytes[position] == UInt8(ascii: "-") ? -1 : 1)
            position += 6
        default:
            return nil
        }
        guard position == count, (1...12).contains(month), day >= 1,
            day <= Timestamp.daysIn(month: month, year: year), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = Timestamp.daysSince1970(year: year, month: month, day: day)
        let minuteStart = days * 86_400 + hour * 3_600 + minute * 60 - offsetMinutes * 60
        guard second < 60 else {
            // Time since 1970 has no 61st second: a leap second, whatever its fraction, is read as the
            // last nanosecond of its minute, after every time of the second before it and before the
            // minute after (written as …:59.999).
            self.init(wholeMilliseconds: Int64(minuteStart + 60) * 1_000 - 1, nanoseconds: 999_999)
            return
        }
        self.init(
            wholeMilliseconds: Int64(minuteStart + second) * 1_000 + Int64(nanoseconds / 1_000_000),
            nanoseconds: Int32(nanoseconds % 1_000_000))
    }

    /// RFC 3339 in UTC with milliseconds, as the recorder writes it:
    /// `2026-11-29T09:00:01.250Z`. A time that is not ``isWritable`` is
    /// written as the nearest one that is (the reader never makes one).
    public var rfc3339: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendRFC3339(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many bytes ``rfc3339`` has, whatever the time: every writable year has four digits.
    package static let rfc3339Count = 24

    /// Appends ``rfc3339``'s UTF-8 to `bytes`, with no `String` made (an
    /// event table writes one on every row).
    package func appendRFC3339(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(byteCount: Self.rfc3339Count, alignment: 1) { text in
            guard let base = text.baseAddress else { return }
            writeRFC3339(to: base)
            bytes.append(contentsOf: UnsafeRawBufferPointer(text))
        }
    }

    /// Writes ``rfc3339``'s UTF-8 at `target`, which must have room for
    /// ``rfc3339Count`` bytes: for writers that put times straight into their
    /// buffers. Each field is written as its fixed number of digits.
    package func writeRFC3339(to target: UnsafeMutableRawPointer) {
        let range = Timestamp.writableMilliseconds
        let totalMilliseconds = min(max(wholeMilliseconds, range.lowerBound), range.upperBound - 1)
        let milliseconds = Int(((totalMilliseconds % 1000) + 1000) % 1000)
        let totalSeconds = (totalMilliseconds - Int64(milliseconds)) / 1000
        var days = Int(totalSeconds / 86_400)
        var secondOfDay = Int(totalSeconds % 86_400)
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = Timestamp.civil(fromDaysSince1970: days)
        /// `value` (never negative here) as `count` digits, ending just before byte `end`.
        func digits(_ value: Int, _ count: Int, endingAt end: Int) {
            DecimalText.write(UInt64(value), digits: count, endingAt: target + end)
        }
        // 2026-11-29T09:00:01.250Z
        digits(year, 4, endingAt: 4)
        digits(month, 2, endingAt: 7)
        digits(day, 2, endingAt: 10)
        digits(secondOfDay / 3600, 2, endingAt: 13)
        digits(secondOfDay / 60 % 60, 2, endingAt: 16)
        digits(secondOfDay % 60, 2, endingAt: 19)
        digits(milliseconds, 3, endingAt: 23)
        func separator(_ byte: Unicode.Scalar, at offset: Int) {
            target.storeBytes(of: UInt8(ascii: byte), toByteOffset: offset, as: UInt8.self)
        }
        separator("-", at: 4)
        separator("-", at: 7)
        separator("T", at: 10)
        separator(":", at: 13)
        separator(":", at: 16)
        separator(".", at: 19)
        separator("Z", at: 23)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Howard Hinnant's `days_from_civil`.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Howard Hinnant's `civil_from_days`.
    static func civil(fromDaysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
