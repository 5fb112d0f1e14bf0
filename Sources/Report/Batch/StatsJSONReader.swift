import ByteLevel

/// A small JSON reader for `stats/NAME.json`: the index reads 100,000 of
/// them, and Foundation's `JSONDecoder` spent most of that time in
/// generic decoding machinery. Strict JSON (RFC 8259) in, a tree out;
/// numbers keep their text so whole numbers stay exact.
enum StatsJSON: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([StatsJSON])
    case object([String: StatsJSON])

    /// Parses a whole document; nil for anything that is not one JSON value.
    static func parse(_ bytes: [UInt8]) -> StatsJSON? {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == bytes.count ? value : nil
    }

    subscript(key: String) -> StatsJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var int: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    var int64: Int64? {
        if case .number(let text) = self { return Int64(text) }
        return nil
    }

    var double: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var array: [StatsJSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    var isNull: Bool { self == .null }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) -> StatsJSON? {
            guard depth < 32 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(StatsJSON.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        private mutating func literal(_ word: String, _ value: StatsJSON) -> StatsJSON? {
            guard bytes[index...].starts(with: word.utf8) else { return nil }
            index += word.utf8.count
            return value
        }

        private mutating func object(depth: Int) -> StatsJSON? {
            index += 1
            // A stats object has a few dozen members: room for them at once, not rehashed as they come.
            var members: [String: StatsJSON] = Dictionary(minimumCapacity: depth == 0 ? 64 : 8)
            skipSpace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let value = value(depth: depth + 1), members.updateValue(value, forKey: key) == nil else { return nil }
                skipSpace()
                guard index < bytes.count else { return nil }
                index += 1
                switch bytes[index - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return .object(members)
                default: return nil
                }
            }
        }

        private mutating func array(depth: Int) -> StatsJSON? {
            index += 1
            var values: [StatsJSON] = []
            skipSpace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            while true {
                guard let value = value(depth: depth + 1) else { return nil }
                values.append(value)
                skipSpace()
                guard index < bytes.count else { return nil }
                index += 1
                switch bytes[index - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return .array(values)
                default: return nil
                }
            }
        }

        private mutating func number() -> StatsJSON? {
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) {
                index += 1
            }
            let number = bytes[start..<index]
            let text = String(decoding: number, as: UTF8.self)
            // Most numbers of a stats file are whole: digits, after a minus at most, which `Double` takes too.
            let digits = number.first == UInt8(ascii: "-") ? number.dropFirst() : number
            let isWhole = !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard isWhole || (!text.isEmpty && Double(text) != nil) else { return nil }
            return .number(text)
        }

        /// `bytes` as text, or nil when they are not UTF-8. Most of a stats
        /// file is ASCII, which is UTF-8 as it stands: decoded without the
        /// general validation (which, for an array slice, is not specialised).
        private static func text(of bytes: ArraySlice<UInt8>) -> String? {
            bytes.allSatisfy { $0 < 0x80 } ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        }

        /// A byte that can be part of a JSON number (checked whole by `Double` after).
        private static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"),
                UInt8(ascii: "E"):
                true
            default: false
            }
        }

        /// A string at `index` (its opening quote), escapes decoded; nil if malformed.
        private mutating func string() -> String? {
            index += 1
            // Only a string with escapes is copied piece by piece; most have none.
            var scalars: [UInt8] = []
            var escaped = false
            var runStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    guard escaped else { return Self.text(of: bytes[runStart..<index]) }
                    scalars += bytes[runStart..<index]
                    return String(validating: scalars, as: UTF8.self)
                }
                if byte < 0x20 { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                escaped = true
                scalars += bytes[runStart..<index]
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(code) {
                        guard bytes[index...].starts(with: "\\u".utf8) else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars += Array(String(Character(scalar)).utf8)
                default: return nil
                }
                runStart = index
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count, let value = ASCIIHex.value(parsing: bytes[index..<index + 4], as: UInt32.self) else {
                return nil
            }
            index += 4
            return value
        }
    }
}
