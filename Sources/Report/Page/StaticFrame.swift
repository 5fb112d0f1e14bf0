import TodoDomain

extension TodoState {
    /// The state as the page's static final frame (what shows without
    /// JavaScript) and its state panel draw it: every title and the typed
    /// name cut to a ``Formatting/excerpt(_:)``. The page's script draws
    /// every frame from the frame data, where each name is stored whole and
    /// once; the static frame repeating a 200 MB name would store it three
    /// more times.
    var excerpted: TodoState {
        var state = self
        state.partialItemName = Formatting.excerpt(partialItemName)
        for index in todoItems.indices where todoItems[index].title.utf8.count > Formatting.excerptLimit {
            state.todoItems[index].title = Formatting.excerpt(todoItems[index].title)
        }
        return state
    }
}
