import ByteLevel
import Redaction
public import SessionLog
import TodoDomain

/// The one accumulator of a session's numbers: fed every replay entry once,
/// in order, it counts the activity as it goes and keeps a small step per
/// frame on disk; when the replay ends (``finish(with:)``) it walks the
/// journey, the path from frame 0 to the newest frame, and computes
/// ``numbers`` once. The summary, the page, `stats/NAME.json` (and so
/// `sessions.csv`, the index page and the batch summary) and the event
/// table all read them. Memory stays flat: the steps live in spill files,
/// and what the summary lists is at most a few hundred items and runs.
///
/// A class: its spill files are its own, so a copy never writes into them.
public final class SessionMetrics {
    /// One item of the final state, as the summary lists it.
    public struct AddedItem: Hashable, Sendable {
        /// The title, or for a long one (past 500 scalars) its start and its length.
        public var title: String
        /// `t_ms` of its `addItem`, if it has a time.
        public var addedAtMs: Int64?
        /// The log line of its `addItem`.
        public var line: Int
        /// Its `isFinished` in the final state.
        public var isFinished: Bool
        /// `setItemDone` events of the journey that changed its `isFinished`.
        public var toggles: Int
        /// Under keyed redaction, the keyed pseudonym of the title as typed
        /// (``title`` is its mask); `nil` otherwise or for an empty title.
        public var titlePseudonym: String? = nil
    }

    /// One diagnostic code's count and its first lines.
    public struct CodeCount: Hashable, Sendable {
        /// The code counted.
        public var code: DiagnosticCode
        /// How many diagnostics had it.
        public var count: Int
        /// The first lines it was on, each once (a line may have it twice), at most ``SessionMetrics/keptLinesPerCode``.
        public var firstLines: [Int]
        /// Whether it was on more lines than ``firstLines`` lists.
        public var isOnMoreLines = false
    }

    /// How many state-chain runs are kept for the summary; the rest are counted.
    public static let keptRuns = 200
    /// How many items and cancelled names are kept for the summary; the rest are counted.
    public static let keptItems = 200
    /// How many lines are named per diagnostic code.
    public static let keptLinesPerCode = 5
    /// Buckets in the activity series of `stats/NAME.json`.
    public static let seriesBuckets = 24
    /// Bins in the page's activity strip at most.
    static let stripBinLimit = 1_000

    /// The log's header, if it had one.
    public private(set) var header: SessionHeader?
    /// Diagnostics by code.
    public private(set) var diagnosticCounts: [DiagnosticCode: CodeCount] = [:]
    /// How the replay ended, once ``finish(with:)`` was called.
    public private(set) var outcome: LogReplayer.Outcome?
    /// The numbers, computed by ``finish(with:)``.
    public private(set) var numbers = SessionNumbers()
    /// The final state's first ``keptItems`` items, by position.
    public internal(set) var items: [AddedItem] = []
    /// What had been typed when the journey's first ``keptItems`` cancelled
    /// sheets were cancelled, in order (a long name cut as ``AddedItem/title`` is).
    public internal(set) var cancelledNames: [String] = []
    /// The journey's chain of state names with runs collapsed: `(name, count)`.
    public internal(set) var stateRuns: [(name: String, count: Int)] = [(TodoState.initialStateName, 1)]
    /// Runs past ``keptRuns``.
    public internal(set) var omittedRuns = 0
    /// States in the runs past ``keptRuns``.
    public internal(set) var omittedRunStates = 0
    /// `start`: what every `t_ms` is counted from.
    ///
    /// This and the tallies below skip the runtime's exclusivity checks:
    /// they are read or changed for every frame (and `start` for every step
    /// of the journey's walk), they are private, and no method hands out
    /// access to them that could overlap another.
    @exclusivity(unchecked) private(set) var start: Timestamp?

    @exclusivity(unchecked) private var span = SessionSpan()
    /// The newest frame's time (if its record had one) and log line, once a
    /// frame was made: the page's static frame says them.
    @exclusivity(unchecked) private(set) var newestFrame: (time: Timestamp?, line: Int)?
    @exclusivity(unchecked) private var eventCounts = SessionNumbers.EventCounts()
    /// The page's activity strip: events, items, cancels and travels per bin.
    @exclusivity(unchecked) private var stripBins = DoublingBins<ActivityBin>(capacity: SessionMetrics.stripBinLimit)
    /// Events and travels with no time, which the strip cannot place.
    private var untimed = ActivityBin()
    /// Under keyed redaction, each added title's pseudonym (for the summary's item list).
    @exclusivity(unchecked) private var titlePseudonyms = SheetTextFollower()
    /// Under redaction, with an event table, the typed text by its identity (for `changed`).
    @exclusivity(unchecked) private var typedTexts = SheetTextFollower()

    /// One step per frame, frame 1 first.
    let steps = RecordSpill<FrameStep>()
    /// The frames whose parent is not the frame before them, in order.
    let branches = RecordSpill<BranchParent>(memoryLimit: 1 << 16)
    /// The texts of cancelled sheets (their steps say where each starts).
    private let names = SpillFile(memoryLimit: 1 << 16)
    /// The journey as ranges of frames, the newest first (``finish(with:)`` writes them).
    let journey = RecordSpill<JourneyRange>(memoryLimit: 1 << 16)
    /// How each of the journey's sheets ended, sheet 1 first (for the event table).
    let sheetEnds = RecordSpill<SheetEnd>(memoryLimit: 1 << 16)
    /// A row per kept record, when the event table is recorded.
    let eventRows: RecordSpill<EventTableRow>?

    /// Empty, before the first entry.
    /// - Parameter recordingEventTable: Keep a row per record for
    ///   ``writeEventTable(session:_:)`` (80 bytes a record, on disk).
    public init(recordingEventTable: Bool = false) {
        eventRows = recordingEventTable ? RecordSpill<EventTableRow>() : nil
    }

    /// The `errno` of a temporary file that could not be written or read
    /// back, if any: the numbers cannot be trusted then.
    public var spillFailure: Int32? {
        steps.failure ?? branches.failure ?? names.diskFailure ?? journey.failure ?? sheetEnds.failure ?? eventRows?.failure
            ?? titlePseudonyms.failure ?? typedTexts.failure
            ?? namesReadFailure
    }
    private var namesReadFailure: Int32?

    /// Adds one replay entry.
    public func add(_ entry: ReplayEntry) {
        switch entry {
        case .header(let header):
            self.header = header
            span.startedAt = header.startedAt
            if let start = header.startedAt { stripBins.setOrigin(start.millisecondsSince1970) }
        case .frame(let frame):
            add(frame)
        case .travel(let travel):
            eventCounts.travel += 1
            if let time = travel.stamp.timestamp {
                span.note(time)
                stripBins.update(stripBins.bin(of: time.millisecondsSince1970)) { $0.travels += 1 }
            } else {
                untimed.travels += 1
            }
            eventRows?.append(EventTableRow(travel))
        case .diagnostic(let diagnostic):
            var count = diagnosticCounts[diagnostic.code] ?? CodeCount(code: diagnostic.code, count: 0, firstLines: [])
            count.count += 1
            // Diagnostics come in the log's order: a line's own come together.
            if count.firstLines.last != diagnostic.line {
                if count.firstLines.count < Self.keptLinesPerCode {
                    count.firstLines.append(diagnostic.line)
                } else {
                    count.isOnMoreLines = true
                }
            }
            diagnosticCounts[diagnostic.code] = count
        }
    }

    /// Adds one frame, as ``add(_:)`` does for a `.frame` entry (a caller
    /// that took the frame out of its entry lends it without a copy).
    func add(_ frame: Frame) {
        let kind = frame.event.kind
        newestFrame = (frame.stamp.timestamp, frame.line)
        var step = FrameStep(time: frame.stamp.timestamp ?? FrameStep.noTime, value: -1, extra: 0, kind: UInt8(kind.code), flags: [])
        if let timestamp = frame.stamp.timestamp {
            step.flags.insert(.hasTime)
            span.note(timestamp)
            let time = timestamp.millisecondsSince1970
            // The frame says how many items its state holds: nothing is kept per frame.
            let itemsAfter = frame.itemCount
            stripBins.update(stripBins.bin(of: time)) { bin in
                bin.events += 1
                if kind == .addItem { bin.added += 1 }
                // A sheet cancelled: a cancel with no sheet open ends nothing.
                if kind == .cancelCreatingItem && frame.patch.isCreatingItem?.old == true { bin.cancelled += 1 }
                bin.items = itemsAfter
            }
        } else {
            untimed.events += 1
        }
        eventCounts[kind] += 1
        if frame.parent != frame.index - 1 { branches.append(BranchParent(frame: Int64(frame.index), parent: Int64(frame.parent))) }
        // Codes only redaction gives a keystroke; without them both followers stay empty.
        var keystroke: (pseudonym: UInt64?, identity: UInt64?) = (nil, nil)
        if case .changePartialItemName = frame.event {
            keystroke.pseudonym = frame.stamp.namePseudonym.map { Pseudonyms.bits(of: $0, as: .title).map { 1 << 32 | UInt64($0) } ?? 0 }
            if eventRows != nil { keystroke.identity = frame.stamp.nameIdentity }
        }
        let sheetPseudonym = titlePseudonyms.add(frame, keystroke: keystroke.pseudonym)
        switch frame.event {
        case .addItem:
            step.value = Int64(frame.line)
            if let title = sheetPseudonym?.before, title != 0 {
                step.extra = UInt32(truncatingIfNeeded: title)
                step.flags.insert(.hasPseudonym)
            }
        case .setItemDone:
            step.value = frame.itemPosition.map(Int64.init) ?? -1
            if let change = frame.patch.itemFinished, change.old != change.new { step.flags.insert(.toggled) }
        case .cancelCreatingItem:
            // Only a cancel that closed a sheet can end one on the journey.
            if frame.patch.isCreatingItem?.old == true {
                step.value = Int64(names.count)
                let before = names.count
                names.append(Formatting.excerpt(frame.partialItemName))
                step.extra = UInt32(truncatingIfNeeded: names.count - before)
                step.flags.insert(.keptName)
            }
        case .startCreatingItem, .changePartialItemName:
            break
        }
        steps.append(step)
        let typedText = typedTexts.add(frame, keystroke: keystroke.identity)
        if eventRows != nil {
            var row = EventTableRow(frame)
            // Under redaction two typed texts can mask alike: whether a keystroke changed the text is told by the texts as typed.
            if case .changePartialItemName = frame.event, let typedText {
                if typedText.before != typedText.after { row.flags.insert(.changed) } else { row.flags.remove(.changed) }
            }
            eventRows?.append(row)
        }
    }

    /// Records how the replay ended: walks the journey and computes ``numbers``.
    public func finish(with outcome: LogReplayer.Outcome) {
        self.outcome = outcome
        var numbers = SessionNumbers()
        let (start, end) = (span.start, span.end)
        self.start = start
        numbers.start = start?.rfc3339
        numbers.end = end?.rfc3339
        if let start, let end { numbers.durationMs = max(0, end.milliseconds(since: start)) }
        numbers.events = steps.count
        numbers.frames = steps.count + 1
        numbers.travels = eventCounts.travel
        numbers.keystrokes = eventCounts[.changePartialItemName]
        numbers.eventCounts = eventCounts
        let tally = outcome.tally
        (numbers.lines, numbers.headers, numbers.blankLines) = (tally.total, tally.header, tally.blank)
        numbers.droppedLines = tally.dropped + tally.unread
        (numbers.errors, numbers.warnings) = (outcome.errorCount, outcome.warningCount)
        numbers.codes = Dictionary(uniqueKeysWithValues: diagnosticCounts.map { ($0.key.rawValue, $0.value.count) })
        (numbers.digestsChecked, numbers.digestsDiffering) = (outcome.digests.checked, outcome.digests.differed)
        walkJourney(into: &numbers, finalState: outcome.newestFrameState)
        self.numbers = numbers
    }

    /// `t_ms` of a time: from the start, rounded to a whole millisecond.
    func offset(_ time: Timestamp?) -> Int64? {
        guard let time, let start else { return nil }
        return time.milliseconds(since: start)
    }

    /// The page's activity strip, or `nil` when no record had a time.
    var strip: ActivityStrip? {
        guard let origin = stripBins.origin, stripBins.lastUsed >= 0 else { return nil }
        return ActivityStrip(
            origin: origin, binMilliseconds: stripBins.width, bins: Array(stripBins.values[...stripBins.lastUsed]), untimed: untimed,
            durationMilliseconds: numbers.durationMs)
    }

    /// The text of a cancelled sheet that a step points to.
    func cancelledName(_ step: FrameStep) -> String {
        let length = Int(step.extra)
        guard length > 0 else { return "" }
        do {
            return try names.string(at: Int(step.value), count: length)
        } catch {
            if namesReadFailure == nil { namesReadFailure = SpillReadError.code(of: error) }
            return ""
        }
    }

    /// A pseudonym's text from the bits a step holds.
    func pseudonymText(_ bits: UInt32) -> String { Pseudonyms.text(bits, as: .title) }
}
