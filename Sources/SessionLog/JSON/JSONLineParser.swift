/// A validating RFC 8259 parser for one line, made for records: it decodes
/// the top-level members that are `RecordKey`s and validates the rest
/// without building them. Nesting depth is unlimited (no recursion).
///
/// The bytes must already be valid UTF-8.
struct JSONLineParser {
    /// What a line holds: an object's wanted members, or some other JSON value.
    enum TopLevel {
        case object(duplicateKeys: [String])
        case notAnObject
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses the whole line, putting the members whose keys are
    /// ``RecordKey``s into `fields` (which it clears first).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into fields: RecordFields) throws(JSONSyntaxError) -> TopLevel {
        fields.removeAll()
        var parser = JSONLineParser(bytes: bytes)
        parser.skipWhitespace()
        let result: TopLevel
        if parser.peek() == UInt8(ascii: "{") {
            result = try parser.parseTopObject(into: fields)
        } else {
            try parser.skipValue()
            result = .notAnObject
        }
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return result
    }

    /// The text of a string value of `bytes`.
    static func decode(_ raw: RawString, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let content = UnsafeBufferPointer(rebasing: bytes[raw.start..<raw.end])
        guard raw.hasEscapes else { return String(decoding: content, as: UTF8.self) }
        return unescape(content)
    }

    // MARK: Top-level object

    /// The members of the (already validated) object at `start`, each value as
    /// display text: a string's content, or any other value's JSON as written.
    static func membersAsText(ofObjectAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [(key: String, value: String)] {
        var parser = JSONLineParser(bytes: bytes)
        parser.index = start
        return (try? parser.parseMembersAsText()) ?? []
    }

    private mutating func parseTopObject(into fields: RecordFields) throws(JSONSyntaxError) -> TopLevel {
        index += 1  // {
        var knownSeen: UInt32 = 0
        var otherKeys = DuplicateKeyFinder()
        var duplicates: [String] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return .object(duplicateKeys: [])
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw expectation("a string key")
            }
            let rawKey = try scanString()
            let keyBytes = UnsafeBufferPointer(rebasing: bytes[rawKey.start..<rawKey.end])
            let key: RecordKey?
            if rawKey.hasEscapes {
                let text = Self.unescape(keyBytes)
                key = RecordKey(name: text)
                if key == nil, otherKeys.insert(Array(text.utf8)) { duplicates.append(text) }
            } else {
                key = RecordKey(bytes: keyBytes)
                if key == nil, otherKeys.insert(Array(keyBytes)) { duplicates.append(String(decoding: keyBytes, as: UTF8.self)) }
            }
            if let key {
                let bit = UInt32(1) << UInt32(key.rawValue)
                if knownSeen & bit != 0 { duplicates.append(key.name) }
                knownSeen |= bit
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw expectation("':' after an object key") }
            index += 1
            skipWhitespace()
            if let key {
                let column = index + 1
                let value = try parseWantedValue()
                fields[key] = JSONField(key: key, value: value, column: column)  // the last one wins
            } else {
                try skipValue()
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(duplicateKeys: duplicates)
            default: throw expectation("',' or '}' after an object member")
            }
        }
    }

    private mutating func parseWantedValue() throws(JSONSyntaxError) -> JSONValue {
        switch peek() {
        case UInt8(ascii: "\""): return .string(try scanString())
        case UInt8(ascii: "{"):
            let start = index
            try skipValue()
            return .object(start: start)
        case UInt8(ascii: "["):
            try skipValue()
            return .array
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            return try parseNumber()
        }
    }

    /// An object whose members are kept as display text (the header's `context`).
    private mutating func parseMembersAsText() throws(JSONSyntaxError) -> [(key: String, value: String)] {
        index += 1  // {
        var members: [(key: String, value: String)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw expectation("a string key") }
            let key = Self.decode(try scanString(), in: bytes)
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw expectation("':' after an object key") }
            index += 1
            skipWhitespace()
            let value: String
            if peek() == UInt8(ascii: "\"") {
                value = Self.decode(try scanString(), in: bytes)
            } else {
                let start = index
                try skipValue()
                value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            members.append((key, value))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return members
            default: throw expectation("',' or '}' after an object member")
            }
        }
    }

    // MARK: Skipping any value, iteratively

    /// Validates one value of any depth without building it.
    private mutating func skipValue() throws(JSONSyntaxError) {
        // One entry per open container: true for an object, false for an array.
        var open: [Bool] = []
        while true {
            // Expecting a value here.
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    index += 1
                } else {
                    open.append(true)
                    try skipKeyAndColon()
                    continue
                }
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                } else {
                    open.append(false)
                    continue
                }
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "t"): try expectLiteral("true")
            case UInt8(ascii: "f"): try expectLiteral("false")
            case UInt8(ascii: "n"): try expectLiteral("null")
            default: _ = try scanNumber()
            }
            // A value ended: close containers or move to the next element.
            while true {
                guard let isObject = open.last else { return }
                skipWhitespace()
                let byte = peek()
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if isObject { try skipKeyAndColon() }
                    break
                }
                if isObject && byte == UInt8(ascii: "}") || !isObject && byte == UInt8(ascii: "]") {
                    index += 1
                    open.removeLast()
                    continue
                }
                throw expectation(isObject ? "',' or '}' after an object member" : "',' or ']' after an array element")
            }
        }
    }

    private mutating func skipKeyAndColon() throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw expectation("a string key") }
        try skipString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw expectation("':' after an object key") }
        index += 1
    }

    // MARK: Strings

    /// Validates a string and returns where its content lies.
    private mutating func scanString() throws(JSONSyntaxError) -> RawString {
        index += 1  // opening quote
        let start = index
        var hasEscapes = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return RawString(start: start, end: index - 1, hasEscapes: hasEscapes)
            }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            index += 1
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                guard index < bytes.count else { throw endedEarly() }
                switch bytes[index] {
                case UInt8(ascii: "u"):
                    index += 1
                    _ = try parseHex4()
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                default:
                    throw error("invalid escape '\\\(describeCurrent())' in a string")
                }
            }
        }
        throw endedEarly()
    }

    /// Decodes validated string content with escapes; a `\u` escape of a lone
    /// surrogate becomes U+FFFD. Written straight into the string's storage:
    /// the decoded text is never longer than its escaped form (`\uXXXX` gives
    /// at most 3 bytes, a pair of them 4, a lone one U+FFFD's 3, others 1).
    private static func unescape(_ content: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: max(content.count, 1)) { output in
            var count = 0
            var pendingHighSurrogate: UInt32?
            func put(_ scalar: UInt32) {
                count += encodeUTF8(scalar, into: UnsafeMutableBufferPointer(rebasing: output[count...]))
            }
            func flushPending() {
                if pendingHighSurrogate != nil {
                    put(0xFFFD)
                    pendingHighSurrogate = nil
                }
            }
            var i = 0
            while i < content.count {
                // Copy the run up to the next backslash in one piece.
                let run = content[i...].firstIndex(of: UInt8(ascii: "\\")) ?? content.count
                if run > i {
                    flushPending()
                    _ = UnsafeMutableBufferPointer(rebasing: output[count..<count + run - i]).initialize(from: content[i..<run])
                    count += run - i
                    i = run
                    continue
                }
                guard i + 1 < content.count else {
                    flushPending()
                    put(UInt32(content[i]))
                    i += 1
                    continue
                }
                let escape = content[i + 1]
                i += 2
                if escape == UInt8(ascii: "u"), i + 4 <= content.count {
                    var unit: UInt32 = 0
                    for k in 0..<4 {
                        let digit = content[i + k]
                        let value: UInt8 = digit <= UInt8(ascii: "9") ? digit &- 48 : (digit | 0x20) &- 87
                        unit = unit << 4 | UInt32(value)
                    }
                    i += 4
                    if let high = pendingHighSurrogate, (0xDC00...0xDFFF).contains(unit) {
                        put(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
                        pendingHighSurrogate = nil
                        continue
                    }
                    flushPending()
                    if (0xD800...0xDBFF).contains(unit) {
                        pendingHighSurrogate = unit
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        put(0xFFFD)
                    } else {
                        put(unit)
                    }
                    continue
                }
                flushPending()
                switch escape {
                case UInt8(ascii: "b"): put(0x08)
                case UInt8(ascii: "f"): put(0x0C)
                case UInt8(ascii: "n"): put(0x0A)
                case UInt8(ascii: "r"): put(0x0D)
                case UInt8(ascii: "t"): put(0x09)
                default: put(UInt32(escape))  // " \ /
                }
            }
            flushPending()
            return count
        }
    }

    private mutating func skipString() throws(JSONSyntaxError) {
        _ = try scanString()
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endedEarly() }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hexadecimal digits after '\\u'")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Writes `scalar` as UTF-8 at the start of `output`; returns how many bytes.
    private static func encodeUTF8(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            output[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            output[0] = UInt8(0xC0 | scalar >> 6)
            output[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            output[0] = UInt8(0xE0 | scalar >> 12)
            output[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[0] = UInt8(0xF0 | scalar >> 18)
            output[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    // MARK: Numbers and literals

    /// Validates a number and says whether it was written as a plain integer.
    private mutating func scanNumber() throws(JSONSyntaxError) -> (start: Int, isInteger: Bool) {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peekIfPresent() else { throw endedEarly() }
        if first == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(first) {
            while let byte = peekIfPresent(), isDigit(byte) { index += 1 }
        } else {
            throw index == start ? error("unexpected \(describeCurrent()); expected a value") : error("expected a digit")
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let byte = peekIfPresent() else { throw endedEarly() }
            guard isDigit(byte) else { throw error("expected a digit after '.'") }
            while let byte = peekIfPresent(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peekIfPresent() else { throw endedEarly() }
            guard isDigit(byte) else { throw error("expected a digit in the exponent") }
            while let byte = peekIfPresent(), isDigit(byte) { index += 1 }
        }
        return (start, isInteger)
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let (start, isInteger) = try scanNumber()
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if isInteger, let value = parseInt64(text) {
            return .integer(value)
        }
        return .number(Double(String(decoding: text, as: UTF8.self)) ?? .nan)
    }

    private func parseInt64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var negative = false
        var digits = text[...]
        if digits.first == UInt8(ascii: "-") {
            negative = true
            digits = digits.dropFirst()
        }
        var value: Int64 = 0
        for byte in digits {
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count else { throw endedEarly() }
            guard bytes[index] == byte else { throw error("unexpected \(describeCurrent()); expected a value") }
            index += 1
        }
    }

    // MARK: Helpers

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The current byte, or 0 at the end of the line (0 never matches a token).
    private func peek() -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    private func peekIfPresent() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of line" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    private func error(_ message: String) -> JSONSyntaxError {
        index < bytes.count ? JSONSyntaxError(offset: index, message: message) : endedEarly()
    }

    private func expectation(_ what: String) -> JSONSyntaxError {
        index < bytes.count
            ? JSONSyntaxError(offset: index, message: "expected \(what), found \(describeCurrent())")
            : endedEarly()
    }

    private func endedEarly() -> JSONSyntaxError {
        JSONSyntaxError(offset: nil, message: "the line ends before the JSON value does")
    }
}

/// Finds repeated keys among those a record does not read: a short list,
/// and a set once the list grows, so a hostile object with many keys stays
/// linear.
private struct DuplicateKeyFinder {
    private var few: [[UInt8]] = []
    private var many: Set<[UInt8]> = []

    /// Adds `key`; `true` when it was there already.
    mutating func insert(_ key: [UInt8]) -> Bool {
        if many.isEmpty {
            if few.contains(key) { return true }
            few.append(key)
            if few.count > 16 { many = Set(few) }
            return false
        }
        return !many.insert(key).inserted
    }
}
