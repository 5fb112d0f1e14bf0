import ByteLevel

/// The top-level object: its wanted members decoded, the others validated.
extension JSONLineParser {
    /// The members of the (already validated) object at `start`, each value as
    /// display text: a string's content, or any other value's JSON as written.
    static func membersAsText(ofObjectAt start: Int, in bytes: ByteView) -> [(key: String, value: String)] {
        var parser = JSONLineParser(bytes: bytes)
        parser.index = start
        return (try? parser.parseMembersAsText()) ?? []
    }

    mutating func parseTopObject(into fields: RecordFields) throws(JSONSyntaxError) -> TopLevel {
        index += 1  // {
        var knownSeen: UInt32 = 0
        var otherKeys = DuplicateKeyFinder()
        // Each repeated key is said once, however often it repeats: a line of a million
        // repeats is one warning, not a million held until the report is written.
        var knownRepeated: UInt32 = 0
        var otherRepeated: DuplicateKeyFinder?  // made at the first repeat: most records have none
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
            let keyBytes = bytes.subview(rawKey.start..<rawKey.end)
            let key: RecordKey?
            if rawKey.hasEscapes {
                let text = JSONStringDecoder.decode(keyBytes)
                key = RecordKey(name: text)
                // Compared code unit by code unit: two lone surrogates are two keys, though both show as U+FFFD.
                let identity = JSONStringDecoder.identity(keyBytes)
                if key == nil, otherKeys.insert(identity), !otherRepeated.inserting(identity) { duplicates.append(text) }
            } else {
                key = RecordKey(bytes: keyBytes)
                if key == nil, otherKeys.insert(keyBytes.array), !otherRepeated.inserting(keyBytes.array) {
                    duplicates.append(keyBytes.text)
                }
            }
            if let key {
                let bit = UInt32(1) << UInt32(key.rawValue)
                if knownSeen & bit != 0, knownRepeated & bit == 0 {
                    duplicates.append(key.name)
                    knownRepeated |= bit
                }
                knownSeen |= bit
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw expectation("':' after an object key") }
            index += 1
            skipWhitespace()
            if let key {
                let column = index + 1
                let value = try parseWantedValue()
                fields.set(JSONField(key: key, value: value, column: column))  // the last one wins
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

    mutating func parseWantedValue() throws(JSONSyntaxError) -> JSONValue {
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
    mutating func parseMembersAsText() throws(JSONSyntaxError) -> [(key: String, value: String)] {
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
                value = bytes.subview(start..<index).text
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
}
