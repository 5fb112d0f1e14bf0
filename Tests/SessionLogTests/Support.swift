import ByteLevel
import Foundation
import SessionLog
import Testing
import TodoDomain

/// Replays a log held in a string.
func replay(_ text: String) throws -> ReplayResult {
    try LogReplayer.collect(InMemoryByteSource(text))
}

func replay(bytes: [UInt8], bufferSize: Int = 1 << 20) throws -> ReplayResult {
    var result = ReplayResult()
    result.outcome = try LogReplayer.replay(InMemoryByteSource(bytes), bufferSize: bufferSize, keepingStates: true) { entry in
        switch entry {
        case .frame(let frame): result.frames.append(frame)
        case .travel(let travel): result.travels.append(travel)
        case .diagnostic(let diagnostic): result.diagnostics.append(diagnostic)
        case .header: break
        }
    }
    return result
}

/// A diagnostic reduced to where and what, for exact comparison.
struct Found: Hashable, CustomStringConvertible {
    var line: Int
    var column: Int?
    var code: DiagnosticCode
    init(_ line: Int, _ column: Int?, _ code: DiagnosticCode) {
        self.line = line
        self.column = column
        self.code = code
    }
    var description: String { "\(line):\(column.map(String.init) ?? "-") \(code.rawValue)" }
}

extension ReplayResult {
    var found: [Found] { diagnostics.map { Found($0.line, $0.column, $0.code) } }
}

/// Fixed ids, readable in failures.
func itemID(_ n: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!
}

/// A fresh temporary folder, removed by the caller.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("todo-report-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Bytes handed out at most `chunk` at a time, as a pipe may deliver them.
struct TrickleSource: ByteSource {
    private let bytes: [UInt8]
    private let chunk: Int
    private var offset = 0

    init(_ bytes: [UInt8], chunk: Int) {
        self.bytes = bytes
        self.chunk = chunk
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(chunk, buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
        }
        offset += count
        return count
    }
}
