import ByteLevel
import Foundation
import Testing

/// What `OutputDestination.resolve` makes of each kind of path, and the
/// problem, and the library's `errno`, of each it refuses.
struct OutputDestinationTests {
    /// A fresh folder with a file, a folder, a FIFO, links to each and a loop of links.
    private static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("destinations-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #require(FileManager.default.createFile(atPath: folder + "/file", contents: Data("x".utf8)))
        try FileManager.default.createDirectory(atPath: folder + "/folder", withIntermediateDirectories: false)
        try #require(mkfifo(folder + "/fifo", 0o600) == 0)
        for (link, target) in [("to-file", "file"), ("to-new", "sub-new"), ("to-fifo", "fifo"), ("loop-a", "loop-b"), ("loop-b", "loop-a")]
        {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + link, withDestinationPath: target)
        }
        try body(folder)
    }

    enum Expected: Equatable {
        case replaceNew(String)
        case replaceExisting(String)
        case inPlace(String)
        case standardOutput
        case descriptor(Int32)
        case problem(OutputPathProblem, errno: Int32)
    }

    private static func resolved(_ path: String) -> Expected {
        do {
            switch try OutputDestination.resolve(Path(path), regularFilesThroughDescriptors: true) {
            case .replace(let target, nil): return .replaceNew(target.display)
            case .replace(let target, .some): return .replaceExisting(target.display)
            case .inPlace(let target): return .inPlace(target.display)
            case .standardOutput: return .standardOutput
            case .descriptor(let number): return .descriptor(number)
            }
        } catch {
            return .problem(error, errno: error.systemCallError(path: path).errno)
        }
    }

    @Test(
        "each kind of path",
        arguments: [
            ("file", Expected.replaceExisting("$/file")), ("new", .replaceNew("$/new")), ("to-file", .replaceExisting("$/file")),
            ("to-new", .replaceNew("$/sub-new")), ("fifo", .inPlace("$/fifo")), ("to-fifo", .inPlace("$/fifo")),
            ("folder", .problem(.directory, errno: EISDIR)), ("loop-a", .problem(.tooManyLinks, errno: ELOOP)),
            ("file/below", .problem(.cannotExamine(errno: ENOTDIR), errno: ENOTDIR)),
        ])
    func kind(name: String, expected: Expected) throws {
        try Self.withFolder { folder in
            let shown: Expected =
                switch expected {
                case .replaceNew(let path): .replaceNew(path.replacingOccurrences(of: "$", with: folder))
                case .replaceExisting(let path): .replaceExisting(path.replacingOccurrences(of: "$", with: folder))
                case .inPlace(let path): .inPlace(path.replacingOccurrences(of: "$", with: folder))
                default: expected
                }
            #expect(Self.resolved(folder + "/" + name) == shown)
        }
    }

    @Test(
        "standard output, a descriptor's names, a character device, an empty name",
        arguments: [
            ("-", Expected.standardOutput), ("/dev/stdout", .descriptor(1)), ("/dev/stderr", .descriptor(2)),
            ("/dev/fd/7", .descriptor(7)), ("/proc/self/fd/7", .descriptor(7)), ("/dev/null", .inPlace("/dev/null")),
            ("", .problem(.emptyName, errno: EINVAL)),
        ])
    func special(path: String, expected: Expected) {
        #expect(Self.resolved(path) == expected)
    }

    @Test func aDescriptorOnARegularFileIsWrittenThroughOnlyWhenAsked() throws {
        try Self.withFolder { folder in
            let descriptor = open(folder + "/file", O_RDWR | O_CLOEXEC)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let name = Path("/dev/fd/\(descriptor)")
            #expect(try OutputDestination.resolve(name, regularFilesThroughDescriptors: true) == .descriptor(descriptor))
            guard case .replace(let target, .some) = try OutputDestination.resolve(name, regularFilesThroughDescriptors: false) else {
                Issue.record("not the file the descriptor is open on")
                return
            }
            #expect(target.display == folder + "/file")
        }
    }
}
