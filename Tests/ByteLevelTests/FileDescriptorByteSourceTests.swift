import ByteLevel
import Foundation
import Testing

/// `FileDescriptorByteSource.endedEarly`: a regular file that another
/// program shortened while it was read says so; one that grew, a whole one
/// and a pipe do not.
struct FileDescriptorByteSourceTests {
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case none, grew, shortenedAhead, shortenedBehind, emptiedAndWrittenAgain, shortenedOnceReadWhole
        var testDescription: String { rawValue }
    }

    /// Reads 4 of a file's 10 bytes, changes the file through another
    /// descriptor, reads to the end, and returns `endedEarly` and every byte read.
    static func readWhile(_ change: Change) throws -> (endedEarly: String?, bytes: [UInt8]) {
        let path = NSTemporaryDirectory() + "source-" + UUID().uuidString
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let reader = open(path, O_RDONLY)
        let other = open(path, O_WRONLY)
        try #require(reader >= 0 && other >= 0)
        defer {
            close(reader)
            close(other)
        }
        var source = FileDescriptorByteSource(fileDescriptor: reader)
        var buffer = [UInt8](repeating: 0, count: 4)
        var bytes: [UInt8] = []
        var count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        bytes += buffer[..<count]
        if change == .shortenedOnceReadWhole {
            while try buffer.withUnsafeMutableBytes({ try source.read(into: $0) }) > 0 {}
            #expect(ftruncate(other, 2) == 0)
            return (source.endedEarly, [])
        }
        switch change {
        case .none, .shortenedOnceReadWhole: break
        case .grew: #expect(pwrite(other, "abc", 3, 10) == 3)
        case .shortenedAhead: #expect(ftruncate(other, 6) == 0)
        case .shortenedBehind: #expect(ftruncate(other, 2) == 0)
        case .emptiedAndWrittenAgain: #expect(ftruncate(other, 0) == 0 && pwrite(other, "x", 1, 0) == 1)
        }
        repeat {
            count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            bytes += buffer[..<count]
        } while count > 0
        return (source.endedEarly, bytes)
    }

    @Test(arguments: Change.allCases)
    func endsEarlyOnlyWhenTheFileGotShorter(change: Change) throws {
        let (endedEarly, bytes) = try Self.readWhile(change)
        switch change {
        case .shortenedOnceReadWhole:
            #expect(endedEarly == nil, "every byte it held was read")
        case .none, .grew:
            #expect(endedEarly == nil)
            #expect(bytes == Array((change == .grew ? "0123456789abc" : "0123456789").utf8))
        case .shortenedAhead, .shortenedBehind, .emptiedAndWrittenAgain:
            let now = change == .shortenedAhead ? 6 : change == .shortenedBehind ? 2 : 1
            #expect(
                endedEarly
                    == "the file got shorter while it was read (10 bytes when reading began, \(now) at its end: "
                    + "another program truncated or rewrote it)")
            #expect(bytes == Array((change == .shortenedAhead ? "012345" : "0123").utf8))
        }
    }

    @Test func aPipeNeverEndsEarly() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(write(ends[1], "abc", 3) == 3)
        close(ends[1])
        var source = FileDescriptorByteSource(fileDescriptor: ends[0])
        var buffer = [UInt8](repeating: 0, count: 8)
        while try buffer.withUnsafeMutableBytes({ try source.read(into: $0) }) > 0 {}
        #expect(source.endedEarly == nil)
    }
}
