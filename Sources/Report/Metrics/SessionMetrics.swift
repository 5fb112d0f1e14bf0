public import Foundation
public import SessionLog
public import TodoDomain

/// The one accumulator of a session's numbers: fed every replay entry once,
/// in order, it keeps what the summary, the page, `stats/NAME.json` (and so
/// `sessions.csv`, the index page and the batch summary) state, and computes
/// ``numbers`` once when the replay ends. Memory grows with the number of
/// items and runs it keeps for the summary (at most a few hundred), not with
/// the number of events.
public struct SessionMetrics: Sendable {
    /// One item that was added, on any branch of the session.
    public struct AddedItem: Hashable, Sendable {
        /// The item's id, as logged or derived.
        public var id: UUID
        /// The title, or for a long one (past 500 scalars) its start and its
        /// length: the totals never hold a long name.
        public var title: String
        /// When the `addItem` was recorded, if it says.
        public var addedAt: Timestamp?
        /// The log line of its `addItem`.
        public var line: Int
        /// `setItemDone` events applied to it.
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
        /// The first lines it was on, at most ``SessionMetrics/keptLinesPerCode``.
        public var firstLines: [Int]
    }

    /// How many state-chain runs are kept for the summary; the rest are counted.
    public static let keptRuns = 200
    /// How many added items and cancelled names are kept for the summary; the rest are counted.
    public static let keptItems = 200
    /// How many lines are named per diagnostic code.
    public static let keptLinesPerCode = 5
    /// Buckets in the activity series of `stats/NAME.json`.
    public static let seriesBuckets = 24
    /// Bins in the page's activity strip at most.
    static let stripBins = 1_000

    /// The log's header, if it had one.
    public private(set) var header: SessionHeader?
    /// The earliest and the latest timestamp of the kept records.
    public private(set) var firstTimestamp: Timestamp?
    /// The latest timestamp of the kept records.
    public private(set) var lastTimestamp: Timestamp?
    private var countsByKind = [Int](repeating: 0, count: TodoEvent.Kind.allCases.count)
    /// Travel records kept.
    public private(set) var travelCount = 0
    /// What had been typed when the first ``keptItems`` add sheets were
    /// cancelled, in order (a long name cut as ``AddedItem/title`` is).
    public private(set) var cancelledNames: [String] = []
    /// Every cancelled add sheet, counted.
    public private(set) var cancelCount = 0
    /// Add sheets with at least one keystroke before they closed.
    public private(set) var sheetsTyped = 0
    /// How often each whole number of milliseconds from + to Add occurred:
    /// exact medians in memory bounded by the range of durations, not their number.
    private var plusToAdd: [Int64: Int] = [:]
    /// The first ``keptItems`` items added, in order.
    public private(set) var items: [AddedItem] = []
    /// Every `addItem`, counted.
    public private(set) var itemCount = 0
    /// The chain of state names with runs collapsed: `(name, count)`.
    public private(set) var stateRuns: [(name: String, count: Int)] = [(TodoState.initialStateName, 1)]
    /// Runs past ``keptRuns``, and the states in them.
    public private(set) var omittedRuns = 0
    /// States in the runs past ``keptRuns``.
    public private(set) var omittedRunStates = 0
    /// Diagnostics by code.
    public private(set) var diagnosticCounts: [DiagnosticCode: CodeCount] = [:]
    /// How the replay ended, once ``finish(with:)`` was called.
    public private(set) var outcome: LogReplayer.Outcome?
    /// The numbers, computed by ``finish(with:)``.
    public private(set) var numbers = SessionNumbers()

    /// Events per bucket of the series, from the start, widening as the session grows.
    private var series = DoublingBins<Int>(capacity: seriesBuckets, initialWidth: 1_000)
    /// The page's activity strip: events, items, cancels and travels per bin.
    private var stripBins = DoublingBins<ActivityBin>(capacity: stripBins)

    private var itemIndexByID: [UUID: Int] = [:]
    /// One bit per value of 12 bits of the ids in `itemIndexByID`: most
    /// `setItemDone`s name an item that is not kept, and this tells so
    /// without hashing the id.
    private var keptIDBits = [UInt64](repeating: 0, count: 64)
    /// The open add sheet, in file order: when its + was pressed, and whether it was typed in.
    private var sheetOpen = false
    private var sheetTyped = false
    private var sheetOpenedAt: Timestamp?
    private var lastRunName = TodoState.initialStateName
    private var titlePseudonyms = TitlePseudonyms()

    /// Empty, before the first entry.
    public init() {}

    /// Adds one replay entry.
    public mutating func add(_ entry: ReplayEntry) {
        switch entry {
        case .header(let header):
            self.header = header
            if let start = header.startedAt {
                series.setOrigin(start.millisecondsSince1970)
                stripBins.setOrigin(start.millisecondsSince1970)
            }
        case .frame(let frame):
            add(frame)
        case .travel(let travel):
            travelCount += 1
            guard let time = travel.stamp.timestamp else { return }
            note(time)
            stripBins.update(stripBins.bin(of: time.millisecondsSince1970)) { $0.travels += 1 }
        case .diagnostic(let diagnostic):
            var count = diagnosticCounts[diagnostic.code] ?? CodeCount(code: diagnostic.code, count: 0, firstLines: [])
            count.count += 1
            if count.firstLines.count < Self.keptLinesPerCode { count.firstLines.append(diagnostic.line) }
            diagnosticCounts[diagnostic.code] = count
        }
    }

    /// Records how the replay ended, and computes ``numbers``.
    public mutating func finish(with outcome: LogReplayer.Outcome) {
        self.outcome = outcome
        numbers = computedNumbers(outcome)
    }

    /// Adds one frame, as ``add(_:)`` does for a `.frame` entry (a caller
    /// that took the frame out of its entry lends it without a copy).
    mutating func add(_ frame: Frame) {
        let timestamp = frame.stamp.timestamp
        let kind = frame.event.kind
        if let timestamp {
            note(timestamp)
            let time = timestamp.millisecondsSince1970
            series.update(series.bin(of: time)) { $0 += 1 }
            // The frame says how many items its state holds: nothing is kept per frame.
            let itemsAfter = frame.itemCount
            stripBins.update(stripBins.bin(of: time)) { bin in
                bin.events += 1
                if kind == .addItem { bin.added += 1 }
                if kind == .cancelCreatingItem { bin.cancelled += 1 }
                bin.items = itemsAfter
            }
        }
        countsByKind[kind.code] += 1
        // Without keyed redaction no frame has a pseudonym and the follower stays empty.
        let titlePseudonym = titlePseudonyms.hasStarted || frame.stamp.namePseudonym != nil ? titlePseudonyms.add(frame) : nil
        switch frame.event {
        case .startCreatingItem:
            sheetOpenedAt = timestamp
            sheetOpen = true
            sheetTyped = false
        case .cancelCreatingItem:
            cancelCount += 1
            if cancelledNames.count < Self.keptItems { cancelledNames.append(Formatting.excerpt(frame.partialItemName)) }
            closeSheet()
        case .changePartialItemName:
            if sheetOpen && !sheetTyped {
                sheetTyped = true
                sheetsTyped += 1
            }
        case .addItem(let id):
            if let opened = sheetOpenedAt, let timestamp {
                let milliseconds = Int64((timestamp.millisecondsSince1970 - opened.millisecondsSince1970).rounded())
                plusToAdd[milliseconds, default: 0] += 1
            }
            closeSheet()
            itemCount += 1
            if items.count < Self.keptItems {
                if itemIndexByID[id] == nil {
                    itemIndexByID[id] = items.count
                    let bit = Self.idBit(id)
                    keptIDBits[bit >> 6] |= 1 << UInt64(bit & 63)
                }
                items.append(
                    AddedItem(
                        id: id, title: Formatting.excerpt(frame.addedTitle ?? ""), addedAt: timestamp, line: frame.line, toggles: 0,
                        titlePseudonym: titlePseudonym))
            }
        case .setItemDone(let id, _):
            // Applied only where the item exists in this branch's state.
            let bit = Self.idBit(id)
            if frame.itemPosition != nil, keptIDBits[bit >> 6] & (1 << UInt64(bit & 63)) != 0, let index = itemIndexByID[id] {
                items[index].toggles += 1
            }
        }
        let name = frame.stateName
        if name == lastRunName {
            if omittedRuns > 0 { omittedRunStates += 1 } else { stateRuns[stateRuns.count - 1].count += 1 }
        } else {
            lastRunName = name
            if stateRuns.count < Self.keptRuns && omittedRuns == 0 {
                stateRuns.append((name, 1))
            } else {
                omittedRuns += 1
                omittedRunStates += 1
            }
        }
    }

    private mutating func closeSheet() {
        sheetOpen = false
        sheetTyped = false
        sheetOpenedAt = nil
    }

    /// 12 bits of an id (from its last two bytes, random in a UUID v4), for `keptIDBits`.
    private static func idBit(_ id: UUID) -> Int {
        Int(id.uuid.14 & 0x0F) << 8 | Int(id.uuid.15)
    }

    private mutating func note(_ timestamp: Timestamp) {
        if firstTimestamp == nil { firstTimestamp = timestamp }
        if lastTimestamp.map({ timestamp > $0 }) ?? true { lastTimestamp = timestamp }
    }

    /// How many events of each kind made frames.
    public var eventCounts: [TodoEvent.Kind: Int] {
        Dictionary(uniqueKeysWithValues: TodoEvent.Kind.allCases.map { ($0, countsByKind[$0.code]) })
    }

    /// When the session started: the header's `startedAt`, else the first timestamp.
    public var start: Timestamp? { header?.startedAt ?? firstTimestamp }

    /// From the start to the last timestamp, in milliseconds.
    public var durationMilliseconds: Double? {
        guard let start, let lastTimestamp else { return nil }
        return lastTimestamp.millisecondsSince1970 - start.millisecondsSince1970
    }

    /// The page's activity strip, or `nil` when no record had a time.
    var strip: ActivityStrip? {
        guard let origin = stripBins.origin, stripBins.lastUsed >= 0 else { return nil }
        return ActivityStrip(origin: origin, binMilliseconds: stripBins.width, bins: Array(stripBins.values[...stripBins.lastUsed]))
    }

    private func computedNumbers(_ outcome: LogReplayer.Outcome) -> SessionNumbers {
        var numbers = SessionNumbers()
        numbers.start = start?.rfc3339
        numbers.end = lastTimestamp?.rfc3339
        numbers.durationMs = durationMilliseconds
        numbers.events = outcome.tally.events
        numbers.frames = outcome.frameCount
        numbers.travels = travelCount
        numbers.sheetsOpened = countsByKind[TodoEvent.Kind.startCreatingItem.code]
        numbers.sheetsTyped = sheetsTyped
        numbers.itemsAdded = countsByKind[TodoEvent.Kind.addItem.code]
        numbers.sheetsCancelled = countsByKind[TodoEvent.Kind.cancelCreatingItem.code]
        numbers.keystrokes = countsByKind[TodoEvent.Kind.changePartialItemName.code]
        numbers.conversion = numbers.sheetsOpened > 0 ? Double(numbers.itemsAdded) / Double(numbers.sheetsOpened) : nil
        numbers.medianPlusToAddMs = histogramMedian(plusToAdd)
        numbers.plusToAddMs = plusToAdd.sorted { $0.key < $1.key }.map { [$0.key, Int64($0.value)] }
        numbers.errors = outcome.errorCount
        numbers.warnings = outcome.warningCount
        numbers.codes = Dictionary(uniqueKeysWithValues: diagnosticCounts.map { ($0.key.rawValue, $0.value.count) })
        numbers.activity = SessionNumbers.Activity(bucketMs: series.width, counts: series.values)
        return numbers
    }
}
