/// Every session of a batch, in name order, and the totals over them: what
/// `index.html`, `sessions.csv` and `summary.md` are made from. Built from
/// the same `stats/*.json` by `batch` and by `index`, so both write the same bytes.
public struct BatchAggregate: Sendable {
    /// The creation funnel of a group of sessions: the sum of their journeys'.
    public struct Funnel: Sendable, Equatable {
        /// Sessions counted.
        public var sessions = 0
        /// Their sheets and items, summed; the ratios are of the sums.
        public var sheets = SheetFunnel()

        mutating func add(_ numbers: SessionNumbers) {
            sessions += 1
            sheets += numbers.sheets
        }
    }

    /// The label of sessions whose header names no app version (listed last).
    public static let unknownVersion = "(no version)"

    /// The label of sessions whose header's `appVersion` is empty: a version of its own, shown in words.
    public static let emptyVersion = "(empty)"

    /// A version as the summary and the index name it: ``unknownVersion``
    /// for none, ``emptyVersion`` for `""` (which would show as nothing), and
    /// a version written as one of those two labels in quotes, so that it
    /// cannot pass for them.
    public static func label(of version: String?) -> String {
        guard let version else { return unknownVersion }
        if version.isEmpty { return emptyVersion }
        let bytes = version.utf8
        if bytes.elementsEqual(unknownVersion.utf8) || bytes.elementsEqual(emptyVersion.utf8) { return "\"\(version)\"" }
        return version
    }

    /// Every session, in the order `ls -v` lists their names (`s2` before `s10`), with what the aggregates read: the
    /// per-session `plusToAddMs` (but not their median), `root` and
    /// `reportSHA256` are left out (they are summed or not shown, and 100,000
    /// rows kept them for nothing).
    public let sessions: [SessionStats]
    /// The funnel over the rendered sessions.
    public private(set) var funnel = Funnel()
    /// The funnel per app version (versions equal as bytes are one), in
    /// `sort -V` order, then that of the sessions with no version (`nil`).
    public private(set) var funnelByVersion: [(version: String?, funnel: Funnel)] = []
    /// Every time from + to Add of the rendered sessions: milliseconds and count.
    public private(set) var plusToAdd: [Int64: Int] = [:]
    /// Diagnostics per code over every session that was read (rendered and rejected).
    public private(set) var codes: [String: Int] = [:]
    /// Errors over every session that was read.
    public private(set) var errors = 0
    /// Warnings over every session that was read.
    public private(set) var warnings = 0

    /// Totals `sessions` and keeps them in their names' order. Takes any sequence,
    /// so a lazy one read file by file never holds every session's times
    /// from + to Add: they are merged as they come, and each kept session
    /// drops its own (``SessionNumbers/plusToAddMs`` is empty in ``sessions``,
    /// ``SessionNumbers/medianPlusToAddMs`` kept).
    /// - Parameters:
    ///   - sessions: the sessions' stats, in any order.
    ///   - expectedCount: how many there will probably be, so that 100,000
    ///     are stored once instead of copied as the storage grows.
    public init(_ sessions: some Sequence<SessionStats>, expectedCount: Int = 0) {
        var kept: [SessionStats] = []
        kept.reserveCapacity(max(expectedCount, sessions.underestimatedCount))
        var byVersion: [[UInt8]: (version: String, funnel: Funnel)] = [:]
        var noVersion: Funnel?
        // Every session's version, rendered or not: the index's filter.
        var versions: [[UInt8]: String] = [:]
        var anyWithoutVersion = false
        // 100,000 sessions share a handful of tool and app names: one copy of each.
        var shared = Set<String>()
        func share(_ text: String?) -> String? {
            guard let text else { return nil }
            // Swift's String equality is canonical equivalence: share only a copy of the same bytes.
            let member = shared.insert(text).memberAfterInsert
            return member.utf8.elementsEqual(text.utf8) ? member : text
        }
        for var stats in sessions {
            (stats.tool, stats.app, stats.appVersion) = (share(stats.tool) ?? stats.tool, share(stats.app), share(stats.appVersion))
            let numbers = stats.numbers
            if let version = stats.appVersion { versions[Array(version.utf8)] = version } else { anyWithoutVersion = true }
            if stats.status == .rendered {
                funnel.add(numbers)
                if let version = stats.appVersion {
                    byVersion[Array(version.utf8), default: (version, Funnel())].funnel.add(numbers)
                } else {
                    noVersion = noVersion ?? Funnel()
                    noVersion?.add(numbers)
                }
                for time in numbers.plusToAddMs { plusToAdd[time.milliseconds, default: 0] += time.count }
            }
            if stats.status != .unreadable {
                for (code, count) in numbers.codes { codes[code, default: 0] += count }
                (errors, warnings) = (errors + numbers.errors, warnings + numbers.warnings)
            }
            stats.numbers.dropPlusToAddTimes()
            // What no aggregate writes (the index page, the CSV and the summary
            // read neither): 100,000 sessions kept two heap strings each for nothing.
            (stats.root, stats.reportSHA256) = (nil, nil)
            kept.append(stats)
        }
        sessionVersions = versions.sorted { VersionOrder.precedes($0.key, $1.key) }.map(\.value) + (anyWithoutVersion ? [nil] : [])
        Self.sortByName(&kept)
        self.sessions = kept
        funnelByVersion = byVersion.sorted { VersionOrder.precedes($0.key, $1.key) }.map { ($0.value.version, $0.value.funnel) }
        if let noVersion { funnelByVersion.append((nil, noVersion)) }
    }

    /// Puts `sessions` in the order `ls -v` lists their names (``VersionOrder``:
    /// `s2` before `s10`), as a person counts them, not as bytes compare.
    private static func sortByName(_ sessions: inout [SessionStats]) {
        let names = sessions.map(\.name)
        let inOrder: (Int, Int) -> Bool = { VersionOrder.precedes(names[$0], names[$1]) }
        // Usually read in this order already.
        if zip(names.indices, names.indices.dropFirst()).allSatisfy({ !inOrder($1, $0) }) { return }
        // The positions are sorted, not the stats: 100,000 of them are large to move and to buffer.
        var order = Array(names.indices)
        order.sort(by: inOrder)
        // Each session moves once, cycle by cycle, into its place.
        for start in order.indices where order[start] != start {
            let first = sessions[start]
            var place = start
            while order[place] != start {
                let from = order[place]
                sessions[place] = sessions[from]
                order[place] = place
                place = from
            }
            sessions[place] = first
            order[place] = place
        }
    }

    /// Sessions by status.
    public func count(_ status: SessionStats.Status) -> Int { sessions.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }

    /// The median of every time from + to Add pooled (each added sheet once), in milliseconds.
    public var medianPlusToAdd: Int64? { WholeNumber.median(plusToAdd.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }) }

    /// ``medianPlusToAdd`` as the summary and the index show it, or `n/a` when no sheet was added.
    var medianPlusToAddText: String { medianPlusToAdd.map { Formatting.duration(milliseconds: $0) } ?? "n/a" }

    /// The app versions of the rendered sessions, sorted, `nil` (no version) last (the summary lists them).
    public var versions: [String?] { funnelByVersion.map(\.version) }

    /// The header `appVersion` of every session, rendered or failed (equal
    /// as bytes once), in `sort -V` order, then nil when some session has
    /// none: what the index's version filter offers. A version may be
    /// written as ``unknownVersion`` or be empty; nil alone is no version.
    public private(set) var sessionVersions: [String?] = []
}
