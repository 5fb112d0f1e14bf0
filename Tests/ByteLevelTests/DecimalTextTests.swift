import ByteLevel
import Testing

struct DecimalTextTests {
    @Test(
        "a number in decimal, zero-padded as String(value) would be",
        arguments: [
            (0, 0), (7, 0), (10, 0), (42, 2), (5, 2), (5, 4), (2026, 4), (12_345, 4), (-5, 4), (-5, 2), (-12_345, 3),
            (999, 3), (1_000, 3), (Int.max, 0), (Int.min, 0), (Int.min, 25),
        ])
    func decimal(value: Int, width: Int) {
        var bytes: [UInt8] = Array("x".utf8)
        bytes.appendDecimal(value, zeroPaddedTo: width)
        let text = String(value)
        let expected = "x" + String(repeating: "0", count: max(0, width - text.count)) + text
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        var wide: [UInt8] = []
        wide.appendDecimal(Int64(value), zeroPaddedTo: width)
        #expect(wide == Array(expected.utf8.dropFirst()))
    }
}
