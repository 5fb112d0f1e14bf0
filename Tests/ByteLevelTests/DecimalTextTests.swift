import ByteLevel
import Testing

struct DecimalTextTests {
    @Test(
        "a number in decimal, as String(value) spells it",
        arguments: [0, 7, 10, 42, 999, 1_000, 2026, 12_345, -5, -12_345, Int.max, Int.min])
    func decimal(value: Int) {
        var bytes: [UInt8] = Array("x".utf8)
        bytes.appendDecimal(value)
        #expect(String(decoding: bytes, as: UTF8.self) == "x\(value)")
        var wide: [UInt8] = []
        wide.appendDecimal(Int64(value))
        #expect(wide == Array(String(value).utf8))
    }

    @Test(
        "a fixed number of digits: the last ones of the value, zeros before it when it is shorter",
        arguments: [(0, 2, "00"), (7, 2, "07"), (42, 2, "42"), (2026, 4, "2026"), (9, 4, "0009"), (12_345, 3, "345")])
    func fixedWidth(value: UInt64, digits: Int, expected: String) {
        var bytes = [UInt8](repeating: 0, count: digits)
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { DecimalText.write(value, digits: digits, endingAt: base + digits) }
        }
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }
}
