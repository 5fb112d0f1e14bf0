import Digests
import Foundation
public import TodoDomain

/// The digest of a state as `todo-session/1` defines it: the first 16
/// lower-case hexadecimal digits of the SHA-256 of the state's canonical JSON.
/// A recorder writes it beside an event; a reader compares it with the state
/// its own replay produced, to tell whether the report shows what the app showed.
public enum StateDigest {
    /// The canonical JSON of `state`: exactly
    /// `{"isCreatingItem":B,"partialItemName":S,"todoItems":[{"id":S,"title":S,"isFinished":B},…],"stateName":S}`,
    /// no whitespace, ids as upper-case UUIDs, strings escaped as `JSON.stringify` does.
    ///
    /// - Parameters:
    ///   - state: The state right after an event.
    ///   - hasLoggedID: Whether an item's id came from its `addItem`
    ///     record; an item whose id was derived by a reader shows `"id":null`.
    public static func canonicalJSON(of state: TodoState, hasLoggedID: (TodoItem) -> Bool = { _ in true }) -> String {
        var json = "{\"isCreatingItem\":\(state.isCreatingItem),\"partialItemName\":"
        json += JSONString.literal(state.partialItemName)
        json += ",\"todoItems\":["
        for (index, item) in state.todoItems.enumerated() {
            if index > 0 { json += "," }
            json += "{\"id\":" + (hasLoggedID(item) ? "\"\(item.id.uuidString)\"" : "null")
            json += ",\"title\":" + JSONString.literal(item.title) + ",\"isFinished\":\(item.isFinished)}"
        }
        json += "],\"stateName\":" + JSONString.literal(state.stateName) + "}"
        return json
    }

    /// The 16-digit digest of `state` (`4977b0af95ca285c` for the initial state).
    ///
    /// - Parameters:
    ///   - state: The state right after an event.
    ///   - hasLoggedID: As for ``canonicalJSON(of:hasLoggedID:)``.
    public static func digest(of state: TodoState, hasLoggedID: (TodoItem) -> Bool = { _ in true }) -> String {
        String(SHA256.hash(canonicalJSON(of: state, hasLoggedID: hasLoggedID).utf8).prefix(8).lowercaseHex)
    }

    /// Whether `text` has a digest's form: exactly 16 lower-case hexadecimal digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
