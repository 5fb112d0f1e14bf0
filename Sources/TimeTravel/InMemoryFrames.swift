/// A ``FrameStorage`` in memory: each frame's parent and patch, and the
/// whole states a ``CheckpointPolicy`` keeps.
package struct InMemoryFrames<State: ReversibleStateMachine>: FrameStorage {
    private var patches: [State.Patch] = []
    /// For frame `i + 1`, the frame its patch was made from.
    private var parents: [Int] = []
    private var checkpoints: [Int: State]
    private var eventsSinceCheckpoint: [Int] = [0]
    private let policy: CheckpointPolicy<State>

    package init(initialState: State, policy: CheckpointPolicy<State>) {
        self.checkpoints = [0: initialState]
        self.policy = policy
    }

    package var frameCount: Int { patches.count + 1 }

    package mutating func append(_ patch: State.Patch, parent: Int, giving state: State) {
        patches.append(patch)
        parents.append(parent)
        let since = eventsSinceCheckpoint[parent] + 1
        if policy.shouldKeep(state, since) {
            checkpoints[patches.count] = state
            eventsSinceCheckpoint.append(0)
        } else {
            eventsSinceCheckpoint.append(since)
        }
    }

    package func parent(of frame: Int) -> Int { parents[frame - 1] }

    package func patch(of frame: Int) -> State.Patch { patches[frame - 1] }

    /// Kept states cost nothing to load: the nearest one is used whenever
    /// it is nearer than `limit`.
    package func checkpoint(onLineTo frame: Int, within limit: Int) -> (state: State, path: [Int])? {
        var path: [Int] = []
        var cursor = frame
        while path.count < limit {
            if let state = checkpoints[cursor] { return (state, path) }
            guard cursor > 0 else { return nil }
            path.append(cursor)
            cursor = parents[cursor - 1]
        }
        return nil
    }
}
