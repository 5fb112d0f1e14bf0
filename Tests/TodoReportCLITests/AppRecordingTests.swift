import Foundation
import SessionLog
import Synchronization
import Testing
import TimeTravel
import TodoDomain

extension CLISuite {
    /// An app's session as the seed app's views make one (typing key by key,
    /// adding, ticking, dragging the time-travel slider), recorded through
    /// the store, relaunched on the same log and resumed; then judged by
    /// `todo-report validate`, as a developer would.
    @Suite("recording from an app, relaunched")
    struct AppRecordingTests {
        /// What the views do, one method per control.
        struct Person {
            let store: Store<TodoState>
            var nextID: Int

            func type(_ title: String) {
                store.dispatch(.startCreatingItem)
                for length in 1...title.count { store.dispatch(.changePartialItemName(String(title.prefix(length)))) }
            }

            mutating func add(_ title: String) {
                type(title)
                store.dispatch(.addItem(id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", nextID)) ?? UUID()))
                nextID += 1
            }

            func toggle(_ index: Int) {
                let item = store.state.todoItems[index]
                store.dispatch(.setItemDone(id: item.id, isDone: !item.isFinished))
            }

            /// The slider dragged through every frame from the cursor to `target`, as a finger passes them.
            func drag(to target: Int) {
                store.isScrubbing = true
                for frame in stride(from: store.currentStateIndex, through: target, by: target < store.currentStateIndex ? -1 : 1) {
                    store.currentStateIndex = frame
                }
                store.isScrubbing = false
            }
        }

        @Test(
            "typing, adding, ticking and two slider drags; relaunched on the same path, resumed and recorded on: validate is clean with every digest checked; a fresh store appending is refused"
        )
        func relaunchedSession() throws {
            let space = try Workspace()
            let url = URL(fileURLWithPath: space.path("session.jsonl"))
            // A clock that only goes forward, a millisecond a record: the wall clock an app reads may be set
            // back while the test runs (a fresh machine's time service), which validate would rightly warn of.
            let start = 1_796_000_000_000.0
            let records = Mutex(0.0)
            let clock: @Sendable () -> Timestamp = {
                records.withLock { count in
                    count += 1
                    return Timestamp(millisecondsSince1970: start + count)
                }
            }
            let header = SessionHeader(
                sessionId: "app-session", app: "TimeTrave", appVersion: "1.0", startedAt: Timestamp(millisecondsSince1970: start))

            // First launch.
            let first = try Store(recordingTo: url, header: header, clock: clock)
            var person = Person(store: first, nextID: 1)
            person.add("Buy milk")
            person.type("Call Grandma")
            first.dispatch(.cancelCreatingItem)
            person.add("Pay rent")
            person.toggle(0)
            person.drag(to: first.stateCount - 12)  // back to just after "Call Grandma" was cancelled
            person.add("Water plants")  // a branch from there
            try #require(first.sessionRecorder).close()  // the app is quit

            // Second launch, same path: where the person left off, with the whole history.
            let second = try Store(recordingTo: url, header: header, clock: clock)
            #expect(Array(second.allStates) == Array(first.allStates))
            #expect(second.currentStateIndex == first.currentStateIndex)
            person = Person(store: second, nextID: person.nextID)
            person.toggle(1)
            person.add("Book dentist")
            person.drag(to: 5)
            person.drag(to: second.stateCount - 1)  // and all the way back
            person.toggle(0)
            let recorder = try #require(second.sessionRecorder)
            try recorder.flush()
            recorder.close()  // quit again

            // A fresh store appending to the log is refused, and the log is as it was.
            let before = try Data(contentsOf: url)
            #expect(throws: RecorderError.logNotEmpty(path: url.path, bytes: Int64(before.count))) {
                _ = Store(initialState: TodoState(), recorder: try SessionRecorder(url: url, header: header))
            }
            #expect(try Data(contentsOf: url) == before)

            let lines = before.split(separator: 0x0A)
            let events = lines.filter { $0.contains(Array(#""type":"event""#.utf8)) }.count
            let travels = lines.filter { $0.contains(Array(#""type":"travel""#.utf8)) }.count
            #expect(travels == 3)  // one per drag
            #expect(events == second.stateCount - 1)
            #expect(lines.filter { $0.contains(Array(#""digest":""#.utf8)) }.count == events)

            let run = try space.run(["validate", "session.jsonl"])
            #expect(run.code == 0)
            #expect(run.stderr == "\(second.stateCount) frames, 0 errors, 0 warnings, \(events) digests checked (0 differ)\n")
            let replayed = try LogReplayer.collect(contentsOf: url)
            #expect(replayed.allStates == Array(second.allStates))
            #expect(replayed.outcome?.stateAtCursor == second.state)
        }
    }
}
