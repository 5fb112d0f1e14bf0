public import TimeTravel

extension CheckpointPolicy where State == TodoState {
    /// The fewest events between two states kept whole.
    public static var minimumSpacing: Int { 64 }

    /// Keeps a state whole once as many events as the list has items (at
    /// least ``minimumSpacing``) have passed since the last one kept. A long
    /// session's kept states then hold about as many items in all as it has
    /// events, so a store's memory grows with the events alone, where a fixed
    /// spacing grows with the events times the list (1,000 kept copies of a
    /// 5,000-item list, about 200 MB, for 16,000 events at `.every(16)`). A
    /// travel replays at most that many events, which costs about what
    /// copying such a list does. A `Store` of `TodoState`'s default.
    public static var spacedByListSize: CheckpointPolicy {
        CheckpointPolicy { state, since in since >= max(minimumSpacing, state.todoItems.count) }
    }
}

extension TodoState {
    /// `CheckpointPolicy.spacedByListSize`: a list grows, and a
    /// fixed spacing would keep thousands of whole copies of it.
    public static var defaultCheckpoints: CheckpointPolicy<TodoState> { .spacedByListSize }
}
