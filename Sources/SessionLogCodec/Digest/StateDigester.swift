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
/// An item is known to be as it was written by its id, its switch and its
/// title's representation (its text when short, else where its storage
/// is), read in place from the list: the list last digested is kept, so
/// every title a kept representation names is alive. Only a title whose
/// representation differs is compared byte by byte.
public struct StateDigester: Sendable {
    /// The list's canonical JSON as last written, between its brackets.
    private var listJSON = CanonicalJSONText(scriptSafe: false)
    /// What each item of that JSON was written from, and where, in list order.
    private var written: [WrittenItem] = []
    /// The buffers the JSON and its items were in before, kept for their
    /// room: the next list that differs is written into them.
    private var spareJSON: [UInt8] = []
    private var spareWritten: [WrittenItem] = []
    /// A title with something to escape, written to be compared.
    private var escapedTitle = CanonicalJSONText(scriptSafe: false)
    /// Where an item's title lies in its JSON.
    private let layout = StateDigest.ItemLayout()
    /// The JSON before and after the list, written anew for each state.
    private var edges = CanonicalJSONText(scriptSafe: false)
    /// The list and the derived ids the JSON was last brought to: a list that
    /// is still their storage (no event changed it since) needs no comparing.
    /// The list also keeps alive the titles whose representations
    /// ``WrittenItem`` holds, which is what makes those prove anything.
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

    /// Brings the kept JSON to `items`. The items up to the first that
    /// differs keep their JSON, and items added at the end are written after
    /// it. Otherwise the rest is made again from the old JSON (``rebuild(_:from:old:derivedIDs:scratch:)``).
    private mutating func update(to items: [TodoItem], derivedIDs: Set<UUID>) {
        guard !items.sharesStorage(with: lastItems) || derivedIDs != lastDerivedIDs else { return }
        defer {
            (lastItems, lastDerivedIDs) = (items, derivedIDs)
            // Each written item's title representation is that of the same place in `lastItems`, which keeps it alive.
            assert(written.count == lastItems.count, "the JSON describes the list kept")
        }
        // A buffer that is read while others change is held in a local, its storage swapped back after.
        var scratch = CanonicalJSONText(scriptSafe: false)
        swap(&scratch, &escapedTitle)
        defer { swap(&scratch, &escapedTitle) }
        items.withLentElements { items in
            // The items that are still the strings they were written from: their JSON stays as it is.
            let common = min(items.count, written.count)
            var first = 0
            while first < common, written[first].isWritten(from: items[first], hasLoggedID: Self.isLogged(items[first], derivedIDs)) {
                first += 1
            }
            guard first < items.count, first < written.count else {
                // Items removed from the end (a travel back), or added there.
                truncate(to: first)
                for position in first..<items.count {
                    written.append(write(items[position], at: position, hasLoggedID: Self.isLogged(items[position], derivedIDs)))
                }
                return
            }
            let old = setAside(from: first)
            defer { (spareJSON, spareWritten) = (old.json, old.items) }
            rebuild(items, from: first, old: old, derivedIDs: derivedIDs, scratch: &scratch)
        }
    }

    /// The JSON of a list's items from `base` on, and those items, their
    /// offsets counted from the first one's start.
    private struct SetAside {
        var json: [UInt8]
        var items: [WrittenItem]
        var base: Int
    }

    /// Sets the JSON and items from item `first` on aside, in the spare
    /// buffers, and leaves those before it as the JSON to go on from. Of
    /// the part kept and the rest, the shorter is copied: the rest aside
    /// (a change near the end), or the part kept into the spare buffers,
    /// which become the JSON (a change near the start).
    private mutating func setAside(from first: Int) -> SetAside {
        var aside = SetAside(json: spareJSON, items: spareWritten, base: 0)
        (spareJSON, spareWritten) = ([], [])
        let kept = first == 0 ? 0 : written[first - 1].end
        if listJSON.bytes.count - kept < kept {
            aside.base = first
            aside.json.removeAll(keepingCapacity: true)
            aside.json.append(contentsOf: listJSON.bytes[kept...])
            aside.items.removeAll(keepingCapacity: true)
            aside.items.append(contentsOf: written[first...].lazy.map { $0.moved(by: -kept) })
            truncate(to: first)
        } else {
            swap(&aside.json, &listJSON.bytes)
            swap(&aside.items, &written)
            listJSON.bytes.removeAll(keepingCapacity: true)
            written.removeAll(keepingCapacity: true)
            listJSON.bytes.append(contentsOf: aside.json[..<kept])
            written.append(contentsOf: aside.items[..<first])
        }
        return aside
    }

    /// Writes the JSON of `items` from `first` on, after the JSON kept: each
    /// run of items that are as `old` has them copied from it in one piece,
    /// the others written anew.
    private mutating func rebuild(
        _ items: LentElements<TodoItem>, from first: Int, old: SetAside, derivedIDs: Set<UUID>, scratch: inout CanonicalJSONText
    ) {
        old.json.withByteView { oldJSON in
            // The old bytes `run` are still to be copied; they are items that did not change.
            var run = 0..<0
            for position in first..<items.count {
                let logged = Self.isLogged(items[position], derivedIDs)
                let index = position - old.base
                if index < old.items.count,
                    case let start = index == 0 ? 0 : old.items[index - 1].end,
                    Self.matches(
                        items[position], old.items[index], at: position, from: start, hasLoggedID: logged, in: oldJSON, layout: layout,
                        scratch: &scratch)
                {
                    if run.isEmpty { run = start..<start }
                    // The run lands at the JSON's end, where it is appended.
                    let shift = listJSON.bytes.count - run.lowerBound
                    run = run.lowerBound..<old.items[index].end
                    written.append(old.items[index].moved(by: shift, title: items[position].title))
                } else {
                    if !run.isEmpty { listJSON.bytes.append(contentsOf: oldJSON.subview(run)) }
                    run = 0..<0
                    written.append(write(items[position], at: position, hasLoggedID: logged))
                }
            }
            if !run.isEmpty { listJSON.bytes.append(contentsOf: oldJSON.subview(run)) }
        }
    }

    /// Keeps the JSON of the first `count` items only.
    private mutating func truncate(to count: Int) {
        listJSON.bytes.removeSubrange((count == 0 ? 0 : written[count - 1].end)...)
        written.removeSubrange(count...)
    }

    /// Whether `item`'s id is shown (not derived by a reader); its id is read
    /// only when ids were derived.
    private static func isLogged(_ item: TodoItem, _ derivedIDs: Set<UUID>) -> Bool {
        derivedIDs.isEmpty || !derivedIDs.contains(item.id)
    }

    /// Writes `item`, the list's item `position`, at the end of the list's JSON.
    private mutating func write(_ item: TodoItem, at position: Int, hasLoggedID: Bool) -> WrittenItem {
        StateDigest.writeItemHead(id: item.id, first: position == 0, hasLoggedID: hasLoggedID, to: &listJSON)
        let titleStart = listJSON.bytes.count
        listJSON.add(string: item.title)
        let titleIsPlain = listJSON.bytes.count - titleStart == item.title.utf8.count + 2
        StateDigest.writeItemTail(isFinished: item.isFinished, to: &listJSON)
        return WrittenItem(
            id: item.id, title: StringRepresentation(item.title), end: listJSON.bytes.count, isFinished: item.isFinished,
            hasLoggedID: hasLoggedID, titleIsPlain: titleIsPlain)
    }

    /// Whether `item`'s JSON is the one `written` describes in `json`, as the
    /// list's item `position` from `start`: the same id, shown the same way,
    /// the same switch, and its title's JSON the same bytes. A title that was
    /// written with escapes is written again to `scratch` to be compared.
    private static func matches(
        _ item: TodoItem, _ written: WrittenItem, at position: Int, from start: Int, hasLoggedID: Bool, in json: ByteView,
        layout: StateDigest.ItemLayout, scratch: inout CanonicalJSONText
    ) -> Bool {
        guard written.showsSameFields(as: item, hasLoggedID: hasLoggedID) else { return false }
        if written.title == StringRepresentation(item.title) { return true }
        let titleJSON = written.title(at: position, from: start, layout: layout)
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

/// An item as the digester wrote it: what its JSON shows, and where it ends
/// (it starts where the item before it ends). Its title's literal lies
/// between the parts written around it, whose lengths follow from the rest.
private struct WrittenItem: Sendable {
    let id: UUID
    /// The representation of the title of the item at its place in the list
    /// last digested, which the digester keeps (`lastItems`): while that
    /// string is alive, an item whose title has this representation has this
    /// title's bytes.
    let title: StringRepresentation
    /// Where its JSON ends, after the closing brace.
    let end: Int
    let isFinished: Bool
    let hasLoggedID: Bool
    /// Whether the title's literal is its bytes between quotes, nothing escaped
    /// (an escape makes the literal longer than that).
    let titleIsPlain: Bool

    /// Where its title's literal lies, quotes included, when it is the list's
    /// item `position` and its JSON starts at `start`.
    func title(at position: Int, from start: Int, layout: StateDigest.ItemLayout) -> Range<Int> {
        (start + layout.headLength(first: position == 0, hasLoggedID: hasLoggedID))..<(end - layout.tailLength(isFinished: isFinished))
    }

    /// Whether `item` shows as the item written but for its title: the same
    /// id, shown the same way, and the same switch.
    func showsSameFields(as item: TodoItem, hasLoggedID: Bool) -> Bool {
        self.hasLoggedID == hasLoggedID && isFinished == item.isFinished && id == item.id
    }

    /// Whether `item` is the item written, known without reading its title:
    /// the same fields, and a title with the representation of the one written.
    func isWritten(from item: TodoItem, hasLoggedID: Bool) -> Bool {
        showsSameFields(as: item, hasLoggedID: hasLoggedID) && title == StringRepresentation(item.title)
    }

    /// The same item, its JSON moved by `shift` bytes.
    func moved(by shift: Int) -> WrittenItem {
        WrittenItem(id: id, title: title, end: end + shift, isFinished: isFinished, hasLoggedID: hasLoggedID, titleIsPlain: titleIsPlain)
    }

    /// The same item, its JSON moved by `shift` bytes, its title now that
    /// of the list being digested (the same bytes).
    func moved(by shift: Int, title text: String) -> WrittenItem {
        WrittenItem(
            id: id, title: StringRepresentation(text), end: end + shift, isFinished: isFinished, hasLoggedID: hasLoggedID,
            titleIsPlain: titleIsPlain)
    }
}
