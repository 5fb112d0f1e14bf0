import ByteLevel
import Foundation
import Testing

struct FixedStorageTests {
    @Test func slotsStartAsGivenAndKeepWhatIsWritten() {
        let slots = FixedSlots(count: 4, initial: (1, 2.5))
        #expect(slots.count == 4)
        #expect((0..<4).allSatisfy { slots[$0] == (1, 2.5) })
        slots[2] = (7, -1)
        slots[0] = (3, 0)
        #expect(slots[2] == (7, -1))
        #expect(slots[0] == (3, 0))
        #expect(slots[1] == (1, 2.5))
    }

    @Test func aBufferTakesBytesUntilItIsFullAndHandsThemOnWhenDrained() {
        let buffer = FixedByteBuffer(capacity: 48)
        #expect(buffer.room == 48)
        buffer.append(ByteView("id:"))
        buffer.append(UInt8(ascii: "\""))
        let id = UUID()
        buffer.append(uuid: id.uuid)
        buffer.append(UInt8(ascii: "\""))
        #expect(buffer.count == 41)
        #expect(buffer.room == 7)
        var drained = ""
        buffer.drain { drained = $0.text }
        #expect(drained == "id:\"\(id.uuidString)\"")
        #expect(buffer.count == 0)
        buffer.drain { drained = $0.text }
        #expect(drained.isEmpty)
    }

    @Test(arguments: [[UInt8](), Array("logs/a b".utf8), [0x66, 0xFF, 0xC3, 0x28]])
    func bytesBecomeACStringAndBack(bytes: [UInt8]) {
        #expect(CStringBytes.withCString(bytes) { CStringBytes.bytes(of: $0) } == bytes)
        #expect(CStringBytes.withCString(bytes) { CStringBytes.bytes(freeing: strdup($0)) } == bytes)
    }

    @Test func aFilledBufferGivesWhatWasWrittenOrNothingOnFailure() {
        let written = CStringBytes.filled(capacity: 8) { target, capacity in
            #expect(capacity == 8)
            target[0] = CChar(UInt8(ascii: "o"))
            target[1] = CChar(UInt8(ascii: "k"))
            return 2
        }
        #expect(written == Array("ok".utf8))
        #expect(CStringBytes.filled(capacity: 8) { _, _ in -1 } == nil)
        var name = (CChar(0x61), CChar(0x62), CChar(0), CChar(0x63))
        name.3 = 0x63
        #expect(CStringBytes.bytes(ofCharacterArray: name) == [0x61, 0x62])
    }
}

struct FixedByteBufferWritingTests {
    @Test(arguments: [Int64.min, -1_000, -1, 0, 7, 10, 99, 100, 12_345, 1_000_000_007, Int64.max])
    func aNumberIsWrittenAsStringSpellsIt(value: Int64) {
        let buffer = FixedByteBuffer(capacity: 24)
        buffer.append(UInt8(ascii: "["))
        buffer.append(decimal: value)
        buffer.append(UInt8(ascii: "]"))
        var written = ""
        buffer.drain { written = $0.text }
        #expect(written == "[\(value)]")
    }

    @Test func textOfAKnownLengthIsWrittenInPlaceAfterWhatIsThere() {
        let buffer = FixedByteBuffer(capacity: 8)
        buffer.append(ByteView("ab"))
        buffer.append(count: 3) { target in
            for offset in 0..<3 { target.storeBytes(of: UInt8(ascii: "x") + UInt8(offset), toByteOffset: offset, as: UInt8.self) }
        }
        #expect(buffer.count == 5)
        var written = ""
        buffer.drain { written = $0.text }
        #expect(written == "abxyz")
    }

    /// What a drain's body throws reaches its caller, and the buffer is emptied all the same.
    @Test func aFailedDrainStillEmptiesTheBuffer() {
        struct Refused: Error {}
        let buffer = FixedByteBuffer(capacity: 8)
        buffer.append(ByteView("abc"))
        #expect(throws: Refused.self) { try buffer.drain { _ throws(Refused) in throw Refused() } }
        #expect(buffer.count == 0)
    }

    @Test(arguments: [("", UInt8(0), false), ("a\u{0}b", 0, true), ("plain", 0xE2, false), ("a\u{202E}", 0xE2, true), ("é", 0xA9, true)])
    func aByteIsFoundInAStringsUTF8(text: String, byte: UInt8, found: Bool) {
        #expect(text.utf8Contains(byte) == found)
        #expect(text.utf8Contains { $0 == byte } == found)
        // A string longer than a small one, stored elsewhere.
        #expect((String(repeating: "-", count: 40) + text).utf8Contains(byte) == found)
    }
}
