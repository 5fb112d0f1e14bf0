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
    /// Whether the diagnostics must wait until the input is read whole.
    private let holds: () -> Bool
    /// How many of the lines in `pending` are held back.
    private var heldCount = 0

    /// - Parameters:
    ///   - limit: How many to print; 0 prints every one.
    ///   - holds: Whether to hold the diagnostics back until ``finish(allIn:)``,
    ///     asked at each one: true for gzip data, whose checksum, at its end,
    ///     may yet show that what was read is damaged (then
    ///     ``failedReading(_:)`` drops them unprinted). Past 16 MiB of held
    ///     lines, the oldest are printed.
    init(path: String, limit: Int, error: Int32, holdingWhile holds: @escaping () -> Bool = { false }) {
        self.path = path
        self.limit = limit
        self.error = error
        self.holds = holds
    }

    mutating func print(_ diagnostic: Diagnostic) {
        guard limit == 0 || printed < limit else {
            withheld += 1
            return
        }
        printed += 1
        pending.append(contentsOf: (diagnostic.formatted(path: path) + "\n").utf8)
        let held = holds()
        if held { heldCount += 1 }
        if pending.count > (held ? 1 << 24 : 1 << 16) { flush() }
    }

    /// The reason of a read that failed: `error`, and, when diagnostics were
    /// held back, that they are dropped unprinted (what was read before the
    /// damage may be damaged too).
    mutating func failedReading(_ error: any Error) -> String {
        guard heldCount > 0 else { return "\(error)" }
        let dropped = heldCount + withheld
        pending.removeAll(keepingCapacity: false)
        heldCount = 0
        withheld = 0
        return "\(error) (the \(countedNoun(dropped, "diagnostic")) of what was read before it \(dropped == 1 ? "is" : "are") not printed: "
            + "that may be damaged too)"
    }

    /// Writes what is buffered.
    mutating func flush() {
        StandardStreams.write(pending, to: error)
        pending.removeAll(keepingCapacity: true)
        heldCount = 0
    }

    /// Flushes, then says how many were not printed and where they are.
    mutating func finish(allIn place: String) {
        flush()
        guard withheld > 0 else { return }
        StandardStreams.write(Array("… and \(countedNoun(withheld, "more diagnostic", "more diagnostics")) (\(place))\n".utf8), to: error)
    }
}
