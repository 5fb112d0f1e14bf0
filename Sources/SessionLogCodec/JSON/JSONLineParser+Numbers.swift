import ByteLevel

/// Numbers and the literals `true`, `false`, `null`.
extension JSONLineParser {
    /// Validates a number and says whether it was written as a plain integer.
    mutating func scanNumber() throws(JSONSyntaxError) -> (start: Int, isInteger: Bool) {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peekIfPresent() else { throw endedEarly() }
        if first == UInt8(ascii: "0") {
            index += 1
        } else if first.isASCIIDigit {
            while let byte = peekIfPresent(), byte.isASCIIDigit { index += 1 }
        } else {
            throw index == start ? error("unexpected \(describeCurrent()); expected a value") : error("expected a digit")
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let byte = peekIfPresent() else { throw endedEarly() }
            guard byte.isASCIIDigit else { throw error("expected a digit after '.'") }
            while let byte = peekIfPresent(), byte.isASCIIDigit { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peekIfPresent() else { throw endedEarly() }
            guard byte.isASCIIDigit else { throw error("expected a digit in the exponent") }
            while let byte = peekIfPresent(), byte.isASCIIDigit { index += 1 }
        }
        return (start, isInteger)
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let (start, isInteger) = try scanNumber()
        let text = bytes.subview(start..<index)
        if isInteger, let value = parseInt64(text) {
            return .integer(value)
        }
        return .number(start: start, end: index)
    }

    func parseInt64(_ text: ByteView) -> Int64? {
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

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = ByteView(literal)
        for byte in expected {
            guard index < bytes.count else { throw endedEarly() }
            guard bytes[index] == byte else { throw error("unexpected \(describeCurrent()); expected a value") }
            index += 1
        }
    }
}
