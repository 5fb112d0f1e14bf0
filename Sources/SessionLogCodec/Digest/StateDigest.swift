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
        canonicalJSON(of: state, hasLoggedID: hasLoggedID, scriptSafe: false)
    }

    /// The canonical JSON of `state` as ``canonicalJSON(of:hasLoggedID:)``
    /// writes it, or with `scriptSafe` also `<`, `>`, `&`, U+2028 and U+2029
    /// escaped in its strings, for JSON inside an HTML `<script>` (a page's
    /// initial state): what JavaScript parses is the same.
    package static func canonicalJSON(
        of state: TodoState, hasLoggedID: (TodoItem) -> Bool = { _ in true }, scriptSafe: Bool
    ) -> String {
        var text = CanonicalJSONText(scriptSafe: scriptSafe)
        writeCanonicalJSON(of: state, hasLoggedID: hasLoggedID, to: &text)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    /// The 16-digit digest of `state` (`4977b0af95ca285c` for the initial state).
    ///
    /// - Parameters:
    ///   - state: The state right after an event.
    ///   - hasLoggedID: As for ``canonicalJSON(of:hasLoggedID:)``.
    public static func digest(of state: TodoState, hasLoggedID: (TodoItem) -> Bool = { _ in true }) -> String {
        text(of: value(of: state, hasLoggedID: hasLoggedID))
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
        var out = DigestWriter()
        writeCanonicalJSON(of: state, hasLoggedID: hasLoggedID, to: &out)
        return out.finish()
    }

    /// The one definition of the canonical JSON: `state` written piece by piece to `out`.
    private static func writeCanonicalJSON(
        of state: TodoState, hasLoggedID: (TodoItem) -> Bool, to out: inout some CanonicalJSONOutput
    ) {
        writeHead(of: state, to: &out)
        var first = true
        for item in state.todoItems {
            writeItem(item, first: first, hasLoggedID: hasLoggedID(item), to: &out)
            first = false
        }
        writeTail(of: state, to: &out)
    }

    /// The canonical JSON up to the list's first item: `{"isCreatingItem":B,"partialItemName":S,"todoItems":[`.
    static func writeHead(of state: TodoState, to out: inout some CanonicalJSONOutput) {
        out.add(state.isCreatingItem ? "{\"isCreatingItem\":true,\"partialItemName\":" : "{\"isCreatingItem\":false,\"partialItemName\":")
        out.add(string: state.partialItemName)
        out.add(",\"todoItems\":[")
    }

    /// One item of the list, with the comma before it unless it is the `first`.
    static func writeItem(_ item: TodoItem, first: Bool, hasLoggedID: Bool, to out: inout some CanonicalJSONOutput) {
        writeItemHead(id: item.id, first: first, hasLoggedID: hasLoggedID, to: &out)
        out.add(string: item.title)
        writeItemTail(isFinished: item.isFinished, to: &out)
    }

    /// An item's JSON up to its title: `,{"id":S,"title":` (no comma for the `first`).
    static func writeItemHead(id: UUID, first: Bool, hasLoggedID: Bool, to out: inout some CanonicalJSONOutput) {
        out.add(first ? "{\"id\":" : ",{\"id\":")
        if hasLoggedID {
            out.add(quotedUUID: id.uuid)
        } else {
            out.add("null")
        }
        out.add(",\"title\":")
    }

    /// How many bytes ``writeItemHead(id:first:hasLoggedID:to:)`` and
    /// ``writeItemTail(isFinished:to:)`` write, counted as they are written:
    /// where an item's title lies in its JSON.
    struct ItemLayout: Sendable {
        private let firstLogged, firstDerived, laterLogged, laterDerived: Int
        private let finished, open: Int

        init() {
            func head(first: Bool, hasLoggedID: Bool) -> Int {
                var count = ByteCount()
                let id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
                writeItemHead(id: id, first: first, hasLoggedID: hasLoggedID, to: &count)
                return count.bytes
            }
            func tail(isFinished: Bool) -> Int {
                var count = ByteCount()
                writeItemTail(isFinished: isFinished, to: &count)
                return count.bytes
            }
            (firstLogged, firstDerived) = (head(first: true, hasLoggedID: true), head(first: true, hasLoggedID: false))
            (laterLogged, laterDerived) = (head(first: false, hasLoggedID: true), head(first: false, hasLoggedID: false))
            (finished, open) = (tail(isFinished: true), tail(isFinished: false))
        }

        /// The length of an item's head: its JSON up to its title.
        func headLength(first: Bool, hasLoggedID: Bool) -> Int {
            first ? (hasLoggedID ? firstLogged : firstDerived) : (hasLoggedID ? laterLogged : laterDerived)
        }

        /// The length of an item's tail: its JSON after its title.
        func tailLength(isFinished: Bool) -> Int {
            isFinished ? finished : open
        }
    }

    /// An item's JSON after its title: `,"isFinished":B}`.
    static func writeItemTail(isFinished: Bool, to out: inout some CanonicalJSONOutput) {
        out.add(isFinished ? ",\"isFinished\":true}" : ",\"isFinished\":false}")
    }

    /// The canonical JSON after the list's last item: `],"stateName":S}`.
    static func writeTail(of state: TodoState, to out: inout some CanonicalJSONOutput) {
        out.add("],\"stateName\":")
        out.add(string: state.stateName)
        out.add("}")
    }

    /// A digest's number: the first 8 bytes of a SHA-256, big-endian.
    static func number(ofSHA256 digest: [UInt8]) -> UInt64 {
        digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
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

/// Where ``StateDigest``'s canonical JSON is written, piece by piece.
protocol CanonicalJSONOutput {
    /// Text that needs no escaping.
    mutating func add(_ text: StaticString)
    /// `text` as a JSON string literal.
    mutating func add(string text: String)
    /// An id as an upper-case UUID string, quotes included.
    mutating func add(quotedUUID: uuid_t)
}

/// Counts the bytes of canonical JSON without writing them.
private struct ByteCount: CanonicalJSONOutput {
    var bytes = 0

    mutating func add(_ text: StaticString) {
        bytes += text.utf8CodeUnitCount
    }

    mutating func add(string text: String) {
        JSONStringWriter.write(text, scriptSafe: false) { bytes += $0.count }
    }

    mutating func add(quotedUUID: uuid_t) {
        bytes += UUIDText.count + 2
    }
}

/// Canonical JSON as text: for people, states files and a page's script.
struct CanonicalJSONText: CanonicalJSONOutput, Sendable {
    let scriptSafe: Bool
    var bytes: [UInt8] = []

    mutating func add(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func add(string text: String) {
        JSONStringWriter.write(text, scriptSafe: scriptSafe) { bytes.append(contentsOf: $0) }
    }

    mutating func add(quotedUUID: uuid_t) {
        bytes.append(UInt8(ascii: "\""))
        UUIDText.append(quotedUUID, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Canonical JSON bytes gathered in one buffer and handed to SHA-256 in
/// large blocks: small adds, and a local buffer captured by closures (each
/// access checked at run time), cost more than the hashing itself.
private final class DigestWriter: CanonicalJSONOutput {
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

    func add(quotedUUID: uuid_t) {
        if UUIDText.count + 2 > buffer.room { flush() }
        buffer.append(UInt8(ascii: "\""))
        buffer.append(uuid: quotedUUID)
        buffer.append(UInt8(ascii: "\""))
    }

    /// The digest's first 8 bytes as a big-endian number.
    func finish() -> UInt64 {
        flush()
        return StateDigest.number(ofSHA256: stream.digest())
    }

    private func flush() {
        buffer.drain { stream.add($0) }
    }
}
