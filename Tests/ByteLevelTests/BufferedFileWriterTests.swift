import ByteLevel
import Foundation
import Testing

struct BufferedFileWriterTests {
    /// A new empty file, removed when the test ends.
    private static func withTemporaryFile(_ body: (Int32, String) throws -> Void) throws {
        var template = Array("\(NSTemporaryDirectory())/buffered-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer {
            close(descriptor)
            unlink(path)
        }
        try body(descriptor, path)
    }

    @Test func smallPiecesWaitForTheFlushAndALargeOneGoesStraightThroughInOrder() throws {
        try Self.withTemporaryFile { descriptor, path in
            var writer = BufferedFileWriter(descriptor: descriptor)
            try writer.write("small ")
            try writer.write(ByteView("pieces "))
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
            let large = String(repeating: "x", count: BufferedFileWriter.blockSize + 3)
            try writer.write(large)
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 13 + large.utf8.count)
            try writer.write(" and the end")
            try writer.flush()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "small pieces " + large + " and the end")
        }
    }

    @Test func piecesThatFillTheBufferAreWrittenAsTheyComeAndNoneIsLost() throws {
        try Self.withTemporaryFile { descriptor, path in
            var writer = BufferedFileWriter(descriptor: descriptor)
            let piece = String(repeating: "0123456789", count: 1_000)
            for _ in 0..<300 { try writer.write(piece) }
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 > 0)
            try writer.flush()
            try writer.flush()
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 300 * piece.utf8.count)
        }
    }

    @Test func aFailedWriteIsTheWritesSystemCallError() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[1])
        defer { close(ends[0]) }
        var writer = BufferedFileWriter(descriptor: ends[0])  // the read end: not open for writing
        try writer.write("kept until the flush")
        #expect(throws: SystemCallError("write", errno: EBADF)) { try writer.flush() }
    }
}
