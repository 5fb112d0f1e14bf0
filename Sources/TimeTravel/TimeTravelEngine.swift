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
        var state = kept
        storage.redo(path, on: &state)
        return state
    }

    /// Moves `state`, the state of frame `from`, to frame `to`: through the
    /// common ancestor, found by parents alone, or from a kept state on
    /// `to`'s line when that is a shorter way.
    @inlinable
    public static func move(_ state: inout State, from: Int, to: Int, in storage: Storage) {
        var up = from
        var down = to
        var ups: [Int] = []
        var downs: [Int] = []
        while up != down {
            if up > down {
                ups.append(up)
                up = storage.parent(of: up)
            } else {
                downs.append(down)
                down = storage.parent(of: down)
            }
        }
        if let (kept, path) = storage.checkpoint(onLineTo: to, within: ups.count + downs.count) {
            state = kept
            storage.redo(path, on: &state)
            return
        }
        storage.undo(ups, on: &state)
        storage.redo(downs, on: &state)
    }
}
