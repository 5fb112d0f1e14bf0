#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

// The page's data is written into spills a few bytes at a time, millions of
// times: each of these appends a separator and a value in one call, written
// in place, so that the writer in another module (whose calls are not
// inlined across it) makes one call per value.
extension SpillFile {
    /// Appends `prefix`, then a whole number in decimal (``DecimalText``).
    package func appendDecimal(_ value: Int, after prefix: StaticString = "") {
        let prefixCount = prefix.utf8CodeUnitCount
        appendInPlace(maxCount: prefixCount + 20) { target in
            Self.copy(prefix, to: target)
            let magnitude = UInt64(value.magnitude)
            let digits = DecimalText.digitCount(magnitude)
            let sign = value < 0 ? 1 : 0
            if sign == 1 { target.storeBytes(of: UInt8(ascii: "-"), toByteOffset: prefixCount, as: UInt8.self) }
            let length = prefixCount + sign + digits
            DecimalText.write(magnitude, digits: digits, endingAt: target + length)
            return length
        }
    }

    /// Appends `prefix`, then a UUID as a JSON string of upper-case hex, as
    /// `UUID.uuidString` spells it.
    package func appendUUIDString(_ id: UUID, after prefix: StaticString = "") {
        let prefixCount = prefix.utf8CodeUnitCount
        appendInPlace(maxCount: prefixCount + 38) { start in
            Self.copy(prefix, to: start)
            let target = start + prefixCount
            target.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
            UUIDText.write(id.uuid, to: target + 1)
            target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: 37, as: UInt8.self)
            return prefixCount + 38
        }
    }

    /// Appends `prefix`, then `text` as a JSON string literal (see
    /// ``JSONStringWriter``; `scriptSafe` for one inside a `<script>` block). A
    /// short text with nothing to escape, as most are, is copied between its
    /// quotes in one step.
    package func appendJSONString(_ text: String, scriptSafe: Bool, after prefix: StaticString = "") {
        let prefixCount = prefix.utf8CodeUnitCount
        let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            let count = utf8.count
            guard count <= Self.shortText, let source = utf8.baseAddress, PlainBytes.all(ByteView(utf8), scriptSafe: scriptSafe) else {
                return false
            }
            appendInPlace(maxCount: prefixCount + count + 2) { target in
                Self.copy(prefix, to: target)
                target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: prefixCount, as: UInt8.self)
                (target + prefixCount + 1).copyMemory(from: source, byteCount: count)
                target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: prefixCount + 1 + count, as: UInt8.self)
                return prefixCount + count + 2
            }
            return true
        }
        guard copied != true else { return }
        if prefixCount > 0 { append(UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefixCount)) }
        JSONStringWriter.write(text, scriptSafe: scriptSafe) { append(UnsafeRawBufferPointer($0.buffer)) }
    }

    /// Texts up to this many bytes may be copied whole into memory; a longer
    /// one goes through `append(_:)`, which moves a very long one straight to disk.
    private static let shortText = 4_096

    /// Writes a separator of a byte or two byte by byte: a call to
    /// `memmove` for it cost more than the number after it.
    @inline(__always)
    private static func copy(_ prefix: StaticString, to target: UnsafeMutableRawPointer) {
        var index = 0
        while index < prefix.utf8CodeUnitCount {
            target.storeBytes(of: prefix.utf8Start[index], toByteOffset: index, as: UInt8.self)
            index += 1
        }
    }
}
