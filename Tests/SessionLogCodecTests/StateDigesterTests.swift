import ByteLevel
import Foundation
import SessionLogCodec
import Testing
import TodoDomain

/// `StateDigester` keeps the list's JSON between states; every digest it gives
/// must be the one `StateDigest.value` makes of the whole state, whatever
/// changed in between.
@Suite("State digests, one state after another")
struct StateDigesterTests {
    /// Lists one after another, each digested after the one before it: item
    /// `n`, or with 100 added item `n` with its switch the other way.
    @Test(
        "the same digest as the whole state's, after each change of the list",
        arguments: [
            ("an item added at the end, then another", [[0], [0, 1], [0, 1, 2]]),
            ("items removed from the end, as a travel back undoes them", [[0, 1, 2], [0, 1], [], [0]]),
            ("one item in the middle ticked, then unticked", [[0, 1, 2], [0, 101, 2], [0, 1, 2]]),
            ("the first and the last item ticked", [[0, 1, 2], [100, 1, 102]]),
            ("a list of another branch: every item other", [[0, 1, 2, 3], [4, 5, 6], [0, 1, 2, 3]]),
            ("the same list again", [[0, 1], [0, 1], [0, 1]]),
            ("an item of the middle gone, the rest moved up", [[0, 1, 2, 3], [0, 2, 3]]),
            (
                "near the end of a list: the last item ticked, then the one before",
                [[0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 105], [0, 1, 2, 3, 104, 105]]
            ),
            ("the last two items of another branch, then one of them gone", [[0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 6, 7], [0, 1, 2, 3, 6]]),
        ])
    func sameDigest(_ name: String, _ lists: [[Int]]) {
        var digester = StateDigester()
        for (step, list) in lists.enumerated() {
            let state = Self.state(list, partial: "step \(step)")
            #expect(digester.value(of: state) == StateDigest.value(of: state), "\(name), step \(step)")
        }
    }

    @Test("an item whose id becomes derived hashes as null from then on, and back")
    func derivedIDs() {
        var digester = StateDigester()
        let state = Self.state([0, 1, 2], partial: "")
        let middle = state.todoItems[1].id
        #expect(digester.value(of: state) == StateDigest.value(of: state))
        #expect(
            digester.value(of: state, derivedIDs: [middle]) == StateDigest.value(of: state, hasLoggedID: { $0.id != middle }))
        #expect(digester.value(of: state) == StateDigest.value(of: state))
    }

    @Test("an item whose title becomes the same text in other bytes (é as e and an accent) is written again")
    func equivalentTitles() {
        var digester = StateDigester()
        let composed = TodoItem(id: Self.item(0).id, title: "Caf\u{E9}")
        let decomposed = TodoItem(id: Self.item(0).id, title: "Cafe\u{301}")
        for items in [[composed], [decomposed], [composed]] {
            let state = TodoState(todoItems: items)
            #expect(digester.value(of: state) == StateDigest.value(of: state))
        }
    }

    /// The digester compares a title with the JSON it wrote: `a"b` is written
    /// `"a\"b"`, whose bytes between the quotes are the title `a\"b`.
    @Test(
        "a title is written again when it becomes text whose bytes are the other's JSON, or the other way",
        arguments: [["a\"b", "a\\\"b"], ["a\\\"b", "a\"b"], ["tab\there", "tab\\there", "tab\there"]])
    func titlesLikeEscapes(_ titles: [String]) {
        var digester = StateDigester()
        for title in titles {
            let state = TodoState(todoItems: [Self.item(0), TodoItem(id: Self.item(1).id, title: title), Self.item(2)])
            #expect(digester.value(of: state) == StateDigest.value(of: state), "\(titles)")
        }
    }

    /// The digester knows an unchanged title by its representation (its
    /// storage's address), which proves its bytes only while that storage is
    /// alive: titles made anew each round, of one length, are likely to land
    /// where the last round's were, had they been freed.
    @Test("titles made anew each round, in storage earlier titles may have had, are each hashed as they are")
    func titlesInReusedStorage() {
        var digester = StateDigester()
        for round in 0..<200 {
            let items = (0..<16).map { number in
                TodoItem(id: Self.item(number).id, title: "round \(round % 10), item \(number % 10): a title kept on the heap")
            }
            let state = TodoState(todoItems: items)
            guard digester.value(of: state) == StateDigest.value(of: state) else {
                Issue.record("round \(round): the digest differs from the whole state's")
                return
            }
        }
    }

    @Test("a thousand random changes, each digest the whole state's")
    func randomChanges() {
        var random = SplitMix64(seed: 2_612)
        var digester = StateDigester()
        var state = TodoState()
        var kept: [[TodoItem]] = [[]]
        for step in 0..<1_000 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                state.todoItems.append(Self.item(Int.random(in: 0..<Self.titles.count * 4, using: &random)))
            case 2 where !state.todoItems.isEmpty:
                state.todoItems[Int.random(in: 0..<state.todoItems.count, using: &random)].isFinished.toggle()
            case 3 where !state.todoItems.isEmpty:
                state.todoItems.removeLast(Int.random(in: 1...state.todoItems.count, using: &random))
            case 4:
                state.todoItems = kept[Int.random(in: 0..<kept.count, using: &random)]
            default:
                state.partialItemName = Self.titles[Int.random(in: 0..<Self.titles.count, using: &random)]
                state.isCreatingItem.toggle()
            }
            kept.append(state.todoItems)
            let derived: Set<UUID> = step % 7 == 0 ? Set(state.todoItems.prefix(2).map(\.id)) : []
            let expected = StateDigest.value(of: state, hasLoggedID: { !derived.contains($0.id) })
            guard digester.value(of: state, derivedIDs: derived) == expected else {
                Issue.record("step \(step): the digest differs from the whole state's")
                return
            }
        }
    }

    static let titles = ["Buy oat milk", "牛乳 🥛", "say \"hi\"\n", "back\\slash", "", "Zoë \u{2028}", "tab\there"]

    /// Item `number`: its id and title follow from it, odd numbers finished.
    static func item(_ number: Int) -> TodoItem {
        let low = UInt8(truncatingIfNeeded: number)
        let high = UInt8(truncatingIfNeeded: number >> 8)
        let id = UUID(uuid: (low, high, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
        return TodoItem(id: id, title: titles[number % titles.count] + " \(number / titles.count)", isFinished: number % 2 == 1)
    }

    static func state(_ list: [Int], partial: String) -> TodoState {
        let items = list.map { code in
            var item = item(code % 100)
            if code >= 100 { item.isFinished.toggle() }
            return item
        }
        return TodoState(isCreatingItem: !partial.isEmpty, partialItemName: partial, todoItems: items, stateName: "step")
    }
}
