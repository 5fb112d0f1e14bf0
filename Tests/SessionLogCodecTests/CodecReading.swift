import SessionLogCodec

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

/// What one `LogReader` reads from the lines of `text`, through the codec
/// alone (no replay): the records and the diagnostics, in order.
struct CodecReading {
    var records: [LogRecord] = []
    var found: [Found] = []

    init(_ text: String) {
        var reader = LogReader()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            for reading in RecordLineTests.read(String(line), number: index + 1, with: &reader) {
                switch reading {
                case .record(let record, _): records.append(record)
                case .diagnostic(let diagnostic): found.append(Found(diagnostic.line, diagnostic.column, diagnostic.code))
                }
            }
        }
    }
}
