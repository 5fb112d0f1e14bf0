import ByteLevel
import TimeTravel
public import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Replays records with the app's reducer and its `Store`'s
/// semantics (an event applies to the state at the cursor and appends a
/// frame; a travel moves the cursor; history is never cut), adding the
/// diagnostics that depend on what came before: sequence, time, travel range
/// and the reducer's warnings.
///
/// It keeps one live state and an undo log on disk instead of every state,
/// so memory stays flat on logs of any length. Feed it what a ``LogReader``
/// reads, in order.
public struct SessionReplay {
    /// The header, once a valid one was read.
    public private(set) var header: SessionHeader?
    /// How the lines read so far were counted.
    public private(set) var tally = LineTally()
    /// The state at the cursor.
    public var state: TodoState { engine.state.todo }
    /// The frame the cursor is on.
    public var cursor: Int { engine.cursor }
    /// Frames so far, the initial one included.
    public var frameCount: Int { engine.frameCount }
    /// How the events' state digests compared so far.
    public private(set) var digests = DigestTally()
    /// The ids replay derived for `addItem` records without one: the
    /// canonical JSON shows them as `null`.
    private var derivedIDs: Set<UUID> = []
    /// Each checked state's digest, the list's JSON kept from the state checked before.
    private var digester = StateDigester()

    /// Whether each ``Frame`` carries a copy of its state (for tests and small tools).
    private let keepsStates: Bool
    /// Whether the events' digests are compared (and counted in ``digests``): not when a resumed
    /// log is replayed, whose recorder checks its newest digest alone.
    private let checksDigests: Bool
    /// The package's one time-travel engine, its history in spill files.
    private var engine: TimeTravelEngine<FrameLog>
    /// The first failed write of the undo log's spill files, if any.
    var spillFailure: Int32? { engine.storage.spillFailure }
    /// Whether the undo log's spill files are sealed on disk.
    var spillsAreSealed: Bool { engine.storage.isSealed }
    private var sequence = SequenceTracker()
    private var lastTimestamp: Timestamp?

    /// - Parameter keepingStates: Give each ``Frame`` a copy of its state.
    public init(keepingStates: Bool = false) {
        self.init(keepingStates: keepingStates, spillMemoryLimit: FrameLog.defaultMemoryLimit)
    }

    init(
        keepingStates: Bool, spillMemoryLimit: Int, shortTravel: Int = FrameLog.defaultShortTravel, sealing: (any SpillSealing)? = nil,
        checkingDigests: Bool = true
    ) {
        self.keepsStates = keepingStates
        self.checksDigests = checkingDigests
        self.engine = TimeTravelEngine(
            initialState: ReplayState(),
            storage: FrameLog(memoryLimit: spillMemoryLimit, shortTravel: shortTravel, sealing: sealing))
    }

    /// Replays one reading of a ``LogReader``.
    public mutating func replay(_ reading: LogReading, into output: (ReplayEntry) -> Void) {
        switch reading {
        case .diagnostic(let diagnostic):
            output(.diagnostic(diagnostic))
        case .record(.header(let header), _):
            self.header = header
            tally.header += 1
            output(.header(header))
        case .record(.event(let logged, let stamp), let line):
            guard admit(stamp, line: line, output) else { return }
            var derivesID = false
            if case .addItem(nil) = logged { derivesID = true }
            apply(resolve(logged, line: line), derivedID: derivesID, stamp: stamp, line: line, output)
            if checksDigests, let digest = stamp.digest { check(digest, line: line, output) }
            if stamp.digestDropped { digests.dropped += 1 }
        case .record(.travel(let to, let stamp), let line):
            // A negative `to` is the decoder's to report, with the record's other errors.
            guard to < frameCount else {
                tally.dropped += 1
                reportOutOfRange(to, line: line, output)
                return
            }
            guard admit(stamp, line: line, output) else { return }
            engine.travel(to: Int(to))
            tally.travels += 1
            output(.travel(Travel(to: Int(to), newestFrame: frameCount - 1, stamp: stamp, line: line)))
        case .droppedTravel(let to, let line):
            // Dropped and counted already, for its other errors: this one is said beside them.
            if to >= frameCount { reportOutOfRange(to, line: line, output) }
        }
    }

    private func reportOutOfRange(_ to: Int64, line: Int, _ output: (ReplayEntry) -> Void) {
        output(
            .diagnostic(
                Diagnostic(
                    line: line, code: .travelOutOfRange,
                    message: "travel to frame \(to), but frames 0…\(frameCount - 1) exist so far; the travel is dropped")))
    }

    /// Counts a line that made no record: blank, dropped by an error, or unread.
    public mutating func count(blank: Bool = false, dropped: Bool = false, unread: Bool = false) {
        if blank { tally.blank += 1 }
        if dropped { tally.dropped += 1 }
        if unread { tally.unread += 1 }
    }

    /// The state of frame `frame` (which must exist), rebuilt without
    /// moving the cursor.
    public func state(ofFrame frame: Int) -> TodoState {
        engine.state(of: frame).todo
    }

    // MARK: Applying

    private mutating func apply(_ event: TodoEvent, derivedID: Bool, stamp: RecordStamp, line: Int, _ output: (ReplayEntry) -> Void) {
        var itemIndex: Int?
        switch event {
        case .startCreatingItem, .cancelCreatingItem, .setItemDone:
            break
        case .changePartialItemName:
            if !state.isCreatingItem { warn(.notCreating, "changePartialItemName while the add sheet is closed", line, output) }
        case .addItem:
            if !state.isCreatingItem { warn(.notCreating, "addItem while the add sheet is closed", line, output) }
            if state.partialItemName.isEmpty {
                warn(.emptyTitle, "addItem with an empty name (the app's Add button is disabled then)", line, output)
            }
        }
        let parent = cursor
        // The id is looked up once, as the event is reduced: for `setItemDone` to find its item, for `addItem` as it is indexed.
        var isNewID = true
        let patch = engine.dispatch(reducing: { $0.apply(event, foundItem: &itemIndex, isNewID: &isNewID) })
        if case .setItemDone(let id, _) = event, itemIndex == nil {
            warn(.unknownItem, "no item has id \(id.uuidString) in this frame; nothing changes", line, output)
        }
        if checksDigests { digests.add(frame: cursor, parent: parent) }
        if !isNewID, case .addItem(let id) = event {
            warn(.duplicateItem, "an item with id \(id.uuidString) exists already; both are kept", line, output)
        }
        tally.events += 1
        let itemPosition = patch.itemFinished?.index ?? (patch.appendedItem != nil ? engine.state.todo.todoItems.count - 1 : nil)
        let addedTitle = patch.appendedItem?.title
        // The patch moves into the frame, and the state is read in place: no copy of their strings.
        // Made once and consumed into the entry: a copy retains every string of the frame and its patch.
        let entry = ReplayEntry.frame(
            Frame(
                parent: parent, index: cursor, event: event, patch: consume patch, stamp: stamp, line: line,
                stateName: engine.state.todo.stateName, itemPosition: itemPosition,
                partialItemName: engine.state.todo.partialItemName, addedTitle: addedTitle,
                itemCount: engine.state.todo.todoItems.count, isCreatingItem: engine.state.todo.isCreatingItem,
                itemIDIsDerived: derivedID, state: keepsStates ? engine.state.todo : nil))
        output(consume entry)
    }

    // MARK: Checks

    /// Compares the digest the app logged with that of the state replay
    /// made; only the first difference is a diagnostic (the states after it
    /// usually all differ), every one is counted.
    private mutating func check(_ logged: UInt64, line: Int, _ output: (ReplayEntry) -> Void) {
        let own = digester.value(of: engine.state.todo, derivedIDs: derivedIDs)
        let isFirst = digests.firstMismatchFrame == nil
        digests.count(frame: cursor, matched: own == logged)
        guard own != logged, isFirst else { return }
        output(
            .diagnostic(
                Diagnostic(
                    line: line, code: .stateMismatch,
                    message:
                        "the app's state digest \(StateDigest.text(of: logged)) differs from \(StateDigest.text(of: own)), the state replayed for frame \(cursor): the report marks it, and each frame made from it until a digest matches again, not verified (another app version or reducer?)"
                )))
    }

    /// The sequence and time checks of a record that has no error; `false`
    /// when a duplicate `seq` drops it.
    private mutating func admit(_ stamp: RecordStamp, line: Int, _ output: (ReplayEntry) -> Void) -> Bool {
        if let seq = stamp.seq {
            switch sequence.judge(seq) {
            case .duplicate:
                tally.dropped += 1
                warn(.duplicateSeq, "seq \(seq) was seen before (a retried delivery?); this record is dropped", line, output)
                return false
            case .gap(let missing):
                warn(
                    .seqGap, "seq jumps from \(seq - missing - 1) to \(seq): \(missing) record\(missing == 1 ? " is" : "s are") missing",
                    line, output)
            case .backwards(let highest):
                warn(.seqBackwards, "seq \(seq) comes after seq \(highest); the record is kept in file order", line, output)
            case .inOrder:
                break
            }
            sequence.insert(seq)
        }
        if let timestamp = stamp.timestamp {
            if let last = lastTimestamp, timestamp < last {
                let (now, before) = (timestamp.rfc3339, last.rfc3339)
                // Written to the millisecond, two times a fraction of one apart look the same.
                let by = now == before ? ", by less than a millisecond" : ""
                warn(.timeBackwards, "timestamp \(now) is earlier than the previous record's \(before)\(by)", line, output)
            }
            lastTimestamp = timestamp
        }
        return true
    }

    private mutating func derive(line: Int) -> UUID {
        let id = DerivedItemID.make(sessionId: header?.sessionId, line: line)
        derivedIDs.insert(id)
        return id
    }

    private mutating func resolve(_ logged: LoggedEvent, line: Int) -> TodoEvent {
        switch logged {
        case .startCreatingItem: .startCreatingItem
        case .cancelCreatingItem: .cancelCreatingItem
        case .changePartialItemName(let name): .changePartialItemName(name)
        case .addItem(let id?): .addItem(id: id)
        case .addItem(nil): .addItem(id: derive(line: line))
        case .setItemDone(let id, let isDone): .setItemDone(id: id, isDone: isDone)
        }
    }

    private func warn(_ code: DiagnosticCode, _ message: String, _ line: Int, _ output: (ReplayEntry) -> Void) {
        output(.diagnostic(Diagnostic(line: line, code: code, message: message)))
    }
}
