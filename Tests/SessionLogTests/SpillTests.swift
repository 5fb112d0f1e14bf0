import ByteLevel
import Foundation
import Testing
import TimeTravel
import TodoDomain

@testable import SessionLog

@Suite("Spilling to disk")
struct SpillTests {
    @Test("replay travels correctly when its undo log has moved to disk, by undo and by snapshot", arguments: [4_096, 1, 3])
    func replayFromDisk(shortTravel: Int) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for seed in UInt64(2_000)..<2_040 {
            let path = folder.appendingPathComponent("\(seed).jsonl").path
            let appStates = try RoundTripTests.randomSession(seed: seed, path: path)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            var states = [TodoState()]
            _ = try LogReplayer.replay(
                InMemoryByteSource(bytes), bufferSize: 64, keepingStates: true, spillMemoryLimit: 64, shortTravel: shortTravel
            ) { entry in
                if case .frame(let frame) = entry { states.append(frame.state ?? TodoState()) }
            }
            #expect(states == appStates, "seed \(seed)")
        }
    }
}

extension SpillTests {
    @Test(
        "names longer than the spill's memory and its read window come back whole by undo, redo and snapshot",
        arguments: [4_096, 1])
    func longNames(shortTravel: Int) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("long.jsonl").path
        let recorder = try SessionRecorder(
            url: URL(fileURLWithPath: path), header: SessionHeader(sessionId: "long"), clock: { Timestamp(millisecondsSince1970: 0) })
        let store = Store(initialState: TodoState(), recorder: recorder)
        func name(_ n: Int, _ length: Int) -> String { "\(n) é " + String(repeating: "abcdefgh", count: length / 8) }
        for (n, length) in [70_000, 300_000, 10, 65_536, 200_000].enumerated() {
            store.dispatch(.startCreatingItem)
            store.dispatch(.changePartialItemName(name(n, length)))
            if n % 2 == 0 { store.dispatch(.addItem(id: itemID(n))) } else { store.dispatch(.cancelCreatingItem) }
        }
        for target in [1, 2, 9, 4, 14, 0, 7] {
            store.currentStateIndex = target
            store.dispatch(.changePartialItemName(name(target, 100_000)))
            store.dispatch(.addItem(id: itemID(100 + target)))
        }
        #expect(throws: Never.self) { try recorder.flush() }
        recorder.close()
        var states = [TodoState()]
        _ = try LogReplayer.replay(
            InMemoryByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: path)))), bufferSize: 64, keepingStates: true,
            spillMemoryLimit: 64, shortTravel: shortTravel
        ) { entry in
            if case .frame(let frame) = entry { states.append(frame.state ?? TodoState()) }
        }
        #expect(states == Array(store.allStates))
    }
}

@Suite("Sequence memory")
struct SequenceMemoryTests {
    @Test("a nearly contiguous sequence of a million seqs is kept as a few ranges, duplicates still found")
    func ranges() {
        var tracker = SequenceTracker()
        for seq in Int64(0)..<1_000_000 where seq % 250_000 != 7 { tracker.insert(seq) }
        #expect(tracker.rangeCount == 5)
        #expect(tracker.judge(999_999) == .duplicate)
        #expect(tracker.judge(250_007) == .backwards(highest: 999_999))
        tracker.insert(250_007)
        #expect(tracker.rangeCount == 4)
        #expect(tracker.judge(1_000_003) == .gap(missing: 3))
    }
}

@Suite("Snapshots on every line")
struct SnapshotPlacementTests {
    @Test(
        "two branches that grow in turns (travel back one frame, act, over and over) each keep snapshots on their own line, as often as one line alone",
        arguments: [16, 64])
    func alternatingBranches(spacing: Int) {
        var engine = TimeTravelEngine(initialState: ReplayState(), storage: FrameLog(memoryLimit: 256, shortTravel: spacing))
        engine.dispatch(.startCreatingItem)
        var ends = [1, 1]
        var side = 0
        for round in 0..<(40 * spacing) {
            engine.travel(to: ends[side])
            engine.dispatch(.changePartialItemName("\(side) \(round)"))
            ends[side] = engine.frameCount - 1
            side = 1 - side
        }
        for end in ends {
            // Counted over the whole log, every snapshot fell on one branch: the other's line had none
            // since it parted, 20 spacings back.
            let nearest = engine.storage.snapshot(onLineTo: end, within: .max)
            #expect((nearest?.path.count ?? .max) < spacing, "frame \(end): \(nearest?.path.count ?? -1) frames to a snapshot")
            #expect(
                nearest?.snapshot.state.partialItemName
                    == engine.state(of: nearest.map { end - 2 * $0.path.count } ?? end).todo.partialItemName)
        }
        #expect(engine.storage.spillFailure == nil)
    }
}

extension SpillTests {
    @Test(
        "after a travel that loads a snapshot, the id index is made again when an event needs it: duplicates and unknown ids are judged in the frame travelled to",
        arguments: [4_096, 1])
    func idIndexAfterSnapshotTravel(shortTravel: Int) throws {
        func add(_ n: Int) -> [String] {
            [
                #"{"type":"event","event":"startCreatingItem"}"#,
                #"{"type":"event","event":"changePartialItemName","name":"item \#(n)"}"#,
                #"{"type":"event","event":"addItem","id":"\#(itemID(n).uuidString)"}"#,
            ]
        }
        func done(_ n: Int) -> String { #"{"type":"event","event":"setItemDone","id":"\#(itemID(n).uuidString)","isDone":true}"# }
        let away = (0..<30).flatMap { _ in
            [#"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"cancelCreatingItem"}"#]
        }
        // Frames 1–9 add items 0, 1 and 2; 10 sets item 0 done; 11–70 move away from them.
        var lines = [#"{"type":"session","schema":"todo-session/1","sessionId":"index"}"#] + add(0) + add(1) + add(2) + [done(0)] + away
        lines += [#"{"type":"travel","to":9}"#] + add(1) + [done(2)]  // item 1 is there already; item 2 is known
        lines += [#"{"type":"travel","to":3}"#, done(1)] + add(0)  // only item 0 is there
        var diagnostics: [Diagnostic] = []
        var states: [TodoState] = []
        _ = try LogReplayer.replay(
            InMemoryByteSource(Array((lines.joined(separator: "\n") + "\n").utf8)), bufferSize: 64, keepingStates: true,
            spillMemoryLimit: 64, shortTravel: shortTravel
        ) { entry in
            switch entry {
            case .frame(let frame): states.append(frame.state ?? TodoState())
            case .diagnostic(let diagnostic): diagnostics.append(diagnostic)
            default: break
            }
        }
        let travelTo9 = 2 + 10 + away.count
        #expect(
            diagnostics.map { "\($0.line) \($0.code.rawValue)" } == [
                "\(travelTo9 + 3) duplicate-item", "\(travelTo9 + 6) unknown-item", "\(travelTo9 + 9) duplicate-item",
            ])
        #expect(states.last?.todoItems.map(\.id) == [itemID(0), itemID(0)])
        // Frame 9 had item 0 not yet done; the travel's `setItemDone` found item 2 there.
        #expect(states[states.count - 5].todoItems.map(\.isFinished) == [false, false, true, false])
    }
}

@Suite("Snapshots read back")
struct RecentSnapshotStatesTests {
    /// A snapshot of `items` items whose titles are `name`.
    static func snapshot(_ name: String, items: Int = 0) -> SnapshotState {
        let list = (0..<items).map { TodoItem(id: itemID($0), title: name) }
        return SnapshotState(TodoState(isCreatingItem: false, partialItemName: name, todoItems: list, stateName: "s"))
    }

    @Test("the snapshots read last are kept, least recent dropped first, within their bytes and their count")
    func keptWithinBudget() {
        // Empty lists: the table of the index alone, the same for each.
        let unit = Self.snapshot("").bytes
        let recent = RecentSnapshotStates(byteBudget: 2 * unit + unit / 2, maxCount: 3)
        recent.keep(Self.snapshot("a"), of: 1)
        recent.keep(Self.snapshot("b"), of: 2)
        #expect(recent.snapshot(of: 1)?.state.partialItemName == "a")  // now the most recent
        recent.keep(Self.snapshot("c"), of: 3)  // a third is over the bytes: frame 2 goes
        #expect(recent.frames == [1, 3])
        #expect(recent.snapshot(of: 2) == nil)
        let many = RecentSnapshotStates(byteBudget: 10 * unit, maxCount: 3)
        for frame in 1...4 { many.keep(Self.snapshot("\(frame)"), of: frame) }  // a fourth is over the count: frame 1 goes
        #expect(many.frames == [2, 3, 4])
        #expect(many.snapshot(of: 3)?.state.partialItemName == "3" && many.frames == [2, 4, 3])
        // Larger than the whole budget: never kept, and marked so.
        let big = Self.snapshot(String(repeating: "x", count: 10 * unit), items: 1)
        many.keep(big, of: 5)
        #expect(many.frames == [2, 4, 3] && many.snapshot(of: 5) == nil && !big.isKept)
        #expect(many.snapshot(of: 4)?.isKept == true)
    }

    @Test("a snapshot's bytes count each item, and the text of a title too long to sit inside its string")
    func bytes() {
        let short = Self.snapshot(String(repeating: "s", count: 15), items: 100).bytes
        let long = Self.snapshot(String(repeating: "l", count: 16), items: 100).bytes
        let empty = Self.snapshot("").bytes
        #expect(short - empty == 100 * MemoryLayout<TodoItem>.stride)
        #expect(long - short == 100 * (16 + 32))
    }
}

@Suite("The id index after a snapshot")
struct SnapshotIndexTests {
    static func item(_ n: Int) -> TodoItem { TodoItem(id: itemID(n), title: "item \(n)") }
    static func appending(_ n: Int) -> TodoPatch { TodoPatch(appendedItem: item(n)) }

    @Test("a list that no longer starts with the snapshot's ids is indexed whole, not from the snapshot's index")
    func listThatParted() throws {
        let snapshot = SnapshotState(
            TodoState(isCreatingItem: false, partialItemName: "", todoItems: (0..<4).map(Self.item), stateName: "s"))
        // Another state loaded from it first makes and shares the snapshot's index.
        var first = ReplayState(loadedFrom: snapshot)
        #expect(first.position(of: itemID(3)) == 3)
        // Undone to two items and redone on another branch, with the index stale all along: five items, ids 0, 1, 12, 13, 14.
        var state = ReplayState(loadedFrom: snapshot)
        state.undo(Self.appending(3))
        state.undo(Self.appending(2))
        for n in 12..<15 { state.redo(Self.appending(n)) }
        #expect(state.todo.todoItems.map(\.id) == [0, 1, 12, 13, 14].map(itemID))
        #expect(state.position(of: itemID(13)) == 3)
        #expect(state.position(of: itemID(2)) == nil)
        // The same list grown from the snapshot's: only the new ids are added to its index.
        var grown = ReplayState(loadedFrom: snapshot)
        grown.redo(Self.appending(20))
        #expect(grown.position(of: itemID(20)) == 4 && grown.position(of: itemID(2)) == 2)
    }
}
