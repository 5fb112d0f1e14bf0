/// Which states a ``Store`` keeps whole; every other state is rebuilt on
/// demand from the nearest kept one by replaying events.
///
/// Keeping every state makes travel instant but costs a full copy of the
/// state per event; keeping every *n*-th bounds the cost of a travel to *n*
/// events. A long session with a large state wants the spacing to grow with
/// the state's size, so that memory stays proportional to the events alone.
public struct CheckpointPolicy<State>: Sendable {
    /// Decides, after an event, whether to keep the resulting state whole.
    /// - Parameters:
    ///   - state: The state just produced.
    ///   - eventsSinceCheckpoint: Events applied since the last kept state
    ///     on the way to this one (at least 1).
    public let shouldKeep: @Sendable (_ state: State, _ eventsSinceCheckpoint: Int) -> Bool

    /// A policy that keeps the states `shouldKeep` picks.
    public init(shouldKeep: @escaping @Sendable (_ state: State, _ eventsSinceCheckpoint: Int) -> Bool) {
        self.shouldKeep = shouldKeep
    }

    /// Keeps every state: travel without replay, at a full copy per event.
    public static var everyState: CheckpointPolicy { CheckpointPolicy { _, _ in true } }

    /// Keeps one state in `interval`.
    public static func every(_ interval: Int) -> CheckpointPolicy {
        CheckpointPolicy { _, since in since >= interval }
    }
}
