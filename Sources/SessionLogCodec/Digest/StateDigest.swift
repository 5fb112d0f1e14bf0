import ByteLevel
import Digests
public import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

    /// The digest of `state` as the number its 16 hexadecimal digits spell
    /// (the first 8 bytes of the SHA-256, big-endian), hashed as the
    /// canonical JSON is written, with no string built: what a replay
    /// compares with a record's `digest`.
    ///
    /// - Parameters:
    ///   - state: The state right after an event.
    ///   - hasLoggedID: As for ``canonicalJSON(of:hasLoggedID:)``.
    public static func value(of state: TodoState, hasLoggedID: (TodoItem) -> Bool = { _ in true }) -> UInt64 {
        let out = DigestWriter()
        out.add(state.isCreatingItem ? "{\"isCreatingItem\":true,\"partialItemName\":" : "{\"isCreatingItem\":false,\"partialItemName\":")
        out.add(string: state.partialItemName)
        out.add(",\"todoItems\":[")
        var first = true
        for item in state.todoItems {
            out.add(first ? "{\"id\":\"" : ",{\"id\":\"")
            first = false
            if hasLoggedID(item) {
                out.add(uuid: item.id.uuid)
                out.add("\",\"title\":")
            } else {
                out.removeLast()
                out.add("null,\"title\":")
            }
            out.add(string: item.title)
            out.add(item.isFinished ? ",\"isFinished\":true}" : ",\"isFinished\":false}")
        }
        out.add("],\"stateName\":")
        out.add(string: state.stateName)
        out.add("}")
        return out.finish()
    }

    /// The number a well-formed digest's 16 hexadecimal digits spell, or
    /// `nil` when `text` is not one (see ``isWellFormed(_:)``).
    public static func value(parsing text: some Collection<UInt8>) -> UInt64? {
        guard text.count == 16 else { return nil }
        return ASCIIHex.value(parsing: text, as: UInt64.self, lowercaseOnly: true)
    }

    /// The 16 lower-case hexadecimal digits of a digest's number.
    public static func text(of value: UInt64) -> String {
        ASCIIHex.text(of: value, digits: 16)
    }

    /// Whether `text` has a digest's form: exactly 16 lower-case hexadecimal digits.
    public static func isWellFormed(_ text: String) -> Bool {
        value(parsing: text.utf8) != nil
    }
}

/// Canonical JSON bytes gathered in one buffer and handed to SHA-256 in
/// large blocks: small adds, and a local buffer captured by closures (each
/// access checked at run time), cost more than the hashing itself.
private final class DigestWriter {
    @exclusivity(unchecked) private var stream = SHA256Stream()
    private let buffer = FixedByteBuffer(capacity: 1 << 16)

    func add(_ text: StaticString) {
        add(ByteView(text))
    }

    func add(_ bytes: ByteView) {
        if bytes.count > buffer.room {
            flush()
            if bytes.count > buffer.room {
                stream.add(bytes)
                return
            }
        }
        buffer.append(bytes)
    }

    /// `text` as a JSON string literal, as `JSON.stringify` writes it: a
    /// title with nothing to escape (nearly all) is copied between its quotes in one step.
    func add(string text: String) {
        let plain = text.withByteView { utf8 -> Bool in
            guard utf8.count + 2 <= buffer.capacity, PlainBytes.all(utf8) else { return false }
            if utf8.count + 2 > buffer.room { flush() }
            buffer.append(UInt8(ascii: "\""))
            buffer.append(utf8)
            buffer.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { JSONStringWriter.write(text, scriptSafe: false) { add($0) } }
    }

    /// An id as an upper-case UUID string.
    func add(uuid: uuid_t) {
        if UUIDText.count > buffer.room { flush() }
        buffer.append(uuid: uuid)
    }

    /// Takes back the last byte written (still in the buffer: nothing is flushed between).
    func removeLast() {
        buffer.removeLast()
    }

    /// The digest's first 8 bytes as a big-endian number.
    func finish() -> UInt64 {
        flush()
        return stream.digest().prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func flush() {
        buffer.drain { stream.add($0) }
    }
}
