import ByteLevel
import SessionLog
import Synchronization

#if canImport(Glibc)
    import Glibc
    import FoundationEssentials
#else
    import Foundation
#endif

/// `37/1,000 sessions, 2 failed` on standard error, redrawn in place, only
/// when standard error is a terminal and `--quiet` was not given; erased at the end. The cursor is left
/// at the start of the line, so a diagnostic printed meanwhile writes over it.
final class BatchProgress: Sendable {
    private struct State {
        var done = 0
        var failed = 0
        var lastDraw = Date.distantPast
        var drawn = false
    }

    private let total: Int
    private let error: Int32
    private let enabled: Bool
    private let state = Mutex(State())

    init(total: Int, error: Int32, quiet: Bool) {
        self.total = total
        self.error = error
        enabled = !quiet && isatty(error) == 1
    }

    /// One more session finished; redraws at most ten times a second.
    func finished(failed: Bool) {
        state.withLock { state in
            state.done += 1
            if failed { state.failed += 1 }
            guard enabled, state.done == total || Date().timeIntervalSince(state.lastDraw) >= 0.1 else { return }
            state.lastDraw = Date()
            state.drawn = true
            let line =
                ReadProgress.eraseLine
                + "\(groupedDigits(state.done))/\(groupedDigits(total)) sessions, \(groupedDigits(state.failed)) failed\r"
            StandardStreams.write(Array(line.utf8), to: error)
        }
    }

    /// Erases the line.
    func clear() {
        state.withLock { state in
            if state.drawn { StandardStreams.write(Array(ReadProgress.eraseLine.utf8), to: error) }
            state.drawn = false
        }
    }
}
