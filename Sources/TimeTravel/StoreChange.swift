/// What a ``Store`` just did, reported to its `onChange` observer so that a
/// recorder can log it.
public enum StoreChange<Event> {
    /// An event was dispatched: it was applied to the state at the cursor and
    /// the result appended as the newest state.
    case dispatched(Event)
    /// The cursor moved to the state at this index (the person moved the
    /// time-travel slider).
    case traveled(to: Int)
}

extension StoreChange: Sendable where Event: Sendable {}
extension StoreChange: Equatable where Event: Equatable {}
