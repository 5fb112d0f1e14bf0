/// A session's numbers, computed once by ``SessionMetrics`` at the end of
/// its replay: what the summary and the page state, what `stats/NAME.json`
/// holds (``SessionStats/numbers``) and what `sessions.csv`, the index page
/// and the batch summary are made from, read back from that file. One value,
/// so that no two outputs can compute a number two ways.
public struct SessionNumbers: Sendable, Equatable {
    /// The activity series of the index's sparkline.
    public struct Activity: Sendable, Equatable {
        /// Milliseconds per bucket.
        public var bucketMs: Int64
        /// Events per bucket.
        public var counts: [Int]

        /// A series of `counts` buckets of `bucketMs` each.
        public init(bucketMs: Int64, counts: [Int]) {
            self.bucketMs = bucketMs
            self.counts = counts
        }
    }

    /// When the session started, RFC 3339 in UTC.
    public var start: String?
    /// The last timestamp, RFC 3339 in UTC.
    public var end: String?
    /// From the start to the last timestamp, in milliseconds.
    public var durationMs: Double?
    /// Event lines that made frames.
    public var events = 0
    /// Frames of the report (events plus the initial state).
    public var frames = 0
    /// Travel records kept.
    public var travels = 0
    /// `startCreatingItem` events: add sheets opened.
    public var sheetsOpened = 0
    /// Sheets with at least one keystroke.
    public var sheetsTyped = 0
    /// `addItem` events.
    public var itemsAdded = 0
    /// `cancelCreatingItem` events.
    public var sheetsCancelled = 0
    /// `changePartialItemName` events.
    public var keystrokes = 0
    /// Items added per sheet opened (nil without a sheet).
    public var conversion: Double?
    /// The median time from + to Add, in milliseconds.
    public var medianPlusToAddMs: Double?
    /// `[milliseconds, count]`, ascending: every time from + to Add.
    public var plusToAddMs: [[Int64]] = []
    /// Error diagnostics.
    public var errors = 0
    /// Warning diagnostics.
    public var warnings = 0
    /// Diagnostics per code.
    public var codes: [String: Int] = [:]
    /// Events over time, for the sparkline.
    public var activity = Activity(bucketMs: 1_000, counts: [])

    /// The numbers of a session that has none (its input could not be read).
    public init() {}
}
