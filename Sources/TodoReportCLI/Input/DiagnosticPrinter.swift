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
    /// How many of the lines in `pending` are held back.
    private var heldCount = 0

    /// - Parameter limit: How many to print; 0 prints every one.
    init(path: String, limit: Int, error: Int32) {
        self.path = path
        self.limit = limit
        self.error = error
    }

    /// Prints `diagnostic`, or keeps it until ``finish(allIn:)`` when it is
    /// `held`: a diagnostic of gzip data, which its checksum may yet show to be
    /// damaged (then ``discardHeld()`` drops it unprinted). Past 16 MiB of held
    /// lines, the oldest are printed.
    mutating func print(_ diagnostic: Diagnostic, held: Bool = false) {
        guard limit == 0 || printed < limit else {
            withheld += 1
            return
        }
        printed += 1
        pending.append(contentsOf: (diagnostic.formatted(path: path) + "\n").utf8)
        if held { heldCount += 1 }
        if pending.count > (held ? 1 << 24 : 1 << 16) { flush() }
    }

    /// Drops the diagnostics held and not yet printed, and those past the
    /// limit, and says how many.
    mutating func discardHeld() -> Int {
        guard heldCount > 0 else { return 0 }
        let dropped = heldCount + withheld
        pending.removeAll(keepingCapacity: false)
        heldCount = 0
        withheld = 0
        return dropped
    }

    /// Writes what is buffered.
    mutating func flush() {
        try? writeAll(pending, to: error)
        pending.removeAll(keepingCapacity: true)
        heldCount = 0
    }

    /// Flushes, then says how many were not printed and where they are.
    mutating func finish(allIn place: String) {
        flush()
        guard withheld > 0 else { return }
        try? writeAll(Array("… and \(countedNoun(withheld, "more diagnostic", "more diagnostics")) (\(place))\n".utf8), to: error)
    }
}
