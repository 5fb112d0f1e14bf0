import ByteLevel

/// Reads a `stats/NAME.json` file's JSON in place, one value at a time,
/// straight into the types its reader wants: no tree of values, no string
/// per key, whole numbers read from their digits. The index reads 100,000
/// of these files, and a tree of dictionaries spent most of its time
/// hashing keys and counting references.
///
/// The text is strict JSON (RFC 8259): a member the reader does not know
/// is skipped, but its value is still checked, and an object that names a
/// member twice is refused, so a file is read only when it is one JSON
/// value. Nesting deeper than ``maximumDepth`` is refused.
struct StatsScanner {
    /// Objects and arrays nested deeper than this are refused.
    static let maximumDepth = 32

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// A scanner at the start of `bytes`.
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// How many bytes the scanner has read: where the next value starts, or
    /// the white space before it.
    var offset: Int { index }

    /// Where the first byte at or after `offset` that is not white space is:
    /// where a value the scanner could not read starts, for a message that
    /// points at it. Worked out only then, as it reads every byte before it.
    func position(ofValueAt offset: Int) -> TextPosition {
        var value = self
        value.index = min(offset, bytes.count)
        value.skipSpace()
        return TextPosition(offset: value.index, in: bytes)
    }

    /// Whether nothing but white space is left.
    mutating func isAtEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    // MARK: Objects and arrays

    /// Reads an object: `member` is called with each member's name (its
    /// escapes decoded) and the scanner at its value, which it must read
    /// or skip. False when the value is not an object, is malformed, or
    /// `member` returned false.
    mutating func object(_ member: (_ name: ArraySlice<UInt8>, _ scanner: inout StatsScanner) -> Bool) -> Bool {
        container(opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}")) { scanner in
            guard scanner.nextByte() == UInt8(ascii: "\""), let name = scanner.stringContent(),
                name.isValid || String(validating: name.bytes, as: UTF8.self) != nil, scanner.nextByte() == UInt8(ascii: ":")
            else { return false }
            scanner.index += 1
            return member(name.bytes, &scanner)
        }
    }

    /// Reads an array: `element` is called with the scanner at each
    /// element, which it must read or skip. False when the value is not an
    /// array, is malformed, or `element` returned false.
    mutating func array(_ element: (_ scanner: inout StatsScanner) -> Bool) -> Bool {
        container(opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), element)
    }

    /// An object or an array: its entries, each read by `entry` and
    /// followed by a comma or the closing byte.
    private mutating func container(opening: UInt8, closing: UInt8, _ entry: (inout StatsScanner) -> Bool) -> Bool {
        guard nextByte() == opening, depth < Self.maximumDepth else { return false }
        index += 1
        depth += 1
        defer { depth -= 1 }
        if nextByte() == closing {
            index += 1
            return true
        }
        while true {
            guard entry(&self), let separator = nextByte() else { return false }
            // Left at a wrong separator, so that ``position(ofValueAt:)`` points at it.
            guard separator == UInt8(ascii: ",") || separator == closing else { return false }
            index += 1
            if separator == closing { return true }
        }
    }

    /// Checks and passes over one value of any kind; false when it is not
    /// one JSON value (an object of it naming a member twice included).
    mutating func skipValue() -> Bool {
        switch nextByte() {
        case UInt8(ascii: "{"):
            var names = Members([])
            return object { name, scanner in names.find(name) == .other && scanner.skipValue() }
        case UInt8(ascii: "["): return array { $0.skipValue() }
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool() != nil
        case UInt8(ascii: "n"): return null()
        default: return number() != nil
        }
    }

    // MARK: Scalars

    /// Reads `null`; false (and nothing read) when the value is not `null`.
    mutating func null() -> Bool { literal("null") }

    /// Reads `true` or `false`; nil (and nothing read) for any other value.
    mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// Whether the next value is a string (nothing is read).
    mutating func isAtString() -> Bool { nextByte() == UInt8(ascii: "\"") }

    /// Reads a string, its escapes decoded; nil when the value is not a
    /// string or not UTF-8.
    mutating func string() -> String? {
        guard nextByte() == UInt8(ascii: "\""), let content = stringContent() else { return nil }
        return content.isValid ? String(decoding: content.bytes, as: UTF8.self) : String(validating: content.bytes, as: UTF8.self)
    }

    /// Reads a whole number (digits, after a minus at most) that fits in
    /// `Int64`; nil for any other value, a fraction or an exponent included.
    mutating func int64() -> Int64? {
        guard let (digits, isWhole) = number(), isWhole else { return nil }
        let isNegative = digits.first == UInt8(ascii: "-")
        // Summed negatively, so that Int64.min fits as well.
        var value: Int64 = 0
        for digit in isNegative ? digits.dropFirst() : digits {
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, underflowed) = shifted.subtractingReportingOverflow(Int64(digit &- UInt8(ascii: "0")))
            guard !overflowed, !underflowed else { return nil }
            value = next
        }
        if isNegative { return value }
        let (positive, overflowed) = (0 as Int64).subtractingReportingOverflow(value)
        return overflowed ? nil : positive
    }

    /// Reads a whole number that fits in `Int` (see ``int64()``).
    mutating func int() -> Int? { int64().flatMap { Int(exactly: $0) } }

    /// The largest count a stats file may hold: more than any log's lines
    /// (2^40, about 1.1 trillion), and small enough that the counts of
    /// millions of sessions add up in an `Int` without overflowing.
    static let largestCount = 1 << 40

    /// The largest magnitude of a time in milliseconds a stats file may hold
    /// (2^52, about 142,000 years): two of them add up without overflowing.
    static let largestMilliseconds: Int64 = 1 << 52

    /// Reads a count: a whole number from 0 to ``largestCount``.
    mutating func count() -> Int? { int().flatMap { (0...Self.largestCount).contains($0) ? $0 : nil } }

    /// Reads a file's size in bytes: a whole number from 0.
    mutating func size() -> Int? { int().flatMap { $0 >= 0 ? $0 : nil } }

    /// Reads a time or duration in milliseconds, within ``largestMilliseconds`` either way.
    mutating func milliseconds() -> Int64? {
        int64().flatMap { (-Self.largestMilliseconds...Self.largestMilliseconds).contains($0) ? $0 : nil }
    }

    /// Reads a value with `read` into `value`; false, and `value` as it
    /// was, when the value is not of that type.
    mutating func read<Value>(into value: inout Value, _ read: (inout StatsScanner) -> Value?) -> Bool {
        guard let read = read(&self) else { return false }
        value = read
        return true
    }

    /// Reads `null` as `.some(nil)`, else a value with `read`; nil when it
    /// is neither.
    mutating func nullable<Value>(_ read: (inout StatsScanner) -> Value?) -> Value?? {
        if null() { return .some(nil) }
        return read(&self).map { .some($0) }
    }

    // MARK: Bytes

    /// The next byte after white space, or nil at the end.
    private mutating func nextByte() -> UInt8? {
        skipSpace()
        return index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: String) -> Bool {
        guard nextByte() != nil, bytes[index...].starts(with: word.utf8) else { return false }
        index += word.utf8.count
        return true
    }

    /// A number's bytes, checked against JSON's grammar
    /// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`), and whether
    /// it is whole: no fraction and no exponent.
    private mutating func number() -> (bytes: ArraySlice<UInt8>, isWhole: Bool)? {
        guard nextByte() != nil else { return nil }
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index].isASCIIDigit else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        var isWhole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return nil }
            isWhole = false
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return nil }
            isWhole = false
        }
        return (bytes[start..<index], isWhole)
    }

    /// Passes over digits; false when there were none.
    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
        return index > start
    }

    /// A string's bytes, escapes decoded, and whether they are known to be UTF-8.
    private struct StringContent {
        var bytes: ArraySlice<UInt8>
        var isValid: Bool
    }

    /// The content of the string at `index` (its opening quote), escapes
    /// decoded, and whether it is known to be UTF-8 already: every byte
    /// outside an escape is ASCII (an escape always decodes to UTF-8).
    /// Only a string with escapes is copied; most have none.
    private mutating func stringContent() -> StringContent? {
        index += 1
        var decoded: [UInt8] = []
        var isEscaped = false
        var unescapedBits: UInt8 = 0
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            unescapedBits |= byte
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                guard isEscaped else { return StringContent(bytes: bytes[runStart..<index], isValid: unescapedBits < 0x80) }
                decoded += bytes[runStart..<index]
                return StringContent(bytes: decoded[...], isValid: unescapedBits < 0x80)
            }
            if byte < 0x20 { return nil }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            isEscaped = true
            decoded += bytes[runStart..<index]
            index += 1
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = escapedScalar() else { return nil }
                decoded += String(Character(scalar)).utf8
            default: return nil
            }
            runStart = index
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape whose `\u` was read, a surrogate
    /// pair's second half included; nil for a lone surrogate.
    private mutating func escapedScalar() -> Unicode.Scalar? {
        guard var code = hex4() else { return nil }
        if (0xD800...0xDBFF).contains(code) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        return Unicode.Scalar(code)
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count, let value = ASCIIHex.value(parsing: bytes[index..<index + 4], as: UInt32.self) else {
            return nil
        }
        index += 4
        return value
    }
}
