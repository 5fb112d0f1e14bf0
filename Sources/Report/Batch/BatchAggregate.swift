/// Every session of a batch, in name order, and the totals over them: what
/// `index.html`, `sessions.csv` and `summary.md` are made from. Built from
/// the same `stats/*.json` by `batch` and by `index`, so both write the same bytes.
public struct BatchAggregate: Sendable {
    /// The creation funnel of a group of sessions.
    public struct Funnel: Sendable, Equatable {
        /// Sessions counted.
        public var sessions = 0
        /// Add sheets opened.
        public var sheetsOpened = 0
        /// Sheets with at least one keystroke.
        public var sheetsTyped = 0
        /// Items added.
        public var itemsAdded = 0
        /// Sheets cancelled.
        public var sheetsCancelled = 0
        /// Keystrokes in the name field.
        public var keystrokes = 0

        mutating func add(_ stats: SessionStats) {
            sessions += 1
            sheetsOpened += stats.numbers.sheetsOpened
            sheetsTyped += stats.numbers.sheetsTyped
            itemsAdded += stats.numbers.itemsAdded
            sheetsCancelled += stats.numbers.sheetsCancelled
            keystrokes += stats.numbers.keystrokes
        }
    }

    /// The label of sessions whose header names no app version.
    public static let unknownVersion = "(unknown)"

    /// Every session, sorted by name.
    public let sessions: [SessionStats]
    /// The funnel over every session that was read.
    public private(set) var funnel = Funnel()
    /// The funnel per app version, versions sorted.
    public private(set) var funnelByVersion: [(version: String, funnel: Funnel)] = []
    /// Every time from + to Add over all sessions: milliseconds and count.
    public private(set) var plusToAdd: [Int64: Int] = [:]
    /// Diagnostics per code over all sessions.
    public private(set) var codes: [String: Int] = [:]

    /// Totals `sessions` and keeps them sorted by name. Takes any sequence,
    /// so a lazy one read file by file never holds every session's times
    /// from + to Add: they are merged as they come, and each kept session
    /// drops its own (``SessionStats/plusToAddMs`` is empty in ``sessions``).
    /// - Parameters:
    ///   - sessions: the sessions' stats, in any order.
    ///   - expectedCount: how many there will probably be, so that 100,000
    ///     are stored once instead of copied as the storage grows.
    public init(_ sessions: some Sequence<SessionStats>, expectedCount: Int = 0) {
        var kept: [SessionStats] = []
        kept.reserveCapacity(max(expectedCount, sessions.underestimatedCount))
        var byVersion: [String: Funnel] = [:]
        // 100,000 sessions share a handful of tool and app names: one copy of each.
        var shared = Set<String>()
        func share(_ text: String?) -> String? {
            guard let text else { return nil }
            return shared.insert(text).memberAfterInsert
        }
        for var stats in sessions {
            (stats.tool, stats.app, stats.appVersion) = (share(stats.tool) ?? stats.tool, share(stats.app), share(stats.appVersion))
            if stats.status != .unreadable {
                funnel.add(stats)
                byVersion[stats.appVersion ?? Self.unknownVersion, default: Funnel()].add(stats)
                for pair in stats.numbers.plusToAddMs where pair.count == 2 { plusToAdd[pair[0], default: 0] += Int(pair[1]) }
                for (code, count) in stats.numbers.codes { codes[code, default: 0] += count }
            }
            stats.numbers.plusToAddMs = []
            kept.append(stats)
        }
        let inOrder: (SessionStats, SessionStats) -> Bool = { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        // Usually read in this order already; sorting would copy them all once more.
        if !zip(kept, kept.dropFirst()).allSatisfy({ !inOrder($1, $0) }) { kept.sort(by: inOrder) }
        self.sessions = kept
        funnelByVersion = byVersion.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value) }
    }

    /// Sessions by status.
    public func count(_ status: SessionStats.Status) -> Int { sessions.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }

    /// The median of every time from + to Add, in milliseconds.
    public var medianPlusToAdd: Double? { histogramMedian(plusToAdd) }

    /// The app versions seen, sorted (for the version filter).
    public var versions: [String] { funnelByVersion.map(\.version) }
}
