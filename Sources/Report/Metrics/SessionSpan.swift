/// A session's `start` and `end` as the numbers define them: `start` is the
/// header's `startedAt`, else the earliest time of a kept record; `end` is
/// the latest time of a kept record, else `startedAt`. Every `t_ms` counts
/// from `start`: the numbers and the page's frame data both keep one.
struct SessionSpan {
    /// The header's `startedAt`, in milliseconds since 1970.
    var startedAt: Double?
    private(set) var earliest: Double?
    private(set) var latest: Double?

    /// Notes the time of a kept record (an event or a travel).
    mutating func note(_ time: Double) {
        if earliest.map({ time < $0 }) ?? true { earliest = time }
        if latest.map({ time > $0 }) ?? true { latest = time }
    }

    /// `start`, in milliseconds since 1970, or `nil` when nothing had a time.
    var start: Double? { startedAt ?? earliest }
    /// `end`, in milliseconds since 1970, or `nil` when nothing had a time.
    var end: Double? { latest ?? startedAt }
}
