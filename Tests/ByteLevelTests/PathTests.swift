import ByteLevel
import Foundation
import Testing

struct PathTests {
    @Test(arguments: [
        ("out.html", ".", "x", "x"),
        ("logs/out.html", "logs", "x", "logs/x"),
        ("/out.html", "/", "x", "/x"),
        ("/var/logs/out.html", "/var/logs", "../y", "/var/logs/../y"),
        ("logs/out.html", "logs", "/abs/x", "/abs/x"),
        ("a//b", "a/", "x", "a//x"),
    ])
    func folderAndSibling(path: String, folder: String, name: String, sibling: String) {
        #expect(Path(path).folder == Path(folder))
        #expect(Path(path).sibling(Array(name.utf8)) == Path(sibling))
    }

    @Test(arguments: [("logs", "x", "logs/x"), ("logs/", "x", "logs/x"), ("/", "x", "/x"), ("logs", "/abs", "/abs")])
    func appending(folder: String, name: String, joined: String) {
        #expect(Path(folder).appending(Array(name.utf8)) == Path(joined))
    }

    @Test(arguments: [
        ("plain/name.jsonl", "plain/name.jsonl"),
        ("bad\u{1B}[2J", "bad\\x1B[2J"),
        ("tab\there", "tab\\x09here"),
        ("logs/\u{202E}lmth.exe", "logs/\\u{202E}lmth.exe"),
        ("a\u{2066}b\u{2028}c\u{200F}", "a\\u{2066}b\\u{2028}c\\u{200F}"),
    ])
    func displayEscapesControlCharacters(path: String, shown: String) {
        #expect(Path(path).display == shown)
    }

    @Test func theRecordedTextKeepsLayoutControlsAndEscapesTheRest() {
        #expect(Path("logs/\u{202E}x\u{1B}.jsonl").recordedText == "logs/\u{202E}x\\x1B.jsonl")
        #expect(Path(bytes: [0x61, 0xFF]).recordedText == "a\\xFF")
    }

    @Test func displayShowsBytesThatAreNotUTF8() {
        #expect(Path(bytes: [0x61, 0xFF, 0x62]).display == "a\\xFFb")
    }

    @Test(arguments: [("-", true), ("./-", false), ("--", false)])
    func standardStream(path: String, isStandard: Bool) {
        #expect(Path(path).isStandardStream == isStandard)
    }
}

/// `renameWithoutReplacing(to:)` on a file system that has the one-call way
/// (the exFAT fallback is tested through the command line, on such a mount).
struct RenameWithoutReplacingTests {
    @Test func movesToANewNameAndRefusesAnExistingOne() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rename-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a", "b", "taken"] {
            try #require(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(name.utf8)))
        }
        #expect(Path(folder + "/a").renameWithoutReplacing(to: Path(folder + "/new")))
        #expect(!Path(folder + "/b").renameWithoutReplacing(to: Path(folder + "/taken")))
        #expect(errno == EEXIST)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["b", "new", "taken"])
        #expect(FileManager.default.contents(atPath: folder + "/taken") == Data("taken".utf8))
        #expect(FileManager.default.contents(atPath: folder + "/new") == Data("a".utf8))
    }

    @Test func resolvingLinksGivesTheAbsolutePathOfWhatIsNamedAndNilForNothing() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("resolve-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #require(FileManager.default.createFile(atPath: folder + "/real/file", contents: Data("x".utf8)))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "real/file")
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone", withDestinationPath: "real/missing")
        let real = try #require(Path(folder + "/real/file").resolvingLinks())
        #expect(real.bytes.first == UInt8(ascii: "/"))
        #expect(real.lastComponent == Array("file".utf8))
        #expect(Path(folder + "/link").resolvingLinks() == real)
        #expect(Path(folder + "/real/../real/./file").resolvingLinks() == real)
        #expect(Path(folder + "/gone").resolvingLinks() == nil)
        #expect(errno == ENOENT)
    }
}
