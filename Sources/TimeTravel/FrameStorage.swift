/// Where a ``TimeTravelEngine`` keeps its frames: per frame after the
/// first, its parent and the patch that made it, and whole states now and
/// then. ``InMemoryFrames`` serves the app's ``Store``; a replay of a million
/// events keeps its frames in files instead.
package protocol FrameStorage {
    associatedtype State: ReversibleStateMachine

    /// Frames kept, the initial one included (at least 1).
    var frameCount: Int { get }

    /// Keeps the next frame: made from frame `parent` by `patch`, giving `state`.
    mutating func append(_ patch: State.Patch, parent: Int, giving state: State)

    /// The frame that frame `frame` (≥ 1) was made from.
    func parent(of frame: Int) -> Int

    /// The patch that made frame `frame` (≥ 1).
    func patch(of frame: Int) -> State.Patch

    /// Undoes frame `frame`'s patch on `state` (the state of that frame).
    /// The default reads the whole patch; a storage may read only what an
    /// undo needs.
    func undo(_ frame: Int, on state: inout State)

    /// Redoes frame `frame`'s patch on `state` (the state of its parent).
    func redo(_ frame: Int, on state: inout State)

    /// A whole state kept on the line of ancestors of `frame` (`frame`
    /// itself included), if one is nearer than `limit` frames and worth
    /// loading rather than walking that far: the state and the frames to
    /// redo from it to reach `frame`, newest first.
    func checkpoint(onLineTo frame: Int, within limit: Int) -> (state: State, path: [Int])?
}

extension FrameStorage {
    package func undo(_ frame: Int, on state: inout State) { state.undo(patch(of: frame)) }
    package func redo(_ frame: Int, on state: inout State) { state.redo(patch(of: frame)) }
}
