import ByteLevel
import SessionLog

/// Prints diagnostics on standard error, compiler style, up to a limit (as
/// compilers cap theirs: clang's `-ferror-limit`), then one line that counts
/// the rest, so a log of a million bad lines cannot flood a terminal or a CI log.
struct DiagnosticPrinter {
    /// The default of `--max-diagnostics`.
    static let defaultLimit = 100

    private let path: String
    private let limit: Int
    private let error: Int32
    private var printed = 0
    private var withheld = 0
    private var pending: [UInt8] = []

    /// - Parameter limit: How many to print; 0 prints every one.
    init(path: String, limit: Int, error: Int32) {
        self.path = path
        self.limit = limit
        self.error = error
    }

    mutating func print(_ diagnostic: Diagnostic) {
        guard limit == 0 || printed < limit else {
            withheld += 1
            return
        }
        printed += 1
        pending.append(contentsOf: (diagnostic.formatted(path: path) + "\n").utf8)
        if pending.count > 1 << 16 { flush() }
    }

    /// Writes what is buffered.
    mutating func flush() {
        try? writeAll(pending, to: error)
        pending.removeAll(keepingCapacity: true)
    }

    /// Flushes, then says how many were not printed and where they are.
    mutating func finish(allIn place: String) {
        flush()
        guard withheld > 0 else { return }
        try? writeAll(Array("… and \(countedNoun(withheld, "more diagnostic", "more diagnostics")) (\(place))\n".utf8), to: error)
    }
}
