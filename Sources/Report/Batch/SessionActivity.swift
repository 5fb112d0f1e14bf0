public import SessionLog

/// What the batch index needs of a session beyond ``SessionStatistics``,
/// collected from the same replay entries: an activity series for the
/// sparkline, every time from + to Add (for medians across sessions), and how
/// many add sheets got at least one keystroke. Bounded memory: the series has
/// ``bucketCount`` buckets whose width doubles as the session grows.
public struct SessionActivity: Sendable {
    /// Buckets in the activity series.
    public static let bucketCount = 24

    /// Milliseconds each bucket covers.
    public var bucketMilliseconds: Int64 { bins.width }
    /// Events per bucket, from the session's first timestamp.
    public var counts: [Int] { bins.values }
    /// Each whole number of milliseconds from + to Add, and how often it occurred.
    public private(set) var plusToAdd: [Int64: Int] = [:]
    /// Add sheets with at least one keystroke before they closed.
    public private(set) var sheetsTyped = 0

    private var bins = DoublingBins<Int>(capacity: bucketCount, initialWidth: 1_000)
    private var sheetOpenedAt: Timestamp?
    private var sheetOpen = false
    private var sheetTyped = false

    /// Empty, before the first entry.
    public init() {}

    /// Adds one replay entry.
    public mutating func add(_ entry: ReplayEntry) {
        switch entry {
        case .header(let header):
            if let start = header.startedAt { bins.setOrigin(start.millisecondsSince1970) }
        case .frame(let frame):
            add(frame)
        case .travel, .diagnostic:
            break
        }
    }

    /// Adds one frame, as ``add(_:)`` does for a `.frame` entry.
    mutating func add(_ frame: Frame) {
        count(frame.stamp.timestamp)
        switch frame.event {
        case .startCreatingItem:
            sheetOpenedAt = frame.stamp.timestamp
            sheetOpen = true
            sheetTyped = false
        case .changePartialItemName:
            if sheetOpen && !sheetTyped {
                sheetTyped = true
                sheetsTyped += 1
            }
        case .addItem:
            if let opened = sheetOpenedAt, let added = frame.stamp.timestamp {
                plusToAdd[Int64((added.millisecondsSince1970 - opened.millisecondsSince1970).rounded()), default: 0] += 1
            }
            closeSheet()
        case .cancelCreatingItem:
            closeSheet()
        case .setItemDone:
            break
        }
    }

    private mutating func closeSheet() {
        sheetOpen = false
        sheetTyped = false
        sheetOpenedAt = nil
    }

    private mutating func count(_ timestamp: Timestamp?) {
        guard let timestamp else { return }
        bins.update(bins.bin(of: timestamp.millisecondsSince1970)) { $0 += 1 }
    }
}
