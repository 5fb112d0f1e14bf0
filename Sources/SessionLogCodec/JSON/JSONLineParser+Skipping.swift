/// Values that are validated without being built.
extension JSONLineParser {
    /// Validates one value of any depth without building it.
    mutating func skipValue() throws(JSONSyntaxError) {
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

    mutating func skipKeyAndColon() throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw expectation("a string key") }
        try skipString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw expectation("':' after an object key") }
        index += 1
    }
}
