import Foundation
import SessionLog
import Testing

@testable import Report

@Suite("JSON blocks split for WebKit's parser")
struct ScriptBlockTests {
    /// Text of one- to four-byte characters, written in pieces of `piece` bytes.
    static func split(_ text: String, piece: Int, blockBytes: Int) throws -> [UInt8] {
        var sink = ScriptBlockSplitter(base: MemorySink(), blockBytes: blockBytes)
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            try Array(bytes[start..<end]).withByteView { piece throws in try sink.write(piece) }
            start = end
        }
        return sink.base.bytes
    }

    @Test(
        "blocks join to the text, each is whole UTF-8 and at most a character past its size, whatever the pieces written",
        arguments: [1, 3, 7, 64, 1_000, 1 << 16])
    func joinsBack(piece: Int) throws {
        let text = String(repeating: "aé€😀\\u003c", count: 5_000)
        let bytes = try Self.split(text, piece: piece, blockBytes: 1_000)
        let written = try #require(String(validating: bytes, as: UTF8.self))
        let blocks = written.components(separatedBy: ScriptBlockSplitter<MemorySink>.separator)
        #expect(blocks.joined() == text)
        #expect((text.utf8.count / 1_003...(text.utf8.count + 999) / 1_000).contains(blocks.count))
        for block in blocks { #expect(block.utf8.count <= 1_003 && !block.isEmpty) }
    }

    @Test("a text that fits is written as it is")
    func small() throws {
        #expect(try Self.split("[1,2,3]", piece: 2, blockBytes: 1 << 16) == Array("[1,2,3]".utf8))
        #expect(try Self.split("", piece: 2, blockBytes: 1 << 16) == [])
    }

    @Test("a report's frame data of a million bytes is in blocks of 64 KiB that join to its JSON")
    func report() throws {
        var log = #"{"type":"session","schema":"todo-session/1"}"# + "\n"
        for index in 0..<20_000 { log += #"{"type":"event","event":"changePartialItemName","name":"é \#(index)"}"# + "\n" }
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(log)) { builder.add($0) }
        builder.finish(with: outcome)
        let blocks = try builder.html().jsonBlocks(id: "session-data")
        #expect(blocks.count > 4)
        for block in blocks { #expect(block.utf8.count <= (1 << 16) + 3) }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(blocks.joined().utf8)) as? [String: Any])
        #expect((json["frames"] as? [Any])?.count == 20_000)
    }
}

extension String {
    /// The texts of the JSON block `id` and of the blocks that continue it, in order.
    func jsonBlocks(id: String) throws -> [String] {
        let open = try #require(range(of: "<script type=\"application/json\" id=\"\(id)\">"))
        let separator = ScriptBlockSplitter<MemorySink>.separator
        var blocks: [String] = []
        var start = open.upperBound
        while true {
            let end = try #require(range(of: "</script>", range: start..<endIndex))
            blocks.append(String(self[start..<end.lowerBound]))
            guard self[end.lowerBound...].hasPrefix(separator) else { return blocks }
            start = index(end.lowerBound, offsetBy: separator.count)
        }
    }

    /// The JSON of block `id`, its continuations joined.
    func jsonBlock(id: String) throws -> String { try jsonBlocks(id: id).joined() }
}
