import ByteLevel

/// A moment in a session log: an RFC 3339 string or milliseconds since 1970.
public struct Timestamp: Hashable, Sendable, Comparable {
    /// Milliseconds since 1970-01-01T00:00:00Z (may be negative or fractional).
    public var millisecondsSince1970: Double

    /// A time as milliseconds since 1970-01-01 UTC (may be negative or fractional).
    public init(millisecondsSince1970: Double) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The times RFC 3339 can write in UTC: from 0000-01-01T00:00:00.000Z up to,
    /// not including, the year 10000. A log's time outside them is `wrong-type`,
    /// so that every time the tool writes (a report, a table, a redacted log)
    /// reads back as the same time.
    public static let writableMilliseconds: Range<Double> = -62_167_219_200_000..<253_402_300_800_000

    /// Whether ``rfc3339`` writes this time as it is (see ``writableMilliseconds``).
    public var isWritable: Bool { Timestamp.writableMilliseconds.contains(millisecondsSince1970) }

    /// Earlier times come first.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// Parses RFC 3339 as written in section 5.6: `T` or `t`, `Z` or `z` or an
    /// offset, any number of fraction digits, a leap second `:60` (read as the
    /// last instant of its minute that a double holds, which milliseconds since
    /// 1970 have no room for otherwise). Impossible dates (February 30) give `nil`.
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
        // Fraction digits: the first nine as whole nanoseconds (exact), any further ones as a tiny remainder.
        var nanoseconds = 0
        var beyondNanoseconds = 0.0
        if bytes[position] == UInt8(ascii: ".") {
            position += 1
            var digits = 0
            var scale = 1e-10
            while position < count {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if digits < 9 {
                    nanoseconds = nanoseconds * 10 + Int(digit)
                } else {
                    beyondNanoseconds += Double(digit) * scale * 1e9
                    scale /= 10
                }
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
            // Time since 1970 has no 61st second: a leap second is read as the last instant of its minute
            // a double holds, after every time of the second before it (…:59.9999999 too) and before the
            // minute after (written as …:59.999).
            self.millisecondsSince1970 = (Double(minuteStart + 60) * 1_000).nextDown
            return
        }
        let wholeMilliseconds = (minuteStart + second) * 1_000 + nanoseconds / 1_000_000
        let belowMilliseconds = Double(nanoseconds % 1_000_000) / 1_000_000 + beyondNanoseconds / 1_000_000
        self.millisecondsSince1970 = Timestamp.milliseconds(whole: wholeMilliseconds, fraction: belowMilliseconds)
    }

    /// `whole + fraction` as a double that still lies in the millisecond `whole`
    /// (`0 ≤ fraction < 1`). A double has only about a quarter of a microsecond
    /// to spare at today's times, so `…:59.999999999Z` would round up to the next
    /// second and be written a millisecond late; it becomes the last double
    /// before the next millisecond instead, keeping times in order.
    static func milliseconds(whole: Int, fraction: Double) -> Double {
        let start = Double(whole)
        let end = Double(whole + 1)
        return min(start + fraction, end.nextDown)
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

    /// Appends ``rfc3339``'s UTF-8 to `bytes`, with no `String` made (an
    /// event table writes one on every row).
    package func appendRFC3339(to bytes: inout [UInt8]) {
        let range = Timestamp.writableMilliseconds
        let clamped =
            millisecondsSince1970.isNaN
            ? range.lowerBound : min(max(millisecondsSince1970, range.lowerBound), range.upperBound - 1)
        let totalMilliseconds = Int64(clamped.rounded(.down))
        let milliseconds = Int(((totalMilliseconds % 1000) + 1000) % 1000)
        let totalSeconds = (totalMilliseconds - Int64(milliseconds)) / 1000
        var days = Int(totalSeconds / 86_400)
        var secondOfDay = Int(totalSeconds % 86_400)
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = Timestamp.civil(fromDaysSince1970: days)
        bytes.appendDecimal(year, zeroPaddedTo: 4)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(month, zeroPaddedTo: 2)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(day, zeroPaddedTo: 2)
        bytes.append(UInt8(ascii: "T"))
        bytes.appendDecimal(secondOfDay / 3600, zeroPaddedTo: 2)
        bytes.append(UInt8(ascii: ":"))
        bytes.appendDecimal(secondOfDay / 60 % 60, zeroPaddedTo: 2)
        bytes.append(UInt8(ascii: ":"))
        bytes.appendDecimal(secondOfDay % 60, zeroPaddedTo: 2)
        bytes.append(UInt8(ascii: "."))
        bytes.appendDecimal(milliseconds, zeroPaddedTo: 3)
        bytes.append(UInt8(ascii: "Z"))
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
