import SessionLogCodec

/// What one `LogReader` reads from the lines of `text`, through the codec
/// alone (no replay): the records and the diagnostics, in order.
struct CodecReading {
    var records: [LogRecord] = []
    var diagnostics: [Diagnostic] = []

    /// The diagnostics' codes.
    var codes: [DiagnosticCode] { diagnostics.map(\.code) }
    /// Each diagnostic as where and what, `line:column code` (`-` for no column), for exact comparison.
    var found: [String] { diagnostics.map { "\($0.line):\($0.column.map(String.init) ?? "-") \($0.code.rawValue)" } }

    init(_ text: String) {
        var reader = LogReader()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            for reading in RecordLineTests.read(String(line), number: index + 1, with: &reader) {
                switch reading {
                case .record(let record, _): records.append(record)
                case .diagnostic(let diagnostic): diagnostics.append(diagnostic)
                case .droppedTravel: break
                }
            }
        }
    }
}
