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
    public private(set) var bucketMilliseconds: Int64 = 1_000
    /// Events per bucket, from the session's first timestamp.
    public private(set) var counts = [Int](repeating: 0, count: bucketCount)
    /// Each whole number of milliseconds from + to Add, and how often it occurred.
    public private(set) var plusToAdd: [Int64: Int] = [:]
    /// Add sheets with at least one keystroke before they closed.
    public private(set) var sheetsTyped = 0

    private var origin: Double?
    private var sheetOpenedAt: Timestamp?
    private var sheetOpen = false
    private var sheetTyped = false

    /// Empty, before the first entry.
    public init() {}

    /// Adds one replay entry.
    public mutating func add(_ entry: ReplayEntry) {
        switch entry {
        case .header(let header):
            if let start = header.startedAt { origin = start.millisecondsSince1970 }
        case .frame(let frame):
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
        case .travel, .diagnostic:
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
        let origin = self.origin ?? timestamp.millisecondsSince1970
        self.origin = origin
        let offset = max(0, Int64((timestamp.millisecondsSince1970 - origin).rounded(.down)))
        while offset / bucketMilliseconds >= Int64(Self.bucketCount) {
            // Twice as wide: each pair of buckets becomes one.
            var merged = [Int](repeating: 0, count: Self.bucketCount)
            for index in counts.indices { merged[index / 2] += counts[index] }
            counts = merged
            bucketMilliseconds *= 2
        }
        counts[Int(offset / bucketMilliseconds)] += 1
    }
}
