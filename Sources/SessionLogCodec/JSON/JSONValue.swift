/// A decoded JSON value of a top-level field the reader looks at. Fields it
/// ignores are validated and skipped, never decoded.
enum JSONValue: Equatable {
    /// A string's content, still in the line's bytes (decode it with
    /// ``JSONLineParser/decode(_:in:)`` while the line is at hand).
    case string(RawString)
    /// A number written with no fraction and no exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number (`1.5`, `1e2`, `1.0`, or an integer too large for 64
    /// bits), still in the line's bytes `start..<end`: read exactly where it is
    /// read (a time), never through a double.
    case number(start: Int, end: Int)
    case bool(Bool)
    case null
    /// An object, starting at this offset of the line (read its members with
    /// ``JSONLineParser/membersAsText(ofObjectAt:in:)``).
    case object(start: Int)
    case array

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a, let b), .number(let c, let d)): a == c && b == d
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null), (.array, .array): true
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// The JSON type's name, for messages.
    var typeName: String {
        switch self {
        case .string: "a string"
        case .integer, .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .object: "an object"
        case .array: "an array"
        }
    }
}

/// Where a string's content lies in its line, and whether it has escapes to decode.
struct RawString: Equatable {
    var start: Int
    var end: Int
    var hasEscapes: Bool
}

/// A top-level member of a record: its key, its value and the 1-based column
/// of the value's first byte.
struct JSONField {
    var key: RecordKey
    var value: JSONValue
    var column: Int
}

/// Why a line is not JSON: a message and the 0-based offset of the first bad
/// byte, or `nil` when the line just ends too early.
struct JSONSyntaxError: Error, Equatable {
    var offset: Int?
    var message: String
}
