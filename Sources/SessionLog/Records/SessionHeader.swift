/// The optional first record of a log: who, what and when.
public struct SessionHeader: Hashable, Sendable {
    /// The one schema this package reads.
    public static let supportedSchema = "todo-session/1"

    public var schema: String
    public var sessionId: String?
    /// The app's name, also the title over the list.
    public var app: String?
    public var appVersion: String?
    public var userId: String?
    public var startedAt: Timestamp?
    /// Free-form metadata, in the order written; non-string values as JSON text.
    public var context: [ContextEntry]

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
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }
}
