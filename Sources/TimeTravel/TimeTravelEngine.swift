/// Time travel, written once: one live state, a cursor, and a history of
/// patches in a ``FrameStorage``.
///
/// ``dispatch(_:)`` applies an event to the state at the cursor and appends
/// the result as the newest frame; history is never cut, so acting after a
/// travel starts a branch. ``travel(to:)`` moves the state to any frame by
/// undoing patches up to the common ancestor and redoing them down to the
/// target, or from a kept whole state when that is shorter. The app's
/// ``Store`` and the session replay are two uses of it.
///
/// Public, so that a module with storage of its own (the replay in
/// `SessionLog` keeps a million frames in files) builds on the same engine;
/// its hot paths are `@inlinable`, so such a module specialises it for its
/// storage instead of calling through protocol witnesses.
public struct TimeTravelEngine<Storage: FrameStorage> {
    /// The state machine's state, as the storage keeps it.
    public typealias State = Storage.State

    @usableFromInline var currentState: State
    @usableFromInline var currentFrame = 0
    @usableFromInline var frames: Storage

    /// The state at the cursor.
    @inlinable public var state: State { currentState }
    /// The frame the state belongs to.
    @inlinable public var cursor: Int { currentFrame }
    /// Where the frames are kept.
    @inlinable public var storage: Storage { frames }

    /// - Parameters:
    ///   - initialState: Frame 0's state.
    ///   - storage: Where the frames go; it must hold just frame 0.
    @inlinable
    public init(initialState: State, storage: Storage) {
        self.currentState = initialState
        self.frames = storage
    }

    /// Frames so far, the initial one included.
    @inlinable
    public var frameCount: Int { storage.frameCount }

    /// Applies `event` to the state at the cursor, keeps the patch as the
    /// newest frame and moves the cursor there.
    @discardableResult
    @inlinable
    public mutating func dispatch(_ event: State.Event) -> State.Patch {
        dispatch(reducing: { $0.apply(event) })
    }

    /// The same, with the reducer called by the caller (for one that passes
    /// the reducer more than the event).
    @discardableResult
    @inlinable
    public mutating func dispatch(reducing reduce: (inout State) -> State.Patch) -> State.Patch {
        let parent = currentFrame
        let patch = reduce(&currentState)
        frames.append(patch, parent: parent, giving: currentState)
        currentFrame = frames.frameCount - 1
        return patch
    }

    /// Moves the cursor, and the state with it, to frame `frame` (which must exist).
    @inlinable
    public mutating func travel(to frame: Int) {
        guard frame != currentFrame else { return }
        Self.move(&currentState, from: currentFrame, to: frame, in: frames)
        currentFrame = frame
    }

    /// The state of frame `frame`, without moving the cursor: the way a
    /// travel there would take, on a copy.
    @inlinable
    public func state(of frame: Int) -> State {
        var copy = state
        Self.move(&copy, from: cursor, to: frame, in: storage)
        return copy
    }

    /// The state of frame `frame` rebuilt from the nearest kept state on its
    /// line alone, whatever the cursor: for reading many frames in a row
    /// (the walk costs the distance to that state, not to the cursor).
    @inlinable
    public func keptState(of frame: Int) -> State {
        guard let (kept, path) = storage.checkpoint(onLineTo: frame, within: .max) else { return state(of: frame) }
        // Consumed, so that the redo changes the kept state's storage in place instead of copying it
        // (unless the storage holds it too: then the first change copies it).
        var state = consume kept
        storage.redo(path, on: &state)
        return state
    }

    /// How long a way is counted before a kept state is first asked for
    /// (see ``move(_:from:to:in:)``): the shortest travel the replay's
    /// storage looks for one on, a quarter of its spacing of kept states.
    @usableFromInline static var firstCheckpointAsk: Int { 1_024 }

    /// Moves `state`, the state of frame `from`, to frame `to`: through the
    /// common ancestor, found by parents alone, or from a kept state on
    /// `to`'s line when that is a shorter way.
    ///
    /// The way is counted before it is walked, and walked up in batches:
    /// a travel back across a million frames needs no memory for its
    /// length. Only the frames to redo are listed, and only when no kept
    /// state is nearer than the way through the ancestor.
    ///
    /// While the way is counted, a long one asks for a kept state nearer
    /// than the count so far, at twice the count each time: two branches
    /// that part near the start and grow side by side (an app that travels
    /// back one frame and acts, over and over) then cost the way to a kept
    /// state on each travel, not the way to where they parted, which grows
    /// with the session. A kept state nearer than part of the way is
    /// nearer than all of it, so the way chosen is the one the whole count
    /// would choose.
    @inlinable
    public static func move(_ state: inout State, from: Int, to: Int, in storage: Storage) {
        var up = from
        var down = to
        var undos = 0
        var redos = 0
        var askAt = firstCheckpointAsk
        while up != down {
            if undos + redos == askAt {
                if let (kept, path) = storage.checkpoint(onLineTo: to, within: askAt) {
                    state = consume kept
                    storage.redo(path, on: &state)
                    return
                }
                askAt *= 2
            }
            if up > down {
                undos += 1
                up = storage.parent(of: up)
            } else {
                redos += 1
                down = storage.parent(of: down)
            }
        }
        if let (kept, path) = storage.checkpoint(onLineTo: to, within: undos + redos) {
            // Consumed: the redo then changes the kept state in place, not a copy of its list and index
            // (unless the storage holds it too: then the first change copies it).
            state = consume kept
            storage.redo(path, on: &state)
            return
        }
        let batchSize = 4_096
        var batch: [Int] = []
        batch.reserveCapacity(min(undos, batchSize))
        var frame = from
        while undos > 0 {
            batch.removeAll(keepingCapacity: true)
            while batch.count < batchSize && undos > 0 {
                batch.append(frame)
                frame = storage.parent(of: frame)
                undos -= 1
            }
            storage.undo(batch, on: &state)
        }
        var downs: [Int] = []
        downs.reserveCapacity(redos)
        frame = to
        for _ in 0..<redos {
            downs.append(frame)
            frame = storage.parent(of: frame)
        }
        storage.redo(downs, on: &state)
    }
}
