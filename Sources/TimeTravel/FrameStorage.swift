/// Where a ``TimeTravelEngine`` keeps its frames: per frame after the
/// first, its parent and the patch that made it, and whole states now and
/// then. The app's ``Store`` keeps them in memory; a replay of a million
/// events keeps its frames in files instead.
public protocol FrameStorage {
    associatedtype State: ReversibleStateMachine

    /// Frames kept, the initial one included (at least 1).
    var frameCount: Int { get }

    /// Keeps the next frame: made from frame `parent` by `patch`, giving `state`.
    mutating func append(_ patch: State.Patch, parent: Int, giving state: State)

    /// The frame that frame `frame` (≥ 1) was made from.
    func parent(of frame: Int) -> Int

    /// The patch that made frame `frame` (≥ 1).
    func patch(of frame: Int) -> State.Patch

    /// Undoes the patches of `frames`, newest first, each frame the parent
    /// of the one before, on `state` (the state of the first). The default
    /// undoes patch by patch; a storage may read only what an undo needs,
    /// or set a part overwritten many times along the path once. A long
    /// travel calls it once for each batch of its way, in order.
    func undo(_ frames: [Int], on state: inout State)

    /// Redoes the patches of `frames`, given newest first, on `state` (the
    /// state of the last one's parent), oldest first.
    func redo(_ frames: [Int], on state: inout State)

    /// A whole state kept on the line of ancestors of `frame` (`frame`
    /// itself included), if one is nearer than `limit` frames and worth
    /// loading rather than walking that far: the state and the frames to
    /// redo from it to reach `frame`, newest first.
    func checkpoint(onLineTo frame: Int, within limit: Int) -> (state: State, path: [Int])?
}

extension FrameStorage {
    /// Undoes the patches of `frames` on `state`, in the order given (newest first).
    @inlinable
    public func undo(_ frames: [Int], on state: inout State) {
        for frame in frames { state.undo(patch(of: frame)) }
    }

    /// Redoes the patches of `frames` on `state`, oldest first (`frames` is given newest first).
    @inlinable
    public func redo(_ frames: [Int], on state: inout State) {
        for frame in frames.reversed() { state.redo(patch(of: frame)) }
    }
}
