import Foundation
import SessionLogCodec
import Testing
import TodoDomain

/// The canonical JSON and digest of the spec's *State digests*, checked
/// against the spec's example and against Python's
/// `json.dumps(state, ensure_ascii=False, separators=(",", ":"))` and
/// `hashlib.sha256`, run when these tests were written.
@Suite("State digests")
struct StateDigestTests {
    @Test("the initial state: the spec's example")
    func initialState() {
        #expect(
            StateDigest.canonicalJSON(of: TodoState())
                == #"{"isCreatingItem":false,"partialItemName":"","todoItems":[],"stateName":"runStart"}"#)
        #expect(StateDigest.digest(of: TodoState()) == "4977b0af95ca285c")
    }

    @Test("quotes, backslashes and control characters are escaped as JSON.stringify does, DEL is not")
    func escapes() {
        var state = TodoState()
        state.update(with: .startCreatingItem)
        state.update(with: .changePartialItemName("Buy \"oat\" milk\\ \n\t\r\u{08}\u{0C}\u{01}\u{1F}\u{7F}"))
        #expect(
            StateDigest.canonicalJSON(of: state)
                == #"{"isCreatingItem":true,"partialItemName":"Buy \"oat\" milk\\ \n\t\r\b\f\u0001\u001f"# + "\u{7F}"
                + #"","todoItems":[],"stateName":"changePartialItemName"}"#)
        #expect(StateDigest.digest(of: state) == "5293ec90c5fc0cf8")
    }

    @Test("items in order, ids upper-case, a derived id as null; CJK, emoji, combining marks and U+2028 as UTF-8")
    func items() throws {
        let ids = try [
            #require(UUID(uuidString: "00000000-0000-4000-8000-000000000001")),
            #require(UUID(uuidString: "0a1b2c3d-0000-4000-8000-00000000000f")),
            #require(UUID(uuidString: "11111111-2222-4333-8444-555555555555")),
        ]
        var state = TodoState()
        for (id, title) in zip(ids, ["牛乳 🥛 e\u{0301} \u{2028}\u{2029} <&>", "Zoë", "derived"]) {
            state.update(with: .startCreatingItem)
            state.update(with: .changePartialItemName(title))
            state.update(with: .addItem(id: id))
        }
        state.update(with: .setItemDone(id: ids[1], isDone: true))
        state.stateName = "addItem"
        let derived: (TodoItem) -> Bool = { $0.id != ids[2] }
        #expect(
            StateDigest.canonicalJSON(of: state, hasLoggedID: derived)
                == #"{"isCreatingItem":false,"partialItemName":"","todoItems":[{"id":"00000000-0000-4000-8000-000000000001","title":"牛乳 🥛 e\#u{0301} \#u{2028}\#u{2029} <&>","isFinished":false},{"id":"0A1B2C3D-0000-4000-8000-00000000000F","title":"Zoë","isFinished":true},{"id":null,"title":"derived","isFinished":false}],"stateName":"addItem"}"#
        )
        #expect(StateDigest.digest(of: state, hasLoggedID: derived) == "c0e13950d94dad04")
    }

    @Test("for a page's script, the same JSON with <, >, & and the line separators escaped too")
    func scriptSafe() throws {
        var state = TodoState()
        state.update(with: .startCreatingItem)
        state.update(with: .changePartialItemName("</script> & \u{2028}"))
        state.update(with: .addItem(id: try #require(UUID(uuidString: "00000000-0000-4000-8000-000000000001"))))
        state.stateName = "<b>"
        let safe = StateDigest.canonicalJSON(of: state, scriptSafe: true)
        #expect(
            safe
                == #"{"isCreatingItem":false,"partialItemName":"","todoItems":[{"id":"00000000-0000-4000-8000-000000000001","title":"\u003c/script\u003e \u0026 \u2028","isFinished":false}],"stateName":"\u003cb\u003e"}"#
        )
        let parsed = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? NSDictionary
        let plain = try JSONSerialization.jsonObject(with: Data(StateDigest.canonicalJSON(of: state).utf8)) as? NSDictionary
        #expect(parsed != nil && parsed == plain)
    }

    @Test(
        "a digest is exactly 16 lower-case hexadecimal digits",
        arguments: [
            ("4977b0af95ca285c", true), ("4977B0AF95CA285C", false), ("4977b0af95ca285", false), ("4977b0af95ca285c0", false),
            ("4977b0af95ca285g", false), ("", false),
        ])
    func wellFormed(text: String, valid: Bool) {
        #expect(StateDigest.isWellFormed(text) == valid)
    }

    @Test(
        "the streamed digest a replay checks equals SHA-256 of the canonical JSON, for short and long lists and titles longer than a block",
        arguments: [0, 1, 999, 1_000, 1_001, 6_000])
    func streamedEqualsWhole(items: Int) {
        var state = TodoState()
        for index in 0..<items {
            state.update(with: .startCreatingItem)
            // Plain titles of every length (copied whole), and titles with a quote, a backslash or a control byte anywhere.
            let titles = [
                "item \(index)", "牛乳 \(index) 🥛", "item \(index) ends \"", "item \(index) \u{2028}\"<&>\"",
                String(repeating: "x", count: index % 17) + "\\", String(repeating: "y", count: index % 13) + "\u{1F}",
            ]
            let title =
                index % 997 == 3
                ? String(repeating: "long \"title\" é ", count: 9_000)
                : index % 991 == 5 ? String(repeating: "plain ", count: 12_000) : titles[index % titles.count]
            state.update(with: .changePartialItemName(title))
            state.update(with: .addItem(id: UUID()))
            if index % 3 == 0, let id = state.todoItems.last?.id { state.update(with: .setItemDone(id: id, isDone: true)) }
        }
        state.update(with: .startCreatingItem)
        // Some ids derived (null in the JSON): the writer takes back a byte there, also at a block's edge.
        let derived = Set(state.todoItems.enumerated().filter { $0.offset % 7 == 2 }.map(\.element.id))
        let hasLoggedID: (TodoItem) -> Bool = { !derived.contains($0.id) }
        #expect(
            StateDigest.text(of: StateDigest.value(of: state, hasLoggedID: hasLoggedID))
                == StateDigest.digest(of: state, hasLoggedID: hasLoggedID))
    }
}
