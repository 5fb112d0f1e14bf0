import ByteLevel
import SessionLog
import Synchronization
import TimeTravel
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A person using the Todo app, for benchmarks, demos and tests: opens the
/// add sheet, types titles key by key (accents, CJK and emoji among them),
/// cancels about one sheet in five and adds the rest, ticks items on and off,
/// and now and then scrubs back with the time-travel slider and carries on
/// from there. It drives the app's real `Store` and records through the
/// real `SessionRecorder`; the same seed always gives the same session.
struct SimulatedPerson {
    static let words = [
        "Buy", "oat", "milk", "call", "Grandma", "pay", "rent", "book", "dentist", "water", "plants", "fix", "bike",
        "Crème", "brûlée", "naïve", "café", "Straße", "Ωmega", "牛乳", "寿司", "買い物", "🥛", "🎉", "🚲", "📚",
        "renew", "passport", "email", "Zoë", "façade", "piñata", "São", "Paulo", "Ünal", "報告書",
    ]
    /// Past this many items the person scrubs back a long way, to the last
    /// frame where the list had a third as many: real lists do not grow
    /// without end, and a bounded list keeps a session of any length linear.
    static let longListThreshold = 30_000

    /// 2026-11-29T09:00:00Z.
    static let start = Timestamp(millisecondsSince1970: 1_795_942_800_000)

    private var random: SplitMix64
    private let seed: UInt64
    private var target = ""

    init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
    }

    /// Records a session of `events` dispatched events (travels come on top) to `descriptor`.
    ///
    /// `digests` says which events carry the state's digest.
    /// - Returns: How many travels the person made.
    @discardableResult
    mutating func record(events: Int, to descriptor: Int32, digests: DigestSchedule = .never) throws -> Int {
        let clock = Mutex(Self.start.millisecondsSince1970)
        let recorder = try SessionRecorder(
            fileDescriptor: descriptor,
            header: SessionHeader(
                sessionId: "simulated-\(seed)", app: "TimeTrave", appVersion: "simulator", userId: "simulated-person-\(seed)",
                startedAt: Self.start,
                context: [.init(key: "events", value: String(events)), .init(key: "seed", value: String(seed))]),
            digests: digests, clock: { Timestamp(millisecondsSince1970: clock.withLock { $0 }) })
        defer { recorder.close() }
        let store = Store(initialState: TodoState(), recorder: recorder)
        func wait(_ milliseconds: Double) { clock.withLock { $0 += milliseconds } }

        var dispatched = 0
        var travels = 0
        var shortListFrame = 0
        while dispatched < events {
            if store.state.todoItems.count < Self.longListThreshold / 3 { shortListFrame = store.currentStateIndex }
            if let error = recorder.firstError { throw error }
            // Only what is needed is read: a copy of the state kept across a dispatch would make the store copy the list.
            let isCreating = store.state.isCreatingItem
            if isCreating {
                let partial = store.state.partialItemName
                if target.isEmpty || !target.hasPrefix(partial) {
                    target = partial + (partial.isEmpty ? "" : " ") + newTitle()
                }
                if partial.count < target.count {
                    wait(Double.random(in: 90...320, using: &random))
                    store.dispatch(.changePartialItemName(String(target.prefix(partial.count + 1))))
                } else {
                    wait(Double.random(in: 400...2_500, using: &random))
                    store.dispatch(Int.random(in: 0..<5, using: &random) == 0 ? .cancelCreatingItem : .addItem(id: newID()))
                    target = ""
                }
                dispatched += 1
                continue
            }
            if store.state.todoItems.count >= Self.longListThreshold {
                wait(Double.random(in: 2_000...8_000, using: &random))
                if store.currentStateIndex != shortListFrame { travels += 1 }
                store.currentStateIndex = shortListFrame
                target = ""
                continue
            }
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 3 && store.stateCount > 2 {
                // Scrubs back, mostly a little, once in a while a long way.
                wait(Double.random(in: 800...4_000, using: &random))
                let far = Int.random(in: 0..<10, using: &random) == 0
                let distance = far ? Int.random(in: 1...2_000, using: &random) : Int.random(in: 1...40, using: &random)
                let destination = max(0, store.currentStateIndex - distance)
                if destination != store.currentStateIndex { travels += 1 }
                store.currentStateIndex = destination
                target = ""
                continue
            }
            if roll < 40, let item = store.state.todoItems.randomElement(using: &random) {
                wait(Double.random(in: 500...3_000, using: &random))
                store.dispatch(.setItemDone(id: item.id, isDone: !item.isFinished))
            } else {
                // Now and then the person puts the phone down for a while.
                let idle = Int.random(in: 0..<50, using: &random) == 0
                wait(idle ? Double.random(in: 30_000...600_000, using: &random) : Double.random(in: 600...3_000, using: &random))
                store.dispatch(.startCreatingItem)
                target = newTitle()
            }
            dispatched += 1
        }
        try recorder.flush()
        return travels
    }

    private mutating func newTitle() -> String {
        let count = Int.random(in: 1...3, using: &random)
        return (0..<count).map { _ in Self.words.randomElement(using: &random) ?? "item" }.joined(separator: " ")
    }

    private mutating func newID() -> UUID {
        let a = random.next()
        let b = random.next()
        func byte(_ word: UInt64, _ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * i)) }
        return UUID(
            uuid: (
                byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6) & 0x0F | 0x40, byte(a, 7),
                byte(b, 0) & 0x3F | 0x80, byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7)
            ))
    }
}
