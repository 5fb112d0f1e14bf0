import ByteLevel
import Foundation
import SessionLog
import Synchronization
import Testing
import TimeTravel
import TodoDomain

/// What the recorder promises about a crash: a process killed with SIGKILL
/// mid-session leaves a log that replays cleanly to a prefix of the session,
/// short of it by at most `SessionRecorder.maxUnwrittenRecords` records.
@Suite("Recorder killed mid-session")
struct RecorderKillTests {
    /// A person's session that makes exactly one record per step (an event,
    /// or a travel to another frame), and no diagnostic; the same seed
    /// makes the same steps.
    struct Script {
        var random = SplitMix64(seed: 21)
        var nextID = 1

        mutating func step(_ store: Store<TodoState>) {
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 4 && store.stateCount > 2 {
                var target = Int.random(in: 0..<(store.stateCount - 1), using: &random)
                if target >= store.currentStateIndex { target += 1 }
                store.currentStateIndex = target
                return
            }
            if store.state.isCreatingItem {
                let typed = store.state.partialItemName
                if roll < 70 || typed.isEmpty {
                    store.dispatch(.changePartialItemName(typed + ["a", "é", "牛", " "][roll % 4]))
                } else if roll < 90 {
                    store.dispatch(.addItem(id: itemID(nextID)))
                    nextID += 1
                } else {
                    store.dispatch(.cancelCreatingItem)
                }
            } else if roll < 40, let item = store.state.todoItems.randomElement(using: &random) {
                store.dispatch(.setItemDone(id: item.id, isDone: !item.isFinished))
            } else {
                store.dispatch(.startCreatingItem)
            }
        }
    }

    /// Keeps what a store reports.
    final class Changes: StoreRecorder {
        var all: [StoreChange<TodoEvent>] = []
        func record(_ change: StoreChange<TodoEvent>, state: TodoState) { all.append(change) }
    }

    static let linesBeforeKill = 5_000

    @Test("SIGKILL mid-session: the log replays cleanly to a prefix of the session, short by at most maxUnwrittenRecords records")
    func killed() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("session.jsonl")
        let signals = folder.appendingPathComponent("progress.fifo").path
        try #require(mkfifo(signals, 0o600) == 0)
        // Open before the child starts, so its non-blocking open finds a reader.
        let fifo = open(signals, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(fifo >= 0)
        defer { close(fifo) }
        let killer = Killer(folder: folder, log: log, fifo: fifo, lines: Self.linesBeforeKill)
        killer.start()

        await #expect(processExitsWith: .signal(SIGKILL)) { [folder = folder.path as String] in
            let log = URL(fileURLWithPath: folder).appendingPathComponent("session.jsonl")
            let counted = open(folder + "/records", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            let signals = open(folder + "/progress.fifo", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            try "\(getpid())".write(toFile: folder + "/pid", atomically: true, encoding: .utf8)
            let time = Mutex(1_795_942_800_000.0)
            let clock: @Sendable () -> Timestamp = {
                Timestamp(
                    millisecondsSince1970: time.withLock {
                        $0 += 250
                        return $0
                    })
            }
            let store = try Store(recordingTo: log, header: SessionHeader(sessionId: "killed"), clock: clock)
            var script = Script()
            // Far more records than the parent waits for: it kills this process long before the end.
            for made in 1...Int64(2_000_000) {
                script.step(store)
                // How many records the store has made, where the parent reads it after the kill.
                _ = withUnsafeBytes(of: made) { pwrite(counted, $0.baseAddress, 8, 0) }
                if made % 100 == 0 { _ = withUnsafeBytes(of: UInt8(1)) { write(signals, $0.baseAddress, 1) } }
            }
        }
        let outcome = await killer.outcome()
        try #require(outcome == nil, "\(outcome ?? "")")

        // The child made `made` records, or one more that it had not counted yet.
        let made = try Data(contentsOf: folder.appendingPathComponent("records")).withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }
        var written: [StoreChange<TodoEvent>] = []
        let result = try LogReplayer.collect(contentsOf: log)
        var replayedTravels = result.travels.makeIterator()
        var nextTravel = replayedTravels.next()
        for frame in result.frames {
            while let travel = nextTravel, travel.line < frame.line {
                written.append(.traveled(to: travel.to))
                nextTravel = replayedTravels.next()
            }
            written.append(.dispatched(frame.event))
        }
        while let travel = nextTravel {
            written.append(.traveled(to: travel.to))
            nextTravel = replayedTravels.next()
        }
        // Clean: at most the record the kill cut short, as the last line.
        #expect(result.outcome?.errorCount == 0)
        #expect(result.diagnostics.allSatisfy { $0.code == .truncatedLine }, "\(result.diagnostics.prefix(3))")
        #expect(result.outcome?.digests.differed == 0)
        #expect((result.outcome?.digests.checked ?? 0) > 0)
        #expect(written.count >= Self.linesBeforeKill - 1)
        #expect(written.count <= Int(made) + 1)
        #expect(Int(made) - written.count <= SessionRecorder.maxUnwrittenRecords, "\(made) records made, \(written.count) in the log")

        // A prefix of the session: the same script, in this process, makes those records first.
        let changes = Changes()
        let reference = Store(initialState: TodoState(), recorder: changes)
        var script = Script()
        while changes.all.count < written.count { script.step(reference) }
        #expect(changes.all == written)

        // And the killed log resumes: the torn line goes, the session goes on.
        let resumed = try Store(resumingFrom: log)
        #expect(resumed.stateCount == result.frames.count + 1)
        resumed.dispatch(.startCreatingItem)
        resumed.sessionRecorder?.close()
        #expect(try LogReplayer.collect(contentsOf: log).diagnostics.isEmpty)
    }
}

/// Waits, on a thread of its own, until the child's log has `lines` lines
/// (woken by the child's signals on the FIFO, with a deadline), then kills
/// the child with SIGKILL.
private final class Killer: Sendable {
    let folder: URL
    let log: URL
    let fifo: Int32
    let lines: Int
    /// What went wrong, once it is done (`nil`: it killed the child).
    private let problem = Mutex<String?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(folder: URL, log: URL, fifo: Int32, lines: Int) {
        self.folder = folder
        self.log = log
        self.fifo = fifo
        self.lines = lines
    }

    func start() {
        Thread { [self] in
            let outcome = run()
            problem.withLock { $0 = outcome }
            done.signal()
        }.start()
    }

    /// What went wrong, or `nil` when the child was killed.
    func outcome() async -> String? {
        await withCheckedContinuation { finished in
            DispatchQueue.global().async { [self] in
                done.wait()
                finished.resume(returning: problem.withLock { $0 })
            }
        }
    }

    private func run() -> String? {
        let deadline = Date().addingTimeInterval(120)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard left > 0 else { return "the log never reached \(lines) lines" }
            var wait = pollfd(fd: fifo, events: Int16(POLLIN), revents: 0)
            _ = poll(&wait, 1, left)
            while buffer.withUnsafeMutableBytes({ read(fifo, $0.baseAddress, $0.count) }) > 0 {}
            let count = (try? Data(contentsOf: log))?.count(where: { $0 == 0x0A }) ?? 0
            guard count >= lines else {
                if wait.revents & Int16(POLLHUP) != 0 { return "the child ended before its log reached \(lines) lines" }
                continue
            }
            guard let text = try? String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8), let pid = pid_t(text)
            else { return "no pid" }
            return kill(pid, SIGKILL) == 0 ? nil : "kill: errno \(errno)"
        }
    }
}
