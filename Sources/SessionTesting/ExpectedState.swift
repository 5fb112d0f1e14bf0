public import SessionComparison
import SessionLog
public import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a fixture pins of the state after one frame, beside the digest its log
/// carries: the whole state where the session is small, otherwise its scalar
/// fields with the items' count and digest, which grow with the session only by
/// a line a frame. Either way a failure can name the field that differs.
///
/// One JSON object a line in `NAME.states.jsonl`, frame 0 first: the state's
/// canonical JSON (as digests hash it), or
/// `{"isCreatingItem":B,"partialItemName":S,"stateName":S,"itemCount":N,"itemsDigest":"16 hex digits"}`.
public enum ExpectedState: Hashable, Sendable {
    /// The whole state.
    case whole(TodoState)
    /// The scalar fields, and the items by their count and digest.
    case fields(Summary)

    /// A state's scalar fields, and its items by their count and digest.
    public struct Summary: Hashable, Sendable {
        /// Whether the add sheet is open.
        public var isCreatingItem: Bool
        /// The add sheet's text.
        public var partialItemName: String
        /// The state's name.
        public var stateName: String
        /// How many items the list holds.
        public var itemCount: Int
        /// The digest of the list: that of the initial state holding only these items.
        public var itemsDigest: UInt64

        /// The summary of `state`.
        public init(_ state: TodoState) {
            self.init(state, itemsDigest: Self.itemsDigest(state.todoItems))
        }

        /// The summary of `state`, whose items' digest is known.
        init(_ state: TodoState, itemsDigest: UInt64) {
            isCreatingItem = state.isCreatingItem
            partialItemName = state.partialItemName
            stateName = state.stateName
            itemCount = state.todoItems.count
            self.itemsDigest = itemsDigest
        }

        static func itemsDigest(_ items: [TodoItem]) -> UInt64 { StateDigest.value(of: TodoState(todoItems: items)) }
    }

    /// The pin of `state`: whole, or as its summary.
    public init(_ state: TodoState, whole: Bool) {
        self = whole ? .whole(state) : .fields(Summary(state))
    }

    /// The fields of `actual` that differ from this pin, named as `todo-report diff` names them
    /// (`partialItemName`, `todoItems[3].title`), expected first; empty when it matches.
    public func differences(from actual: TodoState) -> [StateDifference.Field] {
        switch self {
        case .whole(let expected):
            return StateDifference(expected, actual, comparingIDs: true, byBytes: true).fields
        case .fields(let expected):
            let shown = Summary(actual)
            // The scalar fields compared and shown as whole states' are (one comparison of text).
            func scalarFields(_ summary: Summary) -> TodoState {
                TodoState(isCreatingItem: summary.isCreatingItem, partialItemName: summary.partialItemName, stateName: summary.stateName)
            }
            var fields = StateDifference(scalarFields(expected), scalarFields(shown), byBytes: true).fields
            if expected.itemCount != shown.itemCount {
                fields.append(.init(path: "todoItems.count", baseline: "\(expected.itemCount)", run: "\(shown.itemCount)"))
            } else if expected.itemsDigest != shown.itemsDigest {
                fields.append(
                    .init(
                        path: "todoItems", baseline: "digest \(StateDigest.text(of: expected.itemsDigest))",
                        run: "digest \(StateDigest.text(of: shown.itemsDigest))"))
            }
            return fields
        }
    }

    /// Its line in a states file, without the newline.
    public var line: String {
        switch self {
        case .whole(let state):
            return StateDigest.canonicalJSON(of: state)
        case .fields(let summary):
            return "{\"isCreatingItem\":\(summary.isCreatingItem),\"partialItemName\":"
                + JSONString.literal(summary.partialItemName) + ",\"stateName\":" + JSONString.literal(summary.stateName)
                + ",\"itemCount\":\(summary.itemCount),\"itemsDigest\":\"\(StateDigest.text(of: summary.itemsDigest))\"}"
        }
    }

    /// Reads a line of a states file; `nil` when it is not one.
    public init?(line: some StringProtocol) {
        guard let read = try? JSONDecoder().decode(StatesLine.self, from: Data(line.utf8)) else { return nil }
        if let rows = read.todoItems {
            var items: [TodoItem] = []
            for row in rows {
                guard let id = UUID(uuidString: row.id) else { return nil }
                items.append(TodoItem(id: id, title: row.title, isFinished: row.isFinished))
            }
            self = .whole(
                TodoState(
                    isCreatingItem: read.isCreatingItem, partialItemName: read.partialItemName, todoItems: items, stateName: read.stateName)
            )
        } else if let count = read.itemCount, let digest = read.itemsDigest.flatMap({ StateDigest.value(parsing: $0.utf8) }) {
            var summary = Summary(TodoState())
            summary.isCreatingItem = read.isCreatingItem
            summary.partialItemName = read.partialItemName
            summary.stateName = read.stateName
            summary.itemCount = count
            summary.itemsDigest = digest
            self = .fields(summary)
        } else {
            return nil
        }
    }
}

/// A line of a states file as read: the whole state's members, or the summary's.
private struct StatesLine: Decodable {
    struct Item: Decodable {
        var id: String
        var title: String
        var isFinished: Bool
    }

    var isCreatingItem: Bool
    var partialItemName: String
    var stateName: String
    var todoItems: [Item]?
    var itemCount: Int?
    var itemsDigest: String?
}
