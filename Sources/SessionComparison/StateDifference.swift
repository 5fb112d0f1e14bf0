import ByteLevel
import SessionLog
import SessionLogCodec
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
    private let byBytes: Bool

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
    ///   - byBytes: Compare typed text by its UTF-8 bytes, as state digests
    ///     do (a regression test's pins), rather than as Swift compares text,
    ///     where "é" and "e" with a combining accent are equal (what a person
    ///     sees, as `diff` compares). Texts that differ only so are shown with
    ///     their non-ASCII scalars as `\u{…}`.
    public init(
        _ baseline: TodoState, _ run: TodoState, comparingIDs: Bool = false, showingText: (String) -> String = { $0 },
        derivedIDs: (baseline: Set<UUID>, run: Set<UUID>) = ([], []), byBytes: Bool = false
    ) {
        self.byBytes = byBytes
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
            let shown = quoted(showingText(longer[index].title), limit: .max)
            let inBaseline = index < baseline.todoItems.count
            fields.append(Field(path: "todoItems[\(index)]", baseline: inBaseline ? shown : "none", run: inBaseline ? "none" : shown))
        }
    }

    /// One line per field: `partialItemName: "Buy milk" ≠ "Buy mlk"`.
    public var description: String {
        fields.map { "\($0.path): \($0.baseline) ≠ \($0.run)" }.joined(separator: "\n")
    }

    private mutating func compare(_ path: String, _ baseline: String, _ run: String, shownAs shown: (String) -> String = { $0 }) {
        if byBytes ? baseline.utf8Equals(run) : baseline == run { return }
        var texts = (quoted(shown(baseline), limit: .max), quoted(shown(run), limit: .max))
        if texts.0 == texts.1 {
            // Alike to the eye, unlike in bytes: the scalars say how.
            func scalars(_ text: String) -> String {
                text.escapingScalars { $0.isASCII ? nil : $0.escapedForDisplay }
            }
            texts = (scalars(texts.0), scalars(texts.1))
        }
        fields.append(Field(path: path, baseline: texts.0, run: texts.1))
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
