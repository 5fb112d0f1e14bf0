/// How a replay's state digests compared with the states it produced: the
/// counts the summary shows, and where the report stops showing what the
/// app showed.
public struct DigestTally: Hashable, Sendable {
    /// Events whose `digest` was compared.
    public var checked = 0
    /// Of those, how many differed from the replay's state.
    public var differed = 0
    /// The frame of the first difference: from it on, the report shows a
    /// state the app did not (the page marks those frames).
    public var firstMismatchFrame: Int?

    /// No digest checked yet.
    public init() {}

    /// Counts one comparison of frame `frame`.
    mutating func count(frame: Int, matched: Bool) {
        checked += 1
        guard !matched else { return }
        differed += 1
        if firstMismatchFrame == nil { firstMismatchFrame = frame }
    }
}
