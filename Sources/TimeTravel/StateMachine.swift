/// A value that changes only by applying events to it.
///
/// The whole UI of an app lives in one such value; every user action is an
/// `Event`, and ``update(with:)`` is the one place that applies it. Keeping the
/// reducer a pure, synchronous mutation is what lets a ``Store`` keep every
/// state and travel between them, and lets a recorded log replay exactly.
/// (A ``Store`` needs the reducer to report its changes too: see
/// ``ReversibleStateMachine``.)
///
/// ```swift
/// import TimeTravel
///
/// struct Counter: StateMachine {
///     enum Event { case increment }
///     var value = 0
///     mutating func update(with event: Event) { value += 1 }
/// }
/// ```
public protocol StateMachine {
    /// Something that happened: a user action or its consequence.
    associatedtype Event

    /// Applies `event` to the state.
    mutating func update(with event: Event)
}
