/// What happened in one stretch of a session's time, for the activity strip.
struct ActivityBin: BinValue, Equatable {
    /// Events that made frames.
    var events = 0
    /// Items added.
    var added = 0
    /// Add sheets cancelled.
    var cancelled = 0
    /// Travels.
    var travels = 0
    /// Items in the app after the last timed frame in the bin, if any.
    var items: Int?

    init() {}

    init(events: Int = 0, added: Int = 0, cancelled: Int = 0, travels: Int = 0, items: Int? = nil) {
        self.events = events
        self.added = added
        self.cancelled = cancelled
        self.travels = travels
        self.items = items
    }

    mutating func absorb(_ later: ActivityBin) {
        events += later.events
        added += later.added
        cancelled += later.cancelled
        travels += later.travels
        items = later.items ?? items
    }

    /// Nothing happened.
    var isIdle: Bool { events == 0 && travels == 0 }
}
