import Foundation
import SessionComparison
import SessionLog
import Testing
import TodoDomain

@Suite("Comparing two states, as diff does")
struct StateDifferenceTests {
    static func state(_ titles: [(String, Bool)], typing: String? = nil, ids: (Int) -> UUID = { _ in UUID() }) -> TodoState {
        var state = TodoState()
        for (index, (title, done)) in titles.enumerated() {
            state.update(with: .startCreatingItem)
            state.update(with: .changePartialItemName(title))
            let id = ids(index)
            state.update(with: .addItem(id: id))
            if done { state.update(with: .setItemDone(id: id, isDone: true)) }
        }
        if let typing {
            state.update(with: .startCreatingItem)
            state.update(with: .changePartialItemName(typing))
        }
        return state
    }

    @Test("two runs of one session with new ids are equal; with --compare-ids they are not")
    func idsIgnored() {
        let one = Self.state([("Buy milk", true), ("Call Grandma", false)])
        let two = Self.state([("Buy milk", true), ("Call Grandma", false)])
        #expect(StateDifference(one, two).isEmpty)
        #expect(StateDifference(one, two, comparingIDs: true).fields.map(\.path) == ["todoItems[0].id", "todoItems[1].id"])
    }

    @Test("each differing field is named, with both values")
    func fields() {
        let baseline = Self.state([("Buy milk", true), ("Call Grandma", false)], typing: "Pay \"rent\"")
        let run = Self.state([("Buy mlk", false)], typing: "Pay rent")
        let difference = StateDifference(baseline, run)
        #expect(
            difference.fields == [
                .init(path: "partialItemName", baseline: #""Pay \"rent\"""#, run: #""Pay rent""#),
                .init(path: "todoItems.count", baseline: "2", run: "1"),
                .init(path: "todoItems[0].title", baseline: #""Buy milk""#, run: #""Buy mlk""#),
                .init(path: "todoItems[0].isFinished", baseline: "true", run: "false"),
                .init(path: "todoItems[1]", baseline: #""Call Grandma""#, run: "none"),
            ])
        #expect(difference.description.hasPrefix(#"partialItemName: "Pay \"rent\"" ≠ "Pay rent""#))
    }

    @Test("text that could reorder or garble a terminal is shown escaped: bidirectional and control characters")
    func hostileTextShownEscaped() {
        let baseline = Self.state([("evil\u{202E}txt.exe", false)], typing: "a\u{1B}[2Jb")
        let run = Self.state([("evil", false)], typing: "ab")
        #expect(
            StateDifference(baseline, run).fields == [
                .init(path: "partialItemName", baseline: #""a\u{1B}[2Jb""#, run: #""ab""#),
                .init(path: "todoItems[0].title", baseline: #""evil\u{202E}txt.exe""#, run: #""evil""#),
            ])
    }

    @Test("the sheet and the state's name count; order counts")
    func sheetAndOrder() {
        var open = TodoState()
        open.update(with: .startCreatingItem)
        #expect(StateDifference(TodoState(), open).fields.map(\.path) == ["isCreatingItem", "stateName"])
        let ab = Self.state([("a", false), ("b", false)])
        let ba = Self.state([("b", false), ("a", false)])
        #expect(StateDifference(ab, ba).fields.map(\.path) == ["todoItems[0].title", "todoItems[1].title"])
    }
}
