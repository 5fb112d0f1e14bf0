public import Redaction

/// One session's numbers and facts as `stats/NAME.json` holds them: what the
/// batch index, `sessions.csv` and the aggregate summary are made from, so
/// `todo-report index` can rebuild them from the files of any number of runs.
///
/// The schema is `todo-report-stats/2`: the numbers as <doc:Numbers>
/// defines them (``numbers``), each under its name, with every member of
/// `todo-report-stats/1` and the event table's file. A `/1` file defined
/// some numbers otherwise (conversion over events, time travel ignored):
/// it is not read as this schema, so `batch` renders its session again and
/// `index` leaves it out, each saying why (``olderSchemaName``).
public struct SessionStats: Sendable, Equatable {
    /// The schema name written in every file.
    public static let schemaName = "todo-report-stats/2"
    /// The schema before this one, whose files are never read as this one.
    public static let olderSchemaName = "todo-report-stats/1"
    /// Why a file of ``olderSchemaName`` is not read, as `batch` and `index` say it.
    public static let olderSchemaReason =
        "written by an older todo-report whose numbers are defined otherwise (conversion over events, time travel not followed)"

    /// How the session ended up.
    public enum Status: String, Sendable {
        /// Its report was written.
        case rendered
        /// Read, but not rendered: an unsupported schema, or errors under `--strict`.
        case rejected
        /// Its input could not be read.
        case unreadable
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
    /// The event table's path relative to the batch folder (`events/NAME.csv.gz`), when rendered.
    public var eventTable: String?
    /// The event table's size in bytes, when rendered.
    public var eventTableBytes: Int?
    /// SHA-256 of the event table's bytes, lowercase hex, when rendered:
    /// checked by a re-run as the report's is.
    public var eventTableSHA256: String?
    /// The session's numbers (all zero for a session that could not be read).
    public var numbers = SessionNumbers()
    /// The input's size in bytes (compressed, for `.jsonl.gz`); 0 when it
    /// could not be opened, or is a stream that failed (whose size is not known).
    public var inputBytes: Int = 0
    /// SHA-256 of the input's bytes, lowercase hex: with ``tool`` and
    /// ``strict``, what an incremental run compares.
    public var inputSHA256: String?
    /// The tool and version that wrote it, and how it redacted the session (``redaction``).
    public var tool: String
    /// How the session was redacted, as ``tool`` records it; `nil` when it was not.
    public var redaction: RedactionMode? { RedactionMode(tool: tool) }
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

    /// A read session, from the accumulator of its replay.
    public init(
        name: String, input: String, status: Status, problem: String?, metrics: SessionMetrics, inputBytes: Int, inputSHA256: String?,
        tool: String, strict: Bool
    ) {
        self.init(name: name, input: input, status: status, problem: problem, tool: tool, strict: strict)
        report = status == .rendered ? Self.report(of: name) : nil
        eventTable = status == .rendered ? Self.eventTable(of: name) : nil
        let header = metrics.header
        sessionId = header?.sessionId
        userId = header?.userId
        app = header?.app
        appVersion = header?.appVersion
        numbers = metrics.numbers
        self.inputBytes = inputBytes
        self.inputSHA256 = inputSHA256
    }

    /// Where a batch folder holds one kind of a session's files: a folder
    /// of its own, each file the session's NAME and an ending.
    public struct Place: Sendable {
        /// The folder, relative to the batch folder: `sessions`.
        public let folder: String
        /// What follows NAME in a file's name: `.html`.
        public let ending: String

        /// Session `name`'s file, relative to the batch folder: `sessions/NAME.html`.
        public func path(of name: String) -> String { "\(folder)/\(name)\(ending)" }
    }

    /// Where a batch folder holds the sessions' reports.
    public static let reports = Place(folder: "sessions", ending: ".html")
    /// Where a batch folder holds the sessions' stats.
    public static let statsFiles = Place(folder: "stats", ending: ".json")
    /// Where a batch folder holds the sessions' event tables.
    public static let eventTables = Place(folder: "events", ending: ".csv.gz")

    /// Where a batch folder holds the report of session `name`, relative to the folder.
    public static func report(of name: String) -> String { reports.path(of: name) }
    /// Where a batch folder holds the event table of session `name`, relative to the folder.
    public static func eventTable(of name: String) -> String { eventTables.path(of: name) }

    /// Whether `byte` may be in a NAME: `A-Z a-z 0-9 . _ -`, which a file
    /// system, a URL and a shell all take as they are.
    @inlinable
    public static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// Whether it is what a batch writes: a NAME of name bytes (not hidden),
    /// and its report and event table, when it has them, that NAME's files in
    /// the folder. The index links to its report: a stats file that names
    /// another page (`javascript:…`, another site) is not read as stats.
    var namesItsOwnFiles: Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.utf8.allSatisfy(Self.isNameByte)
            && (report.map { $0 == Self.report(of: name) } ?? true)
            && (eventTable.map { $0 == Self.eventTable(of: name) } ?? true)
    }
}
