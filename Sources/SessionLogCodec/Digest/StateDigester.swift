import ByteLevel
import Digests
public import TodoDomain

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Digests of many states of one session, one after another, each the same
/// number ``StateDigest/value(of:hasLoggedID:)`` gives: for a replay that
/// checks every logged digest, a recorder that writes them, or a test that
/// pins every event.
///
/// Each digest still hashes the whole state, as the format defines it, so its
/// cost grows with the list. What the digester saves is writing the list's
/// JSON again: it keeps the JSON of the list it hashed last, item by item, and
/// writes only the items that differ from it (an item added, ticked or
/// undone), which was more than half of each digest's time on long lists.
/// It keeps no item, only where each item's JSON lies, so comparing an item
/// with what was written compares bytes and counts no references.
public struct StateDigester: Sendable {
    /// The list's canonical JSON as last written, between its brackets.
    private var listJSON = CanonicalJSONText(scriptSafe: false)
    /// What each item of that JSON was written from, and where, in list order.
    private var written: [WrittenItem] = []
    /// The JSON and items from the first that differs on, while the list is brought up to date.
    private var oldJSON: [UInt8] = []
    private var oldWritten: [WrittenItem] = []
    /// A title with something to escape, written to be compared.
    private var escapedTitle = CanonicalJSONText(scriptSafe: false)
    /// The JSON before and after the list, written anew for each state.
    private var edges = CanonicalJSONText(scriptSafe: false)
    /// The list and the derived ids the JSON was last brought to: a list that
    /// is still their storage (no event changed it since) needs no comparing.
    private var lastItems: [TodoItem] = []
    private var lastDerivedIDs: Set<UUID> = []

    /// A digester that has written no list yet.
    public init() {}

    /// The digest of `state` as ``StateDigest/value(of:hasLoggedID:)`` makes it.
    ///
    /// - Parameters:
    ///   - state: The state right after an event.
    ///   - derivedIDs: The ids a reader derived (an `addItem` without `id`):
    ///     those items hash as `"id":null`, as the app's digests show them.
    public mutating func value(of state: TodoState, derivedIDs: Set<UUID> = []) -> UInt64 {
        update(to: state.todoItems, derivedIDs: derivedIDs)
        var stream = SHA256Stream()
        edges.bytes.removeAll(keepingCapacity: true)
        StateDigest.writeHead(of: state, to: &edges)
        edges.bytes.withByteView { stream.add($0) }
        listJSON.bytes.withByteView { stream.add($0) }
        edges.bytes.removeAll(keepingCapacity: true)
        StateDigest.writeTail(of: state, to: &edges)
        edges.bytes.withByteView { stream.add($0) }
        return StateDigest.number(ofSHA256: stream.digest())
    }

    /// Brings the kept JSON to `items`: from the first item that differs on,
    /// each run of items that are as they were is copied from the old JSON in
    /// one piece, the others written anew.
    private mutating func update(to items: [TodoItem], derivedIDs: Set<UUID>) {
        guard !items.sharesStorage(with: lastItems) || derivedIDs != lastDerivedIDs else { return }
        defer { (lastItems, lastDerivedIDs) = (items, derivedIDs) }
        // Buffers that are read while others change are held in locals, their storage swapped back after.
        var scratch = CanonicalJSONText(scriptSafe: false)
        swap(&scratch, &escapedTitle)
        defer { swap(&scratch, &escapedTitle) }
        let common = min(items.count, written.count)
        let first = listJSON.bytes.withByteView { json in
            var first = 0
            while first < common,
                Self.matches(
                    items[first], written[first], hasLoggedID: Self.isLogged(items[first], derivedIDs), in: json, scratch: &scratch)
            {
                first += 1
            }
            return first
        }
        guard first < items.count || first < written.count else { return }
        // The rest of the old JSON, counted from the first item that differs.
        let oldStart = start(of: first)
        var oldJSON: [UInt8] = []
        swap(&oldJSON, &self.oldJSON)
        defer { swap(&oldJSON, &self.oldJSON) }
        oldJSON.removeAll(keepingCapacity: true)
        oldJSON.append(contentsOf: listJSON.bytes[oldStart...])
        oldWritten.removeAll(keepingCapacity: true)
        if first < written.count { oldWritten.append(contentsOf: written[first...]) }
        listJSON.bytes.removeSubrange(oldStart...)
        written.removeSubrange(first...)
        oldJSON.withByteView { old in
            // The old bytes `run` are still to be copied; they are items that did not change.
            var run = 0..<0
            for position in first..<items.count {
                // `items[position]` is read in place each time: a copy of the item would retain its title.
                let logged = Self.isLogged(items[position], derivedIDs)
                let reused = position - first
                if reused < oldWritten.count,
                    Self.matches(items[position], oldWritten[reused], shiftedBy: oldStart, hasLoggedID: logged, in: old, scratch: &scratch)
                {
                    let item = oldWritten[reused]
                    if run.isEmpty { run = (item.start - oldStart)..<(item.start - oldStart) }
                    // The run lands at the JSON's end, where it is appended.
                    let shift = listJSON.bytes.count - run.lowerBound - oldStart
                    run = run.lowerBound..<(item.end - oldStart)
                    written.append(item.shifted(by: shift))
                } else {
                    if !run.isEmpty { listJSON.bytes.append(contentsOf: old.subview(run)) }
                    run = 0..<0
                    written.append(write(items[position], first: position == 0, hasLoggedID: logged))
                }
            }
            if !run.isEmpty { listJSON.bytes.append(contentsOf: old.subview(run)) }
        }
    }

    /// Whether `item`'s id is shown (not derived by a reader). Borrowed, and
    /// its id read only when ids were derived: a copy would retain its title.
    private static func isLogged(_ item: borrowing TodoItem, _ derivedIDs: Set<UUID>) -> Bool {
        derivedIDs.isEmpty || !derivedIDs.contains(item.id)
    }

    /// Where item `position`'s JSON starts, its comma included.
    private func start(of position: Int) -> Int {
        position == 0 ? 0 : written[position - 1].end
    }

    /// Writes `item` at the end of the list's JSON, noting where its parts lie.
    private mutating func write(_ item: TodoItem, first: Bool, hasLoggedID: Bool) -> WrittenItem {
        let start = listJSON.bytes.count
        StateDigest.writeItemHead(id: item.id, first: first, hasLoggedID: hasLoggedID, to: &listJSON)
        let titleStart = listJSON.bytes.count
        listJSON.add(string: item.title)
        let titleEnd = listJSON.bytes.count
        StateDigest.writeItemTail(isFinished: item.isFinished, to: &listJSON)
        return WrittenItem(
            id: item.id, isFinished: item.isFinished, hasLoggedID: hasLoggedID,
            titleIsPlain: titleEnd - titleStart == item.title.utf8.count + 2, start: start, titleStart: titleStart, titleEnd: titleEnd,
            end: listJSON.bytes.count)
    }

    /// Whether `item`'s JSON is the one `written` describes in `json` (whose
    /// offsets are `written`'s less `shift`): the same id, shown the same
    /// way, the same switch, and its title's JSON the same bytes. A title
    /// that was written with escapes is written again to `scratch` to be compared.
    /// (Borrowed: a copy of the item would retain its title.)
    private static func matches(
        _ item: borrowing TodoItem, _ written: WrittenItem, shiftedBy shift: Int = 0, hasLoggedID: Bool, in json: ByteView,
        scratch: inout CanonicalJSONText
    ) -> Bool {
        guard written.hasLoggedID == hasLoggedID, written.isFinished == item.isFinished, written.id == item.id else { return false }
        let titleJSON = (written.titleStart - shift)..<(written.titleEnd - shift)
        if written.titleIsPlain {
            // `"` + the title + `"`, nothing escaped: the title is the same when its bytes are those between the
            // quotes (which hold no `"`, `\` or control character, so neither does a title that is them).
            return item.title.utf8Equals(json.subview((titleJSON.lowerBound + 1)..<(titleJSON.upperBound - 1)))
        }
        scratch.bytes.removeAll(keepingCapacity: true)
        scratch.add(string: item.title)
        return scratch.bytes.withByteView { json.subview(titleJSON).bytesEqual($0) }
    }
}

/// An item as the digester wrote it: what its JSON shows, and where the
/// JSON's parts lie (`start` before its comma, `titleStart..<titleEnd` its
/// title's literal, quotes included, `end` after its closing brace).
private struct WrittenItem: Sendable {
    let id: UUID
    let isFinished: Bool
    let hasLoggedID: Bool
    /// Whether the title's literal is its bytes between quotes, nothing escaped
    /// (an escape makes the literal longer than that).
    let titleIsPlain: Bool
    let start: Int
    let titleStart: Int
    let titleEnd: Int
    let end: Int

    /// The same item, its JSON moved by `shift` bytes.
    func shifted(by shift: Int) -> WrittenItem {
        WrittenItem(
            id: id, isFinished: isFinished, hasLoggedID: hasLoggedID, titleIsPlain: titleIsPlain, start: start + shift,
            titleStart: titleStart + shift, titleEnd: titleEnd + shift, end: end + shift)
    }
}
