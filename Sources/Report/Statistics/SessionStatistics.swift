public import Foundation
public import SessionLog
public import TodoDomain

/// Running totals of a replay, enough for the summary: it grows with the
/// number of items and funnels, not with the number of events.
public struct SessionStatistics: Sendable {
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
        /// The first lines it was on, at most ``SessionStatistics/keptLinesPerCode``.
        public var firstLines: [Int]
    }

    /// How many state-chain runs are kept for the summary; the rest are counted.
    public static let keptRuns = 200
    /// How many added items and cancelled names are kept for the summary; the rest are counted.
    public static let keptItems = 200
    /// How many lines are named per diagnostic code.
    public static let keptLinesPerCode = 5

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
    /// How often each whole number of milliseconds from + to Add occurred:
    /// exact medians in memory bounded by the range of durations, not their number.
    private var plusToAddHistogram: [Int64: Int] = [:]
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

    private var itemIndexByID: [UUID: Int] = [:]
    /// One bit per value of 12 bits of the ids in `itemIndexByID`: most
    /// `setItemDone`s name an item that is not kept, and this tells so
    /// without hashing the id.
    private var keptIDBits = [UInt64](repeating: 0, count: 64)
    private var sheetOpenedAt: Timestamp?
    private var lastRunName = TodoState.initialStateName
    private var titlePseudonyms = TitlePseudonyms()

    /// Empty totals, before the first entry.
    public init() {}

    /// Adds one replay entry to the totals.
    public mutating func add(_ entry: ReplayEntry) {
        switch entry {
        case .header(let header):
            self.header = header
        case .frame(let frame):
            add(frame)
        case .travel(let travel):
            note(travel.stamp.timestamp)
            travelCount += 1
        case .diagnostic(let diagnostic):
            var count = diagnosticCounts[diagnostic.code] ?? CodeCount(code: diagnostic.code, count: 0, firstLines: [])
            count.count += 1
            if count.firstLines.count < Self.keptLinesPerCode { count.firstLines.append(diagnostic.line) }
            diagnosticCounts[diagnostic.code] = count
        }
    }

    /// Records how the replay ended.
    public mutating func finish(with outcome: LogReplayer.Outcome) {
        self.outcome = outcome
    }

    /// Adds one frame, as ``add(_:)`` does for a `.frame` entry.
    mutating func add(_ frame: Frame) {
        note(frame.stamp.timestamp)
        countsByKind[frame.event.kind.code] += 1
        // Without keyed redaction no frame has a pseudonym and the follower stays empty.
        let titlePseudonym = titlePseudonyms.hasStarted || frame.stamp.namePseudonym != nil ? titlePseudonyms.add(frame) : nil
        let timestamp = frame.stamp.timestamp
        switch frame.event {
        case .startCreatingItem:
            sheetOpenedAt = timestamp
        case .cancelCreatingItem:
            cancelCount += 1
            if cancelledNames.count < Self.keptItems { cancelledNames.append(Formatting.excerpt(frame.partialItemName)) }
            sheetOpenedAt = nil
        case .changePartialItemName:
            break
        case .addItem(let id):
            if let opened = sheetOpenedAt, let timestamp {
                let milliseconds = Int64((timestamp.millisecondsSince1970 - opened.millisecondsSince1970).rounded())
                plusToAddHistogram[milliseconds, default: 0] += 1
            }
            sheetOpenedAt = nil
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

    /// 12 bits of an id (from its last two bytes, random in a UUID v4), for `keptIDBits`.
    private static func idBit(_ id: UUID) -> Int {
        Int(id.uuid.14 & 0x0F) << 8 | Int(id.uuid.15)
    }

    private mutating func note(_ timestamp: Timestamp?) {
        guard let timestamp else { return }
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

    /// The median time from + to Add, in whole milliseconds.
    public var medianPlusToAdd: Double? { histogramMedian(plusToAddHistogram) }
}
