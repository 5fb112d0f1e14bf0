import ByteLevel
import Testing

@Suite("ASCII digits and letters among bytes")
struct ASCIIClassTests {
    @Test("every byte is a digit or a letter exactly when it is one of 0-9 or A-Z a-z")
    func everyByte() {
        let digits = Set("0123456789".utf8)
        let letters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(byte.isASCIIDigit == digits.contains(byte), "\(byte)")
            #expect(byte.isASCIILetter == letters.contains(byte), "\(byte)")
        }
    }
}
