public import TimeTravel
public import TodoDomain

/// Replays records through the app's own ``Store`` and reducer, adding the
/// diagnostics that depend on what came before: sequence, time, travel range
/// and the reducer's warnings.
///
/// Feed it what a ``LogReader`` reads, in order; it reports frames, travels
/// and diagnostics as they happen.
public struct SessionReplay {
    /// The app's store, holding every frame so far.
    public let store = Store(initialState: TodoState())
    public private(set) var header: SessionHeader?
    public private(set) var tally = LineTally()

    private var sequence = SequenceTracker()
    private var lastTimestamp: Timestamp?

    public init() {}

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
            let event = resolve(logged, line: line)
            warnAboutReducer(event, line: line, output)
            let parent = store.currentStateIndex
            store.dispatch(event)
            tally.events += 1
            output(.frame(Frame(index: store.stateCount - 1, parent: parent, event: event, stamp: stamp, line: line, state: store.state)))
        case .record(.travel(let to, let stamp), let line):
            guard to >= 0, to < store.stateCount else {
                tally.dropped += 1
                output(.diagnostic(Diagnostic(
                    line: line, code: .travelOutOfRange,
                    message: "travel to frame \(to), but frames 0…\(store.stateCount - 1) exist so far; the travel is dropped")))
                return
            }
            guard admit(stamp, line: line, output) else { return }
            let newest = store.stateCount - 1
            store.currentStateIndex = Int(to)
            tally.travels += 1
            output(.travel(Travel(to: Int(to), newestFrame: newest, stamp: stamp, line: line)))
        }
    }

    /// Counts a line that made no record: blank, dropped by an error, or unread.
    public mutating func count(blank: Bool = false, dropped: Bool = false, unread: Bool = false) {
        if blank { tally.blank += 1 }
        if dropped { tally.dropped += 1 }
        if unread { tally.unread += 1 }
    }

    // MARK: Checks

    /// The sequence and time checks of a record that has no error; `false`
    /// when a duplicate `seq` drops it.
    private mutating func admit(_ stamp: RecordStamp, line: Int, _ output: (ReplayEntry) -> Void) -> Bool {
        if let seq = stamp.seq {
            switch sequence.judge(seq) {
            case .duplicate:
                tally.dropped += 1
                output(.diagnostic(Diagnostic(line: line, code: .duplicateSeq, message: "seq \(seq) was seen before (a retried delivery?); this record is dropped")))
                return false
            case .gap(let missing):
                output(.diagnostic(Diagnostic(line: line, code: .seqGap, message: "seq jumps from \(seq - missing - 1) to \(seq): \(missing) record\(missing == 1 ? " is" : "s are") missing")))
            case .backwards(let highest):
                output(.diagnostic(Diagnostic(line: line, code: .seqBackwards, message: "seq \(seq) comes after seq \(highest); the record is kept in file order")))
            case .inOrder:
                break
            }
            sequence.insert(seq)
        }
        if let timestamp = stamp.timestamp {
            if let last = lastTimestamp, timestamp < last {
                output(.diagnostic(Diagnostic(line: line, code: .timeBackwards, message: "timestamp \(timestamp.rfc3339) is earlier than the previous record's \(last.rfc3339)")))
            }
            lastTimestamp = timestamp
        }
        return true
    }

    private func resolve(_ logged: LoggedEvent, line: Int) -> TodoEvent {
        switch logged {
        case .startCreatingItem: .startCreatingItem
        case .cancelCreatingItem: .cancelCreatingItem
        case .changePartialItemName(let name): .changePartialItemName(name)
        case .addItem(let id): .addItem(id: id ?? DerivedItemID.make(sessionId: header?.sessionId, line: line))
        case .setItemDone(let id, let isDone): .setItemDone(id: id, isDone: isDone)
        }
    }

    private func warnAboutReducer(_ event: TodoEvent, line: Int, _ output: (ReplayEntry) -> Void) {
        let state = store.state
        func warn(_ code: DiagnosticCode, _ message: String) {
            output(.diagnostic(Diagnostic(line: line, code: code, message: message)))
        }
        switch event {
        case .startCreatingItem, .cancelCreatingItem:
            break
        case .changePartialItemName:
            if !state.isCreatingItem { warn(.notCreating, "changePartialItemName while the add sheet is closed") }
        case .addItem(let id):
            if !state.isCreatingItem { warn(.notCreating, "addItem while the add sheet is closed") }
            if state.partialItemName.isEmpty { warn(.emptyTitle, "addItem with an empty name (the app's Add button is disabled then)") }
            if state.indexOfItem(id: id) != nil { warn(.duplicateItem, "an item with id \(id.uuidString) exists already; both are kept") }
        case .setItemDone(let id, _):
            if state.indexOfItem(id: id) == nil { warn(.unknownItem, "no item has id \(id.uuidString) in this frame; nothing changes") }
        }
    }
}
