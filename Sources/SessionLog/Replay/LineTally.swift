/// What became of every line of a log: each line is counted exactly once.
public struct LineTally: Hashable, Sendable {
    /// Empty lines, or lines of only spaces and tabs.
    public var blank = 0
    /// The session header (0 or 1).
    public var header = 0
    /// Event records that made a frame.
    public var events = 0
    /// Travel records that moved the cursor.
    public var travels = 0
    /// Lines dropped by an error, `truncated-line` or `duplicate-seq`.
    public var dropped = 0
    /// Lines not read after an `unsupported-schema` header.
    public var unread = 0

    /// An empty tally.
    public init() {}

    /// Every line of the log.
    public var total: Int { blank + header + events + travels + dropped + unread }
}
