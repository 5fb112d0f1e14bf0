/// A 1-based line and column (in bytes) in a text file: where a message about
/// it points, as a compiler's does (`report.html:14:31: …`). The stats files'
/// and the templates' problems say it alike.
public struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The byte in the line, from 1.
    public var column: Int

    /// The position of line `line`, byte `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of the byte at `offset` in `bytes`. Lines end at line
    /// feeds, so a CRLF file counts as an LF one.
    init(offset: Int, in bytes: [UInt8]) {
        let before = bytes[..<min(offset, bytes.count)]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        self.init(line: before.count { $0 == UInt8(ascii: "\n") } + 1, column: before.endIndex - lineStart + 1)
    }

    /// `14:31`.
    public var description: String { "\(line):\(column)" }
}
