import SessionLog
public import TodoDomain

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What differs between two states, as `todo-report diff` compares them:
/// what a person sees (the sheet, the typed name, the list in order, each
/// item's title and switch) and the state's name. Item ids are compared only
/// when asked, since every run of the app makes new ones.
public struct StateDifference: Hashable, Sendable, CustomStringConvertible {
    /// One field that differs, with both values as display text.
    public struct Field: Hashable, Sendable {
        /// `isCreatingItem`, `partialItemName`, `stateName`, `todoItems.count`,
        /// or `todoItems[3].title` (`.isFinished`, `.id`).
        public var path: String
        /// The value in the first (baseline) state.
        public var baseline: String
        /// The value in the second (run) state.
        public var run: String

        /// A field that differs: where, and the two values as shown.
        public init(path: String, baseline: String, run: String) {
            self.path = path
            self.baseline = baseline
            self.run = run
        }
    }

    /// The fields that differ, in the state's order (empty when the states are equal).
    public private(set) var fields: [Field] = []

    /// Whether the two states are equal under the comparison.
    public var isEmpty: Bool { fields.isEmpty }

    /// Compares `baseline` with `run`.
    ///
    /// - Parameters:
    ///   - baseline: The state of the baseline log's frame.
    ///   - run: The state of the same frame in the run's log.
    ///   - comparingIDs: Also compare item ids (`--compare-ids`).
    ///   - showingText: How typed text (the partial name, titles) is shown in
    ///     the fields; the comparison is of the text itself. A redacted diff
    ///     shows it masked.
    ///   - derivedIDs: The ids each log's replay derived for an `addItem`
    ///     that carried none. Such an item has no id in the log (`null`), so
    ///     two of them are equal, and the derived value is never shown.
    public init(
        _ baseline: TodoState, _ run: TodoState, comparingIDs: Bool = false, showingText: (String) -> String = { $0 },
        derivedIDs: (baseline: Set<UUID>, run: Set<UUID>) = ([], [])
    ) {
        compare("isCreatingItem", baseline.isCreatingItem, run.isCreatingItem)
        compare("partialItemName", baseline.partialItemName, run.partialItemName, shownAs: showingText)
        compare("stateName", baseline.stateName, run.stateName)
        compare("todoItems.count", baseline.todoItems.count, run.todoItems.count)
        for (index, (one, two)) in zip(baseline.todoItems, run.todoItems).enumerated() {
            compare("todoItems[\(index)].title", one.title, two.title, shownAs: showingText)
            compare("todoItems[\(index)].isFinished", one.isFinished, two.isFinished)
            if comparingIDs {
                compare(
                    "todoItems[\(index)].id", derivedIDs.baseline.contains(one.id) ? nil : one.id,
                    derivedIDs.run.contains(two.id) ? nil : two.id)
            }
        }
        let longer = baseline.todoItems.count > run.todoItems.count ? baseline.todoItems : run.todoItems
        for index in min(baseline.todoItems.count, run.todoItems.count)..<longer.count {
            let shown = JSONString.literal(showingText(longer[index].title))
            let inBaseline = index < baseline.todoItems.count
            fields.append(Field(path: "todoItems[\(index)]", baseline: inBaseline ? shown : "none", run: inBaseline ? "none" : shown))
        }
    }

    /// One line per field: `partialItemName: "Buy milk" ≠ "Buy mlk"`.
    public var description: String {
        fields.map { "\($0.path): \($0.baseline) ≠ \($0.run)" }.joined(separator: "\n")
    }

    private mutating func compare(_ path: String, _ baseline: String, _ run: String, shownAs shown: (String) -> String = { $0 }) {
        guard baseline != run else { return }
        fields.append(Field(path: path, baseline: JSONString.literal(shown(baseline)), run: JSONString.literal(shown(run))))
    }

    /// An item id as the log has it: `nil` when it carried none.
    private mutating func compare(_ path: String, _ baseline: UUID?, _ run: UUID?) {
        func shown(_ id: UUID?) -> String { id.map { JSONString.literal($0.uuidString) } ?? "null" }
        if baseline != run { fields.append(Field(path: path, baseline: shown(baseline), run: shown(run))) }
    }

    private mutating func compare<Value: Equatable & CustomStringConvertible>(_ path: String, _ baseline: Value, _ run: Value) {
        if baseline != run { fields.append(Field(path: path, baseline: baseline.description, run: run.description)) }
    }
}
