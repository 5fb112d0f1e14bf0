public import Observation

/// Keeps the initial state and every state after it, with a cursor that can
/// move back to any of them: time travel.
///
/// ``dispatch(_:)`` applies an event to the state *at the cursor*, appends the
/// result at the end and moves the cursor there. History is never cut, so a
/// person who travels back and acts again starts a branch while every earlier
/// state stays reachable.
///
/// The store is `Observable` (the Observation framework): a SwiftUI view that reads ``state`` redraws when
/// it changes, and a `Slider` can drive ``currentStateIndex`` (an `Int`,
/// so through a `Binding<Double>` that rounds).
///
/// ```swift
/// import TimeTravel
/// import TodoDomain
///
/// let store = Store(initialState: TodoState())
/// store.dispatch(.startCreatingItem)
/// store.currentStateIndex = 0  // back to the start
/// print(store.stateCount)      // 2
/// ```
///
/// The history holds each event's patch (see ``ReversibleStateMachine``) and
/// the states its ``CheckpointPolicy`` keeps whole; travel undoes and redoes
/// patches with the same engine that replays a recorded session.
///
/// A ``StoreRecorder`` given to the store is told its first state, then of
/// every change with the state it produced; a slider drag, between ``isScrubbing`` set and cleared,
/// is told once, where it comes to rest.
///
/// **Isolation.** A store belongs to the isolation domain that made it: the
/// main actor in a SwiftUI app, where its views read it. It is deliberately
/// not `Sendable` (and not `@MainActor`, so that a command-line tool or a
/// test can drive one on its own thread), so Swift 6 refuses to hand a
/// store still in use here to another actor or a detached task: "sending
/// 'store' risks causing data races" (one handed over and never touched
/// again here moves with its ownership, which is safe). What runs elsewhere is its recorder's business (a session
/// recorder writes on a queue of its own).
public final class Store<State: ReversibleStateMachine>: Observable {
    /// The initial state followed by every state after it, oldest first.
    ///
    /// A snapshot that shares the store's history until the store changes:
    /// read what a view needs from it and let it go. One kept across a
    /// dispatch (in a view model, say) makes that dispatch copy the whole
    /// history first, in time and memory that grow with the session.
    public var allStates: StateHistory<State> {
        registrar.access(self, keyPath: keys.allStates)
        return StateHistory(engine)
    }

    /// The state at the cursor: what the app shows.
    public var state: State {
        registrar.access(self, keyPath: keys.state)
        return engine.state
    }

    /// The index in ``allStates`` of the state the app shows. Setting it is
    /// time travel; values outside the history are clamped into it.
    public var currentStateIndex: Int {
        get {
            registrar.access(self, keyPath: keys.currentStateIndex)
            return engine.cursor
        }
        set { travel(to: newValue) }
    }

    /// What keeps this store's changes, if anything does (a session recorder).
    public private(set) var recorder: (any StoreRecorder<State>)?

    /// Whether the person is dragging the time-travel slider: while it is
    /// true, every cursor move shows at once (observers see each), but the
    /// recorder and `onChange` are told nothing; when it is set back to
    /// false, they are told of one travel, to where the cursor came to rest
    /// (none when it is back where it started). So a drag is one `travel`
    /// record, not one per step it passed, and replays the same: of several
    /// travels in a row only the last counts. An event dispatched during a
    /// drag is reported after the travel to the state it applies to, and a
    /// store let go of during a drag reports the travel to where it rests.
    ///
    /// Bind it to the slider's editing state:
    /// `Slider(value: …, in: …, onEditingChanged: { store.isScrubbing = $0 })`.
    public var isScrubbing: Bool {
        get {
            registrar.access(self, keyPath: keys.isScrubbing)
            return scrubbing
        }
        set {
            // Setting the value it has (a background handler clears it every time) tells no observer.
            if newValue != scrubbing {
                registrar.withMutation(of: self, keyPath: keys.isScrubbing) { scrubbing = newValue }
            }
            if !newValue { reportCursorIfMoved() }
        }
    }
    private var scrubbing = false

    private var onChange: ((StoreChange<State.Event>) -> Void)?
    /// Where the recorder and `onChange` were last told the cursor is.
    private var reportedCursor = 0
    private let registrar = ObservationRegistrar()
    /// Key paths made once: a generic class's key paths are costly to make on every access.
    private let keys = Keys()
    /// Time travel itself, with the history in memory.
    private var engine: TimeTravelEngine<InMemoryFrames<State>>

    private struct Keys {
        let allStates = \Store<State>.allStates
        let state = \Store<State>.state
        let currentStateIndex = \Store<State>.currentStateIndex
        let isScrubbing = \Store<State>.isScrubbing
    }

    /// Creates a store whose history holds just `initialState`.
    ///
    /// - Parameters:
    ///   - initialState: Frame 0.
    ///   - checkpoints: Which states to keep whole (see ``CheckpointPolicy``);
    ///     the others are rebuilt when traveled to. By default the state
    ///     type's own choice, ``ReversibleStateMachine/defaultCheckpoints``.
    ///   - recorder: Told of every change with the state it produced, for
    ///     example to record the session (`SessionRecorder`, in `SessionLog`).
    ///   - onChange: Called after every change, as the recorder is.
    public init(
        initialState: State,
        checkpoints: CheckpointPolicy<State> = State.defaultCheckpoints,
        recorder: (any StoreRecorder<State>)? = nil,
        onChange: ((StoreChange<State.Event>) -> Void)? = nil
    ) {
        self.engine = TimeTravelEngine(
            initialState: initialState, storage: InMemoryFrames(initialState: initialState, policy: checkpoints))
        self.recorder = recorder
        self.onChange = onChange
        recorder?.begin(from: initialState)
    }

    // A drag still under way ends where the cursor rests: the recorder is told
    // of that travel, as when the drag ends, so that a log replays to the frame
    // the person last saw. Then it is told that no change comes after (a session
    // recorder writes what waits and closes its log, so a store made again opens it at once).
    deinit {
        if scrubbing { reportCursorIfMoved() }
        recorder?.end()
    }

    /// Hands the store's changes from now on to `recorder` and `onChange`:
    /// for a store rebuilt from a log, which goes on recording where the log
    /// ends (the changes that rebuilt it are told to neither).
    package func startRecording(with recorder: any StoreRecorder<State>, onChange: ((StoreChange<State.Event>) -> Void)? = nil) {
        self.recorder = recorder
        self.onChange = onChange
        recorder.begin(from: StateHistory(engine)[0])
    }

    /// How many states the history holds (at least 1).
    public var stateCount: Int {
        registrar.access(self, keyPath: keys.allStates)
        return engine.frameCount
    }

    /// Applies `event` to the state at the cursor, appends the result and
    /// moves the cursor to it.
    public func dispatch(_ event: State.Event) {
        // A drag still under way: the travel to the state this event applies to comes first.
        reportCursorIfMoved()
        registrar.withMutation(of: self, keyPath: keys.state) {
            registrar.withMutation(of: self, keyPath: keys.allStates) {
                registrar.withMutation(of: self, keyPath: keys.currentStateIndex) { _ = engine.dispatch(event) }
            }
        }
        reportedCursor = engine.cursor
        report(.dispatched(event))
    }

    private func travel(to index: Int) {
        let clamped = min(max(index, 0), engine.frameCount - 1)
        guard clamped != engine.cursor else { return }
        registrar.withMutation(of: self, keyPath: keys.state) {
            registrar.withMutation(of: self, keyPath: keys.currentStateIndex) { engine.travel(to: clamped) }
        }
        // The stored value: reading the property would make a view that travels observe it.
        if !scrubbing { reportCursorIfMoved() }
    }

    /// Tells the recorder and `onChange` of a travel, if the cursor is not where they last heard it was.
    private func reportCursorIfMoved() {
        guard engine.cursor != reportedCursor else { return }
        reportedCursor = engine.cursor
        report(.traveled(to: engine.cursor))
    }

    private func report(_ change: StoreChange<State.Event>) {
        recorder?.record(change, state: engine.state)
        onChange?(change)
    }
}

/// A store is used from the isolation domain that made it (see ``Store``),
/// never shared: this says so to the compiler, which then refuses to send one
/// to another domain.
@available(*, unavailable)
extension Store: Sendable {}
