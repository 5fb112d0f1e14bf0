import Foundation
import SessionLog
import Testing

@testable import Report

/// After a trailing travel the cursor is on an older frame; the summary and
/// the page must still speak of the same end: the newest frame.
@Suite("The end of a session")
struct TrailingTravelTests {
    static let log = [
        #"{"type":"event","event":"startCreatingItem"}"#,
        #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,
        #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}"#,
        #"{"type":"event","event":"setItemDone","id":"00000000-0000-4000-8000-000000000001","isDone":true}"#,
        // Back to before the item was finished, and the log ends there.
        #"{"type":"travel","to":3}"#,
    ].map { $0 + "\n" }.joined()

    @Test("summary and static page both judge the newest frame, where the page opens")
    func sameEnd() throws {
        let builder = try ReportTests.build(Self.log)
        let outcome = try LogReplayer.replay(InMemoryByteSource(Self.log)) { _ in }
        #expect(outcome.stateAtCursor.todoItems.map(\.isFinished) == [false], "the cursor is before the tick")
        #expect(outcome.newestFrameState.todoItems.map(\.isFinished) == [true])
        #expect(builder.summaryMarkdown().contains("finished at the end"))
        #expect(!builder.summaryMarkdown().contains("not finished at the end"))
        #expect(
            try builder.html().contains(
                #"<span class="item-title">Milk</span><span class="switch" role="img" aria-label="done" data-done="true"></span>"#
            ))
    }

    @Test("reading the newest frame's state leaves the cursor where the log left it")
    func cursorStays() throws {
        var replay = SessionReplay()
        var reader = LogReader()
        for (number, line) in Self.log.split(separator: "\n").enumerated() {
            reader.read(line: line.utf8, number: number + 1) { replay.replay($0) { _ in } }
        }
        #expect(replay.cursor == 3)
        #expect(replay.state(ofFrame: replay.frameCount - 1).todoItems.map(\.isFinished) == [true])
        #expect(replay.cursor == 3)
        #expect(replay.state.todoItems.map(\.isFinished) == [false])
    }
}
