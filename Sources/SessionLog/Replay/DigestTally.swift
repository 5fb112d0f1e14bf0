/// How a replay's state digests compared with the states it produced: the
/// counts the summary shows, and which frames no digest proves, which the
/// report marks not verified.
public struct DigestTally: Hashable, Sendable {
    /// Events whose `digest` was compared.
    public var checked = 0
    /// Of those, how many differed from the replay's state.
    public var differed = 0
    /// Events whose `digest` redaction dropped before it could be compared
    /// (`--redact`: it hashes the text as typed).
    public var dropped = 0
    /// The frame of the first difference (the `state-mismatch` diagnostic's).
    public var firstMismatchFrame: Int?
    /// The frames whose state may not be the app's, as sorted, disjoint
    /// ranges: a frame whose digest differed, and each frame made from one
    /// of those (on its branch, after a travel too) until a frame whose digest
    /// matches, which proves its state again. A few ranges for any log, however
    /// long: one from the first difference to the end when the app's reducer
    /// is another.
    public private(set) var unverifiedFrames: [Range<Int>] = []

    /// No digest checked yet.
    public init() {}

    /// Whether no digest proves `frame`'s state (see ``unverifiedFrames``).
    public func isUnverified(_ frame: Int) -> Bool {
        guard let last = unverifiedFrames.last, frame < last.upperBound else { return false }
        if frame >= last.lowerBound { return true }
        // The last range ends after `frame`, so some range does.
        return unverifiedFrames[unverifiedFrames.partitioningIndex { $0.upperBound > frame }].contains(frame)
    }

    /// How many frames no digest proves.
    public var unverifiedCount: Int { unverifiedFrames.reduce(0) { $0 + $1.count } }

    /// A new frame, the newest, made from `parent`: as proven as its parent until its own digest is counted.
    mutating func add(frame: Int, parent: Int) {
        guard isUnverified(parent) else { return }
        mark(frame, unverified: true)
    }

    /// Counts one comparison of frame `frame`, the newest.
    mutating func count(frame: Int, matched: Bool) {
        checked += 1
        mark(frame, unverified: !matched)
        guard !matched else { return }
        differed += 1
        if firstMismatchFrame == nil { firstMismatchFrame = frame }
    }

    /// Sets the newest frame's mark: every range ends at or before it, or holds it last.
    private mutating func mark(_ frame: Int, unverified: Bool) {
        let index = unverifiedFrames.count - 1
        let last = unverifiedFrames.last
        if unverified {
            if let last, last.upperBound == frame {
                unverifiedFrames[index] = last.lowerBound..<(frame + 1)
            } else if last.map({ !$0.contains(frame) }) ?? true {
                unverifiedFrames.append(frame..<(frame + 1))
            }
        } else if let last, last.contains(frame) {
            if last.lowerBound == frame { unverifiedFrames.removeLast() } else { unverifiedFrames[index] = last.lowerBound..<frame }
        }
    }
}
