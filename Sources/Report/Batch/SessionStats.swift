public import Foundation

/// One session's numbers and facts as `stats/NAME.json` holds them: what the
/// batch index, `sessions.csv` and the aggregate summary are made from, so
/// `todo-report index` can rebuild them from the files of any number of runs.
///
/// The schema is `todo-report-stats/1` (see the README's batch section);
/// a field is added only with a new schema name.
public struct SessionStats: Sendable, Equatable, Decodable {
    /// The schema name written in every file.
    public static let schemaName = "todo-report-stats/1"

    /// How the session ended up.
    public enum Status: String, Sendable, Decodable {
        /// Its report was written.
        case rendered
        /// Read, but not rendered: an unsupported schema, or errors under `--strict`.
        case rejected
        /// Its input could not be read.
        case unreadable
    }

    /// The sparkline's series.
    public struct Activity: Sendable, Equatable, Decodable {
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

    /// Always ``schemaName``.
    public var schema: String = SessionStats.schemaName
    /// The safe, unique name: `sessions/NAME.html`, `stats/NAME.json`.
    public var name: String
    /// The input's path relative to its root, as text.
    public var input: String
    /// The report's path relative to the batch folder, when rendered.
    public var report: String?
    /// How the session ended up.
    public var status: Status
    /// Why the session failed, when it did.
    public var problem: String?
    /// The header's `sessionId`.
    public var sessionId: String?
    /// The header's `userId`.
    public var userId: String?
    /// The header's `app`.
    public var app: String?
    /// The header's `appVersion`.
    public var appVersion: String?
    /// RFC 3339 (ISO 8601), UTC.
    public var start: String?
    /// The last timestamp, RFC 3339.
    public var end: String?
    /// From the start to the last timestamp, in milliseconds.
    public var durationMs: Double?
    /// Event lines that made frames.
    public var events: Int = 0
    /// Frames of the report (events plus the initial state).
    public var frames: Int = 0
    /// Travel records kept.
    public var travels: Int = 0
    /// `startCreatingItem` events: add sheets opened.
    public var sheetsOpened: Int = 0
    /// Sheets with at least one keystroke.
    public var sheetsTyped: Int = 0
    /// `addItem` events.
    public var itemsAdded: Int = 0
    /// `cancelCreatingItem` events.
    public var sheetsCancelled: Int = 0
    /// `changePartialItemName` events.
    public var keystrokes: Int = 0
    /// Items added per sheet opened (nil without a sheet).
    public var conversion: Double?
    /// The median time from + to Add, in milliseconds.
    public var medianPlusToAddMs: Double?
    /// `[milliseconds, count]`, ascending: every time from + to Add.
    public var plusToAddMs: [[Int64]] = []
    /// Error diagnostics.
    public var errors: Int = 0
    /// Warning diagnostics.
    public var warnings: Int = 0
    /// Diagnostics per code.
    public var codes: [String: Int] = [:]
    /// Events over time, for the sparkline.
    public var activity = Activity(bucketMs: 1_000, counts: [])
    /// The input's size in bytes (compressed, for `.jsonl.gz`).
    public var inputBytes: Int = 0
    /// SHA-256 of the input's bytes, lowercase hex: with ``tool`` and
    /// ``strict``, what an incremental run compares.
    public var inputSHA256: String?
    /// The tool and version that wrote it.
    public var tool: String
    /// Whether `--strict` was in force.
    public var strict: Bool = false

    /// A session that failed before it had any numbers.
    public init(name: String, input: String, status: Status, problem: String?, tool: String, strict: Bool) {
        self.name = name
        self.input = input
        self.status = status
        self.problem = problem
        self.tool = tool
        self.strict = strict
    }

    /// A read session, from its replay's totals and activity.
    public init(
        name: String, input: String, status: Status, problem: String?, statistics: SessionStatistics, activity: SessionActivity,
        inputBytes: Int, inputSHA256: String?, tool: String, strict: Bool
    ) {
        self.init(name: name, input: input, status: status, problem: problem, tool: tool, strict: strict)
        report = status == .rendered ? "sessions/\(name).html" : nil
        let header = statistics.header
        sessionId = header?.sessionId
        userId = header?.userId
        app = header?.app
        appVersion = header?.appVersion
        start = statistics.start?.rfc3339
        end = statistics.lastTimestamp?.rfc3339
        durationMs = statistics.durationMilliseconds
        let outcome = statistics.outcome
        events = outcome?.tally.events ?? 0
        frames = outcome?.frameCount ?? 0
        travels = statistics.travelCount
        let kinds = statistics.eventCounts
        sheetsOpened = kinds[.startCreatingItem] ?? 0
        sheetsTyped = activity.sheetsTyped
        itemsAdded = kinds[.addItem] ?? 0
        sheetsCancelled = kinds[.cancelCreatingItem] ?? 0
        keystrokes = kinds[.changePartialItemName] ?? 0
        conversion = sheetsOpened > 0 ? Double(itemsAdded) / Double(sheetsOpened) : nil
        medianPlusToAddMs = statistics.medianPlusToAdd
        plusToAddMs = activity.plusToAdd.sorted { $0.key < $1.key }.map { [$0.key, Int64($0.value)] }
        errors = outcome?.errorCount ?? 0
        warnings = outcome?.warningCount ?? 0
        codes = Dictionary(uniqueKeysWithValues: statistics.diagnosticCounts.map { ($0.key.rawValue, $0.value.count) })
        self.activity = Activity(bucketMs: activity.bucketMilliseconds, counts: activity.counts)
        self.inputBytes = inputBytes
        self.inputSHA256 = inputSHA256
    }

    /// Reads a `stats/NAME.json` file's bytes; nil when it is not this schema.
    public init?(json: Data, decoder: JSONDecoder = JSONDecoder()) {
        guard let decoded = try? decoder.decode(SessionStats.self, from: json), decoded.schema == Self.schemaName else { return nil }
        self = decoded
    }
}
