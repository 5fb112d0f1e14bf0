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
public struct StateDigester: Sendable {
    /// The list's canonical JSON as last written, between its brackets.
    private var listJSON = CanonicalJSONText(scriptSafe: false)
    /// What each item of that JSON was written from, in list order.
    private var written: [WrittenItem] = []
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

    /// Brings the kept JSON to `items`: the items at the end added or
    /// removed in place; from the first item that differs on, each item
    /// that is as it was copied from the old JSON, the others written anew.
    private mutating func update(to items: [TodoItem], derivedIDs: Set<UUID>) {
        guard !items.sharesStorage(with: lastItems) || derivedIDs != lastDerivedIDs else { return }
        defer { (lastItems, lastDerivedIDs) = (items, derivedIDs) }
        func isLogged(_ id: UUID) -> Bool { derivedIDs.isEmpty || !derivedIDs.contains(id) }
        let common = min(items.count, written.count)
        var first = 0
        while first < common, written[first].writes(items[first], hasLoggedID: isLogged(items[first].id)) { first += 1 }
        let oldStart = start(of: first)
        let oldJSON = first < common ? Array(listJSON.bytes[oldStart...]) : []
        let old = first < common ? Array(written[first...]) : []
        truncate(to: first)
        for position in written.count..<items.count {
            let item = items[position]
            let logged = isLogged(item.id)
            let reused = position - first
            if reused < old.count, old[reused].writes(item, hasLoggedID: logged) {
                let from = reused == 0 ? 0 : old[reused - 1].end - oldStart
                listJSON.bytes.append(contentsOf: oldJSON[from..<(old[reused].end - oldStart)])
            } else {
                StateDigest.writeItem(item, first: position == 0, hasLoggedID: logged, to: &listJSON)
            }
            written.append(WrittenItem(item: item, hasLoggedID: logged, end: listJSON.bytes.count))
        }
    }

    /// Where item `position`'s JSON starts, its comma included.
    private func start(of position: Int) -> Int {
        position == 0 ? 0 : written[position - 1].end
    }

    /// Keeps the JSON of the first `count` items only.
    private mutating func truncate(to count: Int) {
        guard count < written.count else { return }
        listJSON.bytes.removeSubrange(start(of: count)...)
        written.removeSubrange(count...)
    }
}

/// An item as the digester wrote it, and where its JSON ends.
private struct WrittenItem: Sendable {
    let item: TodoItem
    let hasLoggedID: Bool
    let end: Int

    /// Whether `other`'s JSON is this one's: the same item byte for byte, its id shown the same way.
    /// (Borrowed: a copy of each item compared would retain its title.)
    func writes(_ other: borrowing TodoItem, hasLoggedID: Bool) -> Bool {
        self.hasLoggedID == hasLoggedID && item.isSameBytes(as: other)
    }
}
