public import SessionLog
import SessionLogCodec
public import TimeTravel
public import TodoDomain

/// A recorded session made into a regression test's fixture: the log with its
/// kept records only, each event pinned with the digest of the state after it
/// (as the format defines digests), and a states file with a line a frame
/// (see ``ExpectedState``): whole states when the session has at most
/// ``wholeStateFrames`` frames holding ``wholeStateItems`` items in all, a
/// summary of each state otherwise.
///
/// Fed a replay's entries in log order (``add(_:)``), as the report builder is;
/// ``finish()`` gives the two files' text.
public final class SessionFixture {
    /// Where the pins come from.
    public enum Expectations: Sendable {
        /// The state this package's reducer gives after each event: a guard
        /// against later changes of the reducer.
        case replay
        /// The digests the app recorded in the log: a check that the reducer
        /// reproduces what the app showed. Only events that carry one are pinned.
        case loggedDigests
    }

    /// Why a log cannot become a fixture.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// `loggedDigests`, and no event carries a digest.
        case noDigests
        /// `loggedDigests`, and an `addItem` on this line has no id: the app's digest
        /// of that state has `"id":null`, which a fixture with the derived id cannot match.
        case itemWithoutID(line: Int)

        /// What is wrong with the log, and what to do instead.
        public var description: String {
            switch self {
            case .noDigests:
                "no event of the log carries a digest, so there is nothing the app recorded to check against; "
                    + "record with digests, or make the test without --from-digests"
            case .itemWithoutID(let line):
                "the addItem on line \(line) carries no id, so the app's digests cannot be matched; "
                    + "make the test without --from-digests"
            }
        }
    }

    /// Sessions up to this many frames pin every state whole…
    public static let wholeStateFrames = 2_000
    /// …while their states hold this many items in all (the same item counted in each
    /// frame): whole states grow with the list in every frame, so a long list makes a
    /// states file too large to review long before 2,000 frames.
    public static let wholeStateItems = 10_000

    private let expectations: Expectations
    private let dispatch: (Frame) -> TodoState
    private let travel: (Travel) -> Void
    private var header: SessionHeader?
    private var lines: [String] = []
    private var states: [TodoState]
    private var summaries: [ExpectedState.Summary] = []
    /// The last list summarised, and its digest.
    private var lastItems: (items: [TodoItem], digest: UInt64) = ([], ExpectedState.Summary.itemsDigest([]))
    /// The items of the states kept whole, counted in each.
    private var wholeItems = 0
    private var pinned = 0
    private var digester = StateDigester()
    /// Frames so far, the initial one included.
    private var frameCount = 1
    private var failure: Failure?

    /// A fixture with no records yet, pinned with this package's reducer or the log's digests.
    public convenience init(expectations: Expectations = .replay) {
        self.init(expectations: expectations, initialState: TodoState()) { $0 }
    }

    /// A fixture with no records yet whose pins are the states an app's own state
    /// machine gives (what a test's record mode writes).
    ///
    /// - Parameters:
    ///   - expectations: Where the pins come from.
    ///   - initialState: The app's state at frame 0.
    ///   - todoState: The app's state as the `TodoState` the fixture pins.
    public init<State: ReversibleStateMachine>(
        expectations: Expectations, initialState: State, todoState: @escaping (State) -> TodoState
    ) where State.Event == TodoEvent {
        self.expectations = expectations
        let run = SessionRun(initialState: initialState, todoState: todoState)
        dispatch = run.dispatch
        travel = run.travel
        states = [run.initialState]
    }

    /// Adds one replay entry: a kept record, or the header; diagnostics are not part of the fixture.
    public func add(_ entry: ReplayEntry) {
        switch entry {
        case .header(let header):
            self.header = header
            lines.append(RecordEncoder.line(for: header))
        case .frame(let frame):
            frameCount += 1
            let state = dispatch(frame)
            if expectations == .replay { keep(state) }
            var stamp = RecordStamp(seq: frame.stamp.seq, timestamp: frame.stamp.timestamp)
            switch expectations {
            case .replay:
                stamp.digest = digester.value(of: state)
            case .loggedDigests:
                stamp.digest = frame.stamp.digest
                if case .addItem(let id) = frame.event, id == DerivedItemID.make(sessionId: header?.sessionId, line: frame.line),
                    failure == nil
                {
                    failure = .itemWithoutID(line: frame.line)
                }
            }
            if stamp.digest != nil { pinned += 1 }
            lines.append(RecordEncoder.line(for: .event(LoggedEvent(frame.event), stamp)))
        case .travel(let move):
            travel(move)
            let stamp = RecordStamp(seq: move.stamp.seq, timestamp: move.stamp.timestamp)
            lines.append(RecordEncoder.line(for: .travel(to: Int64(move.to), stamp)))
        case .diagnostic:
            break
        }
    }

    /// The fixture's log and its states file (`nil` for ``Expectations/loggedDigests``: only
    /// the app's digests are its expectations), each a text of whole lines, with the number of
    /// frames and of pinned events.
    public func finish() throws(Failure) -> (log: String, states: String?, frames: Int, pinnedEvents: Int) {
        if let failure { throw failure }
        if expectations == .loggedDigests && pinned == 0 { throw .noDigests }
        let pins = states.isEmpty ? summaries.map(ExpectedState.fields) : states.map { ExpectedState.whole($0) }
        let statesFile = expectations == .replay ? pins.map { $0.line + "\n" }.joined() : nil
        return (lines.joined(), statesFile, frameCount, pinned)
    }

    /// Keeps the state whole while the session is small, a summary of each once it is not.
    private func keep(_ state: TodoState) {
        wholeItems += state.todoItems.count
        if !states.isEmpty && states.count < Self.wholeStateFrames && wholeItems <= Self.wholeStateItems {
            states.append(state)
            return
        }
        if !states.isEmpty {
            summaries = states.map { summary(of: $0) }
            states = []
        }
        summaries.append(summary(of: state))
    }

    /// The summary of `state`, its items' digest made again only when they changed: most
    /// events leave the list as it was, and hashing it at every frame made a long session's
    /// fixture take time in frames times items.
    private func summary(of state: TodoState) -> ExpectedState.Summary {
        // Byte for byte, as digests tell titles apart (`==` calls canonically equivalent ones equal); the list's
        // storage is shared with the frame before while unchanged, which is seen at once.
        if !state.todoItems.isSameBytes(as: lastItems.items) {
            lastItems = (state.todoItems, ExpectedState.Summary.itemsDigest(state.todoItems))
        }
        return ExpectedState.Summary(state, itemsDigest: lastItems.digest)
    }
}
