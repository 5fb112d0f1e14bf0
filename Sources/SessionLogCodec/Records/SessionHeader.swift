/// The optional first record of a log: who, what and when.
public struct SessionHeader: Hashable, Sendable {
    /// The one schema this package reads.
    public static let supportedSchema = "todo-session/1"

    /// The log format's name and version; only ``supportedSchema`` is read.
    public var schema: String
    /// The session's id, shown in the report and the summary.
    public var sessionId: String?
    /// The app's name, also the title over the list.
    public var app: String?
    /// The version of the app that recorded the session.
    public var appVersion: String?
    /// Who used the app, as the app names them.
    public var userId: String?
    /// When the session started.
    public var startedAt: Timestamp?
    /// Free-form metadata, in the order written; non-string values as JSON text.
    public var context: [ContextEntry]

    /// Makes a header for a new log (the schema is the supported one unless given).
    public init(
        schema: String = SessionHeader.supportedSchema,
        sessionId: String? = nil,
        app: String? = nil,
        appVersion: String? = nil,
        userId: String? = nil,
        startedAt: Timestamp? = nil,
        context: [ContextEntry] = []
    ) {
        self.schema = schema
        self.sessionId = sessionId
        self.app = app
        self.appVersion = appVersion
        self.userId = userId
        self.startedAt = startedAt
        self.context = context
    }

    /// One key/value of the header's `context`.
    public struct ContextEntry: Hashable, Sendable {
        /// The entry's name.
        public var key: String
        /// The entry's value: a string's text, or any other JSON value as written.
        public var value: String

        /// Makes an entry.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }
}
