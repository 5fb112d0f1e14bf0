public import TodoDomain

/// A session's numbers, computed once by ``SessionMetrics`` at the end of
/// its replay: what the summary and the page state, what `stats/NAME.json`
/// holds (``SessionStats/numbers``) and what `sessions.csv`, the index page
/// and the batch summary are made from, read back from that file. One value,
/// so that no two outputs can compute a number two ways. The <doc:Numbers>
/// article defines each of them.
///
/// *Journey* numbers (the sheets, the items, ``undoneFrames``) count the path
/// from frame 0 to the newest frame only, so they agree with the final
/// state; *activity* numbers (``events``, ``keystrokes``, ``eventCounts``,
/// ``activity``) count everything, branches that time travel left included.
public struct SessionNumbers: Sendable, Equatable {
    /// The activity series of the index's sparkline: events with a time per bucket.
    public struct Activity: Sendable, Equatable {
        /// Milliseconds per bucket: 1,000 × 2^k, the smallest with 24 buckets longer than the duration.
        public var bucketMs: Int64
        /// Events per bucket, from the start (an event before it in the first).
        public var counts: [Int]

        /// A series of `counts` buckets of `bucketMs` each.
        public init(bucketMs: Int64, counts: [Int]) {
            self.bucketMs = bucketMs
            self.counts = counts
        }
    }

    /// A time from + to Add, in whole milliseconds, and how many added sheets took it.
    public struct PlusToAdd: Sendable, Equatable {
        /// The time, `t_ms` of the Add minus `t_ms` of the +.
        public var milliseconds: Int64
        /// How many added sheets took it.
        public var count: Int

        /// `count` sheets that took `milliseconds`.
        public init(milliseconds: Int64, count: Int) {
            self.milliseconds = milliseconds
            self.count = count
        }
    }

    /// Kept events of each name, and kept travels.
    public struct EventCounts: Sendable, Equatable {
        /// Per event kind, in `TodoEvent.Kind.allCases` order.
        public var byKind: [Int] = Array(repeating: 0, count: TodoEvent.Kind.allCases.count)
        /// Travels.
        public var travel = 0

        /// No events.
        public init() {}

        /// Events of `kind`.
        public subscript(kind: TodoEvent.Kind) -> Int {
            get { byKind[kind.code] }
            set { byKind[kind.code] = newValue }
        }

        /// Events and travels: `events + travels`.
        public var total: Int { byKind.reduce(travel, +) }
    }

    /// The session's start, RFC 3339 in UTC with milliseconds: the header's
    /// `startedAt`, else the earliest time of a kept record.
    public var start: String?
    /// The latest time of a kept record (else `startedAt`), RFC 3339.
    public var end: String?
    /// `end − start` in whole milliseconds, 0 when negative; `nil` without both.
    public var durationMs: Int64?
    /// Kept event records: `frames − 1`.
    public var events = 0
    /// Frames, frame 0 included.
    public var frames = 0
    /// Kept travel records.
    public var travels = 0
    /// Frames not on the journey: left on a branch by time travel.
    public var undoneFrames = 0
    /// Kept `changePartialItemName` events, on every branch.
    public var keystrokes = 0
    /// Kept events per name and travels; they add up to `events + travels`.
    public var eventCounts = EventCounts()
    /// The journey's add sheets, how they ended and what they added.
    public var sheets = SheetFunnel()
    /// Every time from + to Add of an added sheet with both times, ascending.
    public var plusToAddMs: [PlusToAdd] = [] {
        didSet { medianPlusToAddMs = WholeNumber.median(plusToAddMs.map { ($0.milliseconds, $0.count) }) }
    }
    /// The median of ``plusToAddMs``, rounded; `nil` when there are none.
    /// It stays when ``dropPlusToAddTimes()`` drops the times.
    public private(set) var medianPlusToAddMs: Int64?
    /// Every line of the log: `events + travels + headers + droppedLines + blankLines`.
    public var lines = 0
    /// 1 when the header was kept, else 0.
    public var headers = 0
    /// Lines whose record was not kept (unread ones after an unsupported schema included).
    public var droppedLines = 0
    /// Blank lines.
    public var blankLines = 0
    /// Error diagnostics.
    public var errors = 0
    /// Warning diagnostics.
    public var warnings = 0
    /// Diagnostics per code.
    public var codes: [String: Int] = [:]
    /// Events whose `digest` was checked.
    public var digestsChecked = 0
    /// Checked digests that differed from the replay's.
    public var digestsDiffering = 0
    /// Events over time, for the sparkline.
    public var activity = Activity(bucketMs: 1_000, counts: [])

    /// The numbers of a session that has none (its input could not be read).
    public init() {}

    /// Drops ``plusToAddMs`` and keeps their ``medianPlusToAddMs``: a batch
    /// of 100,000 sessions sums the times as it reads them, and each session's
    /// row of `sessions.csv` needs only its median.
    public mutating func dropPlusToAddTimes() {
        let median = medianPlusToAddMs
        plusToAddMs = []
        medianPlusToAddMs = median
    }
}
