/// Which events a ``SessionRecorder`` writes with the `digest` of the state
/// they produced, so that a reader can prove its replay shows what the app
/// showed.
///
/// A digest hashes the whole state, so its cost follows the list: the
/// default, ``spacedByListSize(everyEventUpTo:itemsPerEvent:)``, digests
/// every event while the list is short and spaces them out as it grows, so
/// that digests cost about the same per event however long the list is.
public struct DigestSchedule: Sendable, Equatable, CustomStringConvertible {
    private enum Rule: Equatable {
        case never
        case every(Int)
        case spaced(everyEventUpTo: Int, itemsPerEvent: Int)
    }

    private let rule: Rule

    private init(_ rule: Rule) { self.rule = rule }

    /// No digests (a log that cannot be checked).
    public static let never = DigestSchedule(.never)

    /// A digest on every event: each frame is checked (UI tests, short lists).
    public static let everyEvent = DigestSchedule(.every(1))

    /// A digest on every `interval`-th event (1: every event; less than 1: never).
    public static func every(_ interval: Int) -> DigestSchedule {
        DigestSchedule(interval < 1 ? .never : .every(interval))
    }

    /// A digest on every event while the list holds at most
    /// `everyEventUpTo` items; on a longer list, on one event in
    /// `items / itemsPerEvent`, so that the hashing costs about as much per
    /// event as `itemsPerEvent` items' worth, however long the list grows.
    public static func spacedByListSize(everyEventUpTo: Int, itemsPerEvent: Int) -> DigestSchedule {
        DigestSchedule(.spaced(everyEventUpTo: max(0, everyEventUpTo), itemsPerEvent: max(1, itemsPerEvent)))
    }

    /// What a recorder uses unless told otherwise: every event while the
    /// list holds up to 200 items (UI tests and most sessions: every frame
    /// checked), then one event in as many as the list holds (a
    /// 10,000-item list: one in 10,000), which keeps long lists cheap to
    /// record and to check.
    public static let `default` = spacedByListSize(everyEventUpTo: 200, itemsPerEvent: 1)

    /// Whether the event just recorded, the `eventsSinceDigest`-th (≥ 1) since
    /// the last digest, gets one, on a state of `itemCount` items.
    func isDue(eventsSinceDigest: Int, itemCount: Int) -> Bool {
        switch rule {
        case .never: false
        case .every(let interval): eventsSinceDigest >= interval
        case .spaced(let short, let items): itemCount <= short || eventsSinceDigest >= itemCount / items
        }
    }

    /// `never`, `every 10 events`, `every event up to 200 items, then one in as many events as the list has items`.
    public var description: String {
        switch rule {
        case .never: "never"
        case .every(1): "every event"
        case .every(let interval): "every \(interval) events"
        case .spaced(let short, 1): "every event up to \(short) items, then one in as many events as the list has items"
        case .spaced(let short, let items): "every event up to \(short) items, then one in items / \(items) events"
        }
    }
}
