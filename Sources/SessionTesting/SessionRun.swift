import SessionLog
import TimeTravel
import TodoDomain

/// A recorded session played through a `Store` exactly as the app ran it:
/// every event dispatched, every travel a move of `currentStateIndex`. The
/// state after each event is handed on, as the `TodoState` the fixtures pin.
///
/// `State` is the app's state machine: `TodoState` itself, or an app's own one
/// that replays `TodoEvent`s, with the conversion that makes a `TodoState` of it.
struct SessionRun<State: ReversibleStateMachine> where State.Event == TodoEvent {
    private let store: Store<State>
    private let todoState: (State) -> TodoState

    init(initialState: State, todoState: @escaping (State) -> TodoState) {
        // Each state type's own checkpoints: the Todo app's are spaced by its list's size, so that
        // checking a long session needs memory for its events alone (every 16th state of a list grown
        // to thousands of items made a 9 MB log's fixture take 430 MB).
        store = Store(initialState: initialState)
        self.todoState = todoState
    }

    /// The state at frame 0.
    var initialState: TodoState { todoState(store.state) }

    /// Dispatches the frame's event and returns the state it made.
    func dispatch(_ frame: Frame) -> TodoState {
        store.dispatch(frame.event)
        return todoState(store.state)
    }

    /// Moves the cursor as the travel did.
    func travel(_ travel: Travel) {
        store.currentStateIndex = travel.to
    }

    /// How many states the store holds.
    var stateCount: Int { store.stateCount }
}
