import SessionLogCodec

/// A session's `start` and `end` as the numbers define them: `start` is the
/// header's `startedAt`, else the earliest time of a kept record; `end` is
/// the latest time of a kept record, else `startedAt`. Every `t_ms` counts
/// from `start`: the numbers and the page's frame data both keep one.
struct SessionSpan {
    /// The header's `startedAt`.
    var startedAt: Timestamp?
    private(set) var earliest: Timestamp?
    private(set) var latest: Timestamp?

    /// Notes the time of a kept record (an event or a travel).
    mutating func note(_ time: Timestamp) {
        if earliest.map({ time < $0 }) ?? true { earliest = time }
        if latest.map({ time > $0 }) ?? true { latest = time }
    }

    /// `start`, or `nil` when nothing had a time.
    var start: Timestamp? { startedAt ?? earliest }
    /// `end`, or `nil` when nothing had a time.
    var end: Timestamp? { latest ?? startedAt }
}
