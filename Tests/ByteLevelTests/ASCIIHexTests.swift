import ByteLevel
import Foundation
import Testing

struct ASCIIHexTests {
    @Test func everyByteRoundTripsThroughItsTwoDigits() {
        for byte in UInt8.min...UInt8.max {
            let upper = ASCIIHex.digits(byte)
            let lower = [byte].lowercaseHex
            #expect(upper == String(format: "%02X", byte))
            #expect(lower == upper.lowercased())
            #expect(ASCIIHex.value(parsing: upper.utf8, as: UInt8.self) == byte)
            #expect(ASCIIHex.value(parsing: lower.utf8, as: UInt8.self, lowercaseOnly: true) == byte)
        }
    }

    @Test func digitsAreReadInEitherCaseAndNothingElseIsADigit() {
        for byte in UInt8.min...UInt8.max {
            let expected = Int(String(UnicodeScalar(byte)), radix: 16).map(UInt8.init)
            #expect(ASCIIHex.value(of: byte) == expected, "byte \(byte)")
            #expect(ASCIIHex.nibble(byte) == (expected ?? 0xFF))
        }
        for nibble in UInt8(0)..<16 {
            #expect(ASCIIHex.value(of: ASCIIHex.upperDigit(nibble)) == nibble)
            #expect(ASCIIHex.value(of: ASCIIHex.lowerDigit(nibble)) == nibble)
        }
    }

    @Test(arguments: [
        (UInt64(0), 16, "0000000000000000"), (0x3f, 8, "0000003f"), (0xFFFF_FFFF, 8, "ffffffff"), (0x1_0000_0000, 8, "100000000"),
        (0xE9, 1, "e9"), (0x2028, 1, "2028"), (UInt64.max, 16, "ffffffffffffffff"),
    ])
    func integersAreWrittenWithLeadingZeros(value: UInt64, digits: Int, text: String) {
        #expect(ASCIIHex.text(of: value, digits: digits) == text)
        #expect(ASCIIHex.value(parsing: text.utf8, as: UInt64.self) == value)
    }

    @Test(arguments: ["", "+1", "-0", "12g4", " 1", "1 ", "0x10"])
    func textThatIsNotOnlyDigitsIsRejected(text: String) {
        #expect(ASCIIHex.value(parsing: text.utf8, as: UInt32.self) == nil)
    }

    @Test func valuesTooLargeForTheTypeAreRejectedButLeadingZerosAreNot() {
        #expect(ASCIIHex.value(parsing: "ffffffff".utf8, as: UInt32.self) == 0xFFFF_FFFF)
        #expect(ASCIIHex.value(parsing: "100000000".utf8, as: UInt32.self) == nil)
        #expect(ASCIIHex.value(parsing: "000000000001".utf8, as: UInt32.self) == 1)
    }

    @Test func lowercaseOnlyRejectsUpperCaseLetters() {
        #expect(ASCIIHex.value(parsing: "00ff".utf8, as: UInt16.self, lowercaseOnly: true) == 0xFF)
        #expect(ASCIIHex.value(parsing: "00fF".utf8, as: UInt16.self, lowercaseOnly: true) == nil)
        #expect(ASCIIHex.value(parsing: "00FF".utf8, as: UInt16.self) == 0xFF)
    }
}
