import ByteLevel
import Foundation
import SessionLog
import Testing

@testable import Report

@Suite("Numbers and ids written into the page's spills")
struct SpillEncodingTests {
    @Test(
        "a whole number is written as Swift spells it, whatever its length and sign",
        arguments: [
            0, 1, 9, 10, 11, 99, 100, 999, 1_000, 9_999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 123_456_789,
            -1, -9, -10, -99, -100, -12_345, -1_000_000, Int.max, Int.min, Int.max - 1, Int.min + 1,
        ])
    func decimal(_ value: Int) {
        let spill = SpillFile(memoryLimit: 1 << 10)
        spill.appendDecimal(value)
        #expect(spill.text == String(value))
    }

    @Test("ids are written as quoted upper-case UUID strings")
    func uuid() throws {
        let ids = try [
            "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "0A1B2C3D-4E5F-6A7B-8C9D-AEBFC0D1E2F3",
        ].map { try #require(UUID(uuidString: $0)) }
        let spill = SpillFile(memoryLimit: 1 << 10)
        for id in ids { spill.appendUUIDString(id) }
        #expect(spill.text == ids.map { "\"\($0.uuidString)\"" }.joined())
    }

    @Test(
        "a text is written as the same JSON literal as JSONString writes, plain or not, short or long",
        arguments: [
            "", "a", "plain text", "café oat", "買い物 🛒", "</script>", "a<b", "x>", "&amp;", "\u{2028}", "\u{2029}", "€ and ⌘",
            "quote \" here", "back\\slash", "tab\tnew\nline\u{1}", String(repeating: "abcdefgh", count: 600),
            String(repeating: "abcdefgh", count: 600) + "<", String(repeating: "é", count: 3_000),
        ])
    func jsonString(_ text: String) {
        for scriptSafe in [false, true] {
            let spill = SpillFile(memoryLimit: 1 << 16)
            spill.appendJSONString(text, scriptSafe: scriptSafe, after: ",")
            let expected = JSONStringWriter.literal(text, scriptSafe: scriptSafe)
            #expect(spill.text == "," + expected, "scriptSafe: \(scriptSafe)")
        }
    }

    @Test("bytes, single bytes, numbers and ids appended past the memory limit read back in order", arguments: [1, 7, 64, 4_096])
    func mixedAppends(memoryLimit: Int) throws {
        let spill = SpillFile(memoryLimit: memoryLimit)
        var expected = ""
        for n in 0..<2_000 {
            switch n % 5 {
            case 0: spill.append(byte: UInt8(ascii: ","))
            case 1: spill.appendDecimal(n * 37 - 5_000)
            case 2: spill.appendUUIDString(UUID(uuid: (UInt8(n & 0xFF), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8(n >> 8))))
            case 3: spill.append("name \(n) é 🙂")
            default: spill.appendScriptSafeJSON(String(repeating: "<ab>", count: n % 300))
            }
            switch n % 5 {
            case 0: expected += ","
            case 1: expected += String(n * 37 - 5_000)
            case 2:
                expected +=
                    "\"" + UUID(uuid: (UInt8(n & 0xFF), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8(n >> 8))).uuidString + "\""
            case 3: expected += "name \(n) é 🙂"
            default: expected += JSONStringWriter.literal(String(repeating: "<ab>", count: n % 300), scriptSafe: true)
            }
        }
        #expect(spill.count == expected.utf8.count)
        #expect(spill.text == expected)
        #expect(spill.onDisk > 0 || memoryLimit > expected.utf8.count)
        let bytes = Array(expected.utf8)
        for offset in [0, 1, memoryLimit - 1, memoryLimit, bytes.count / 2, bytes.count - 40] where offset >= 0 {
            var buffer = [UInt8](repeating: 0, count: 40)
            try buffer.withUnsafeMutableBytes { try spill.read(at: offset, into: $0) }
            #expect(buffer == Array(bytes[offset..<offset + 40]), "offset \(offset)")
        }
    }
}
