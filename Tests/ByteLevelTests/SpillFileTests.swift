import ByteLevel
import Foundation
import Testing

@Suite("Spill files")
struct SpillFileTests {
    @Test("a spill file reads back every byte, from memory and from disk")
    func spillFile() throws {
        let spill = SpillFile(memoryLimit: 100)
        var expected: [UInt8] = []
        for n in 0..<1_000 {
            let text = "record \(n);"
            spill.append(text)
            expected.append(contentsOf: text.utf8)
        }
        #expect(spill.count == expected.count)
        #expect(spill.text == String(decoding: expected, as: UTF8.self))
        for offset in [0, 1, 99, 100, 101, 5_000, expected.count - 7] {
            #expect(try spill.bytes(at: offset, count: 7) == Array(expected[offset..<offset + 7]), "offset \(offset)")
        }
    }

    @Test("a spill with no memory limit keeps every byte in memory, growing as they come, and makes no file")
    func unlimited() throws {
        let spill = SpillFile(memoryLimit: .max)
        let block = [UInt8](repeating: 7, count: 1 << 20)
        for _ in 0..<80 { block.withUnsafeBytes { spill.append($0) } }
        spill.append(byte: 9)
        #expect(spill.count == 80 << 20 + 1 && spill.onDisk == 0)
        #expect(try spill.bytes(at: 80 << 20 - 2, count: 3) == [7, 7, 9])
    }

    /// A sealing a test can undo by hand: each byte XORed with a pattern of its offset.
    struct OffsetPattern: SpillSealing {
        static func pad(_ offset: Int) -> UInt8 { UInt8(truncatingIfNeeded: offset &* 31 &+ 7) }
        func apply(to bytes: UnsafeMutableRawBufferPointer, at offset: Int, file: UInt64) {
            for index in bytes.indices { bytes[index] ^= Self.pad(offset + index) }
        }
    }

    @Test("a sealed spill reads back every byte, while the file holds only sealed ones, written and read in pieces of any size")
    func sealedSpill() throws {
        let spill = SpillFile(memoryLimit: 100, sealing: OffsetPattern())
        var expected: [UInt8] = []
        var generator = SplitMix64(seed: 7)
        for n in 0..<400 {
            // Short appends gather in memory; a long one goes straight to disk.
            let text = n % 50 == 49 ? String(repeating: "long line \(n) ", count: 20) : "record \(n);"
            spill.append(text)
            expected.append(contentsOf: text.utf8)
        }
        for _ in 0..<300 {
            let offset = Int(generator.next() % UInt64(expected.count - 1))
            let count = 1 + Int(generator.next() % UInt64(min(300, expected.count - offset)))
            #expect(try spill.bytes(at: offset, count: count) == Array(expected[offset..<offset + count]), "\(offset)+\(count)")
        }
        let descriptor = try #require(spill.fileDescriptor)
        let onDisk = [UInt8](unsafeUninitializedCapacity: spill.onDisk) { buffer, count in
            count = pread(descriptor, buffer.baseAddress, spill.onDisk, 0)
        }
        #expect(onDisk.count == spill.onDisk && onDisk.count > 1_000)
        #expect(onDisk.enumerated().allSatisfy { $1 ^ OffsetPattern.pad($0) == expected[$0] }, "the file holds the sealed bytes")
        #expect(!onDisk.elementsEqual(expected.prefix(onDisk.count)))
    }

    @Test("a read past what was written throws, saying where, instead of leaving zeros", arguments: [10, 1_000])
    func shortRead(memoryLimit: Int) throws {
        let spill = SpillFile(memoryLimit: memoryLimit)
        spill.append(String(repeating: "x", count: 500))
        #expect(spill.onDisk > 0 || memoryLimit > 500, "the small limit moved the bytes to disk")
        let error = #expect(throws: SpillReadError.self) { try spill.bytes(at: 496, count: 8) }
        #expect(error?.offset == 500)
        #expect(error?.missing == 4)
        #expect(throws: SpillReadError.self) { try spill.load(UInt64.self, at: 496) }
        #expect(throws: SpillReadError.self) { try spill.string(at: 499, count: 2) }
    }

    /// Values of several sizes and counted texts, one after another, some
    /// of them longer than the memory limit and the cursor's window.
    static func values(_ n: Int) -> (id: uuid_t, flag: UInt8, number: Int64, text: String) {
        let length = [0, 1, 5, 70_000, 65_536, 12][n % 6]
        return (
            (UInt8(n & 0xFF), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8(n >> 8)), UInt8(n % 251), Int64(n) * -7_919,
            "\(n) é 🙂 " + String(repeating: "ab", count: length / 2)
        )
    }

    @Test("values and counted texts read back as they were appended, from memory and from disk", arguments: [64, 1 << 20])
    func values(memoryLimit: Int) throws {
        let spill = SpillFile(memoryLimit: memoryLimit)
        var offsets: [Int] = []
        for n in 0..<40 {
            let value = Self.values(n)
            offsets.append(spill.count)
            spill.append(bytesOf: value.id)
            spill.append(bytesOf: value.flag)
            spill.append(bytesOf: value.number)
            spill.appendCounted(value.text)
        }
        var cursor = SpillCursor(spill, at: 0)
        for n in 0..<40 {
            let value = Self.values(n)
            #expect(cursor.offset == offsets[n])
            #expect(UUID(uuid: try cursor.load(uuid_t.self)) == UUID(uuid: value.id), "\(n)")
            #expect(try cursor.load(UInt8.self) == value.flag, "\(n)")
            #expect(try cursor.load(Int64.self) == value.number, "\(n)")
            #expect(try cursor.countedString() == value.text, "\(n)")
            // The same, by offset.
            #expect(try spill.load(Int64.self, at: offsets[n] + 17) == value.number, "\(n)")
            let count = Int(try spill.load(UInt32.self, at: offsets[n] + 25))
            #expect(count == value.text.utf8.count)
            #expect(try spill.string(at: offsets[n] + 29, count: count) == value.text, "\(n)")
        }
        #expect(cursor.offset == spill.count)
    }

    @Test("a text's count is what append returns, and nothing is appended for an empty one")
    func appendedCount() {
        let spill = SpillFile()
        #expect(spill.append("") == 0)
        #expect(spill.append("é🙂") == 6)
        #expect(spill.append(String(repeating: "✓", count: 1_000)) == 3_000)
        #expect(spill.text == "é🙂" + String(repeating: "✓", count: 1_000))
    }
}

@Suite("Records in a spill")
struct RecordSpillTests {
    struct Record: Equatable {
        var frame: Int64
        var flags: UInt16
        var code: UInt8
    }

    static func record(_ n: Int) -> Record { Record(frame: Int64(n) * 3 - 1, flags: UInt16(n % 65_536), code: UInt8(n % 256)) }

    @Test(
        "records read back by index, forward, backward and at random, some on disk, some in memory, as they are appended",
        arguments: [64, 4_096, 1 << 20])
    func readBack(memoryLimit: Int) throws {
        let records = RecordSpill<Record>(memoryLimit: memoryLimit)
        // More blocks on disk than the spill keeps, so that kept blocks are replaced, and the last one
        // kept while it is short, then read again once grown.
        let total = 200_000
        for n in 0..<total {
            records.append(Self.record(n))
            // The one just appended and ones long ago, while appending.
            if records[n] != Self.record(n) { Issue.record("just appended \(n)") }
            if n % 97 == 0 {
                for earlier in [n / 3, n - n % 4_096, max(0, n - 1)] where records[earlier] != Self.record(earlier) {
                    Issue.record("\(earlier) while appending \(n)")
                }
            }
        }
        #expect(records.count == total)
        for n in 0..<total where records[n] != Self.record(n) { Issue.record("forward \(n)") }
        for n in (0..<total).reversed() where records[n] != Self.record(n) { Issue.record("backward \(n)") }
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let n = Int(random.next() % UInt64(total))
            if records[n] != Self.record(n) { Issue.record("at random \(n)") }
        }
        #expect(records.failure == nil)
    }

    @Test("a record past the end reads back zeroed and fails the spill")
    func pastTheEnd() {
        let records = RecordSpill<Record>(memoryLimit: 64)
        for n in 0..<10 { records.append(Self.record(n)) }
        #expect(records[10] == Record(frame: 0, flags: 0, code: 0))
        #expect(records.failure != nil)
    }
}

@Suite("Descriptors, ids and system calls")
struct SmallByteLevelTests {
    @Test("a read at an offset brings that many bytes, fewer only at the end of the file")
    func readAtOffset() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("read-at-\(UUID().uuidString)").path
        let bytes = (0..<200_000).map { UInt8($0 % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let descriptor = SystemCall.open(path, flags: O_RDONLY | O_CLOEXEC, mode: 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(try FileDescriptorIO.read(descriptor, count: 100_000, at: 50_000) == Array(bytes[50_000..<150_000]))
        #expect(try FileDescriptorIO.read(descriptor, count: 100, at: 199_950) == Array(bytes[199_950...]))
        #expect(try FileDescriptorIO.read(descriptor, count: 10, at: 300_000) == [])
        #expect(throws: SystemError(errno: EBADF)) { try FileDescriptorIO.read(-1, count: 10, at: 0) }
    }

    @Test("open gives -1 and errno for a file that is not there")
    func openMissing() {
        let descriptor = SystemCall.open("/nonexistent-\(UUID().uuidString)/x", flags: O_RDONLY, mode: 0)
        let code = errno
        #expect(descriptor == -1)
        #expect(code == ENOENT)
    }

    @Test("an id's words are its 16 bytes in memory order")
    func uuidWords() throws {
        let id = try #require(UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF"))
        let words = id.words
        let bytes = withUnsafeBytes(of: words.0) { Array($0) } + withUnsafeBytes(of: words.1) { Array($0) }
        #expect(bytes == [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF])
    }
}
