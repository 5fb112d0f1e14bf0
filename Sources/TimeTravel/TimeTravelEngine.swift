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
/// Public only as SPI (`@_spi(Engine)`), with its hot paths `@inlinable`:
/// a module that uses it (the replay in `SessionLog`) then specialises it
/// for its own storage instead of calling through protocol witnesses
/// (`package` declarations are not serialised for inlining).
@_spi(Engine)
public struct TimeTravelEngine<Storage: FrameStorage> {
    /// The state machine's state, as the storage keeps it.
    public typealias State = Storage.State

    @usableFromInline var _state: State
    @usableFromInline var _cursor = 0
    @usableFromInline var _storage: Storage

    /// The state at the cursor.
    @inlinable public var state: State { _read { yield _state } }
    /// The frame the state belongs to.
    @inlinable public var cursor: Int { _cursor }
    /// Where the frames are kept.
    @inlinable public var storage: Storage { _read { yield _storage } }

    /// - Parameters:
    ///   - initialState: Frame 0's state; `storage` must hold just frame 0.
    @inlinable
    public init(initialState: State, storage: Storage) {
        self._state = initialState
        self._storage = storage
    }

    /// Frames so far, the initial one included.
    @inlinable
    public var frameCount: Int { storage.frameCount }

    /// Applies `event` to the state at the cursor, keeps the patch as the
    /// newest frame and moves the cursor there.
    @discardableResult
    @inlinable
    public mutating func dispatch(_ event: State.Event) -> State.Patch {
        dispatch { $0.apply(event) }
    }

    /// The same, with the reducer called by the caller (for one that passes
    /// the reducer more than the event).
    @discardableResult
    @inlinable
    public mutating func dispatch(_ reduce: (inout State) -> State.Patch) -> State.Patch {
        let parent = _cursor
        let patch = reduce(&_state)
        _storage.append(patch, parent: parent, giving: _state)
        _cursor = _storage.frameCount - 1
        return patch
    }

    /// Moves the cursor, and the state with it, to frame `frame` (which must exist).
    @inlinable
    public mutating func travel(to frame: Int) {
        guard frame != _cursor else { return }
        Self.move(&_state, from: _cursor, to: frame, in: _storage)
        _cursor = frame
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
