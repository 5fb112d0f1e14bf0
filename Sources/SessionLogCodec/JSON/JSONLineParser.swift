import ByteLevel

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

    let bytes: ByteView
    var index = 0

    init(bytes: ByteView) {
        self.bytes = bytes
    }

    /// Parses the whole line, putting the members whose keys are
    /// ``RecordKey``s into `fields` (which it clears first).
    static func parse(_ bytes: ByteView, into fields: RecordFields) throws(JSONSyntaxError) -> TopLevel {
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
    static func decode(_ raw: RawString, in bytes: ByteView) -> String {
        let content = bytes.subview(raw.start..<raw.end)
        guard raw.hasEscapes else { return content.text }
        return JSONStringDecoder.decode(content)
    }

    // MARK: Helpers

    /// The current byte, or 0 at the end of the line (0 never matches a token).
    func peek() -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    func peekIfPresent() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Most often there is none, or one space (`", "` and `": "` separators).
        guard index < bytes.count, bytes[index] <= 0x20 else { return }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of line" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + ASCIIHex.digits(byte)
    }

    func error(_ message: String) -> JSONSyntaxError {
        index < bytes.count ? JSONSyntaxError(offset: index, message: message) : endedEarly()
    }

    func expectation(_ what: String) -> JSONSyntaxError {
        index < bytes.count
            ? JSONSyntaxError(offset: index, message: "expected \(what), found \(describeCurrent())")
            : endedEarly()
    }

    func endedEarly() -> JSONSyntaxError {
        JSONSyntaxError(offset: nil, message: "the line ends before the JSON value does")
    }
}
