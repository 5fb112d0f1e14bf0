/// One session's numbers and facts as `stats/NAME.json` holds them: what the
/// batch index, `sessions.csv` and the aggregate summary are made from, so
/// `todo-report index` can rebuild them from the files of any number of runs.
///
/// The schema is `todo-report-stats/1` (see the README's batch section).
/// ``root``, ``reportBytes`` and ``reportSHA256`` were added to it later,
/// as members a reader may find missing: a file from before them reads
/// with them `nil` (and `batch` renders its session again, since it cannot
/// tell that the report is the one the file names). Any other new member
/// comes with a new schema name.
public struct SessionStats: Sendable, Equatable {
    /// The schema name written in every file.
    public static let schemaName = "todo-report-stats/1"

    /// How the session ended up.
    public enum Status: String, Sendable {
        /// Its report was written.
        case rendered
        /// Read, but not rendered: an unsupported schema, or errors under `--strict`.
        case rejected
        /// Its input could not be read.
        case unreadable
    }

    /// The sparkline's series.
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

    /// Always ``schemaName``.
    public var schema: String = SessionStats.schemaName
    /// The safe, unique name: `sessions/NAME.html`, `stats/NAME.json`.
    public var name: String
    /// The input's path relative to its root, as text.
    public var input: String
    /// The INPUT it was found under, as `batch` records it (an absolute
    /// path): a run removes a session whose input is gone only from the
    /// roots it was given. `nil` in a file from before roots were recorded.
    public var root: String?
    /// The report's path relative to the batch folder, when rendered.
    public var report: String?
    /// The report's size in bytes, when rendered.
    public var reportBytes: Int?
    /// SHA-256 of the report's bytes, lowercase hex, when rendered: with
    /// ``reportBytes``, how a re-run tells that the report is the one
    /// these stats were made with (not another run's, nor damaged).
    public var reportSHA256: String?
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

    /// Reads a `stats/NAME.json` file's bytes; nil when it is not JSON of
    /// this schema (a member missing or of the wrong type).
    public init?(json: [UInt8]) {
        guard let root = StatsJSON.parse(json), root["schema"]?.string == Self.schemaName,
            let name = root["name"]?.string, let input = root["input"]?.string,
            let status = root["status"]?.string.flatMap(Status.init(rawValue:)), let tool = root["tool"]?.string,
            let strict = root["strict"]?.bool
        else { return nil }
        func text(_ key: String) -> String?? {
            guard let value = root[key] else { return nil }
            return value.isNull ? .some(nil) : value.string.map { .some($0) }
        }
        func real(_ key: String) -> Double?? {
            guard let value = root[key] else { return nil }
            return value.isNull ? .some(nil) : value.double.map { .some($0) }
        }
        func whole(_ key: String) -> Int? { root[key]?.int }
        /// A member added within the schema: missing reads as `nil`, present it must be right.
        func optionalText(_ key: String) -> String?? { root[key] == nil ? .some(nil) : text(key) }
        func optionalWhole(_ key: String) -> Int?? {
            guard let value = root[key] else { return .some(nil) }
            return value.isNull ? .some(nil) : value.int.map { .some($0) }
        }
        guard let inputRoot = optionalText("root"), let reportBytes = optionalWhole("reportBytes"),
            let reportSHA256 = optionalText("reportSHA256")
        else { return nil }
        guard let report = text("report"), let problem = text("problem"), let sessionId = text("sessionId"), let userId = text("userId"),
            let app = text("app"), let appVersion = text("appVersion"), let start = text("start"), let end = text("end"),
            let durationMs = real("durationMs"), let conversion = real("conversion"), let median = real("medianPlusToAddMs"),
            let inputSHA256 = text("inputSHA256"),
            let events = whole("events"), let frames = whole("frames"), let travels = whole("travels"),
            let sheetsOpened = whole("sheetsOpened"), let sheetsTyped = whole("sheetsTyped"), let itemsAdded = whole("itemsAdded"),
            let sheetsCancelled = whole("sheetsCancelled"), let keystrokes = whole("keystrokes"), let errors = whole("errors"),
            let warnings = whole("warnings"), let inputBytes = whole("inputBytes"),
            case .object(let codeMembers) = root["codes"], let pairs = root["plusToAddMs"]?.array,
            let bucketMs = root["activity"]?["bucketMs"]?.int64, let counts = root["activity"]?["counts"]?.array
        else { return nil }
        self.init(name: name, input: input, status: status, problem: problem, tool: tool, strict: strict)
        (self.root, self.reportBytes, self.reportSHA256) = (inputRoot, reportBytes, reportSHA256)
        (self.report, self.sessionId, self.userId, self.app, self.appVersion) = (report, sessionId, userId, app, appVersion)
        (self.start, self.end, self.durationMs, self.conversion, self.medianPlusToAddMs) = (start, end, durationMs, conversion, median)
        (self.events, self.frames, self.travels, self.sheetsOpened, self.sheetsTyped) = (events, frames, travels, sheetsOpened, sheetsTyped)
        (self.itemsAdded, self.sheetsCancelled, self.keystrokes, self.errors, self.warnings) = (
            itemsAdded, sheetsCancelled, keystrokes, errors, warnings
        )
        (self.inputBytes, self.inputSHA256) = (inputBytes, inputSHA256)
        var codes: [String: Int] = [:]
        for (code, count) in codeMembers {
            guard let count = count.int else { return nil }
            codes[code] = count
        }
        self.codes = codes
        var times: [[Int64]] = []
        for pair in pairs {
            guard let values = pair.array?.compactMap(\.int64), values.count == 2 else { return nil }
            times.append(values)
        }
        plusToAddMs = times
        let series = counts.compactMap(\.int)
        guard series.count == counts.count else { return nil }
        activity = Activity(bucketMs: bucketMs, counts: series)
    }
}
