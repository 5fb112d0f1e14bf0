import Foundation
import SessionLog
import Testing
import TodoDomain

/// A log stepped one frame at a time gives what the whole-log replay gives:
/// the same entries in the same order, and the same outcome.
@Suite("Stepping a log frame by frame")
struct LogStepperTests {
    static let messy = """
        {"type":"session","schema":"todo-session/1","sessionId":"messy"}
        {"type":"event","seq":0,"event":"startCreatingItem"}

        {"type":"event","seq":1,"event":"changePartialItemName","name":"Tea","name":"Tea!"}
        not json
        {"type":"event","seq":1,"event":"addItem"}
        {"type":"event","seq":3,"event":"addItem","id":"00000000-0000-4000-8000-000000000001"}
        {"type":"travel","seq":4,"to":1}
        {"type":"travel","seq":5,"to":99}
        {"type":"event","seq":6,"event":"setItemDone","id":"00000000-0000-4000-8000-000000000009","isDone":true}
        {"type":"event","seq":7,"event":"cancelCreatingItem","digest":"0000000000000000"}
        {"type":"event","event":"startCreatingItem"
        """

    static func entries(_ entries: [ReplayEntry]) -> [String] {
        entries.map { entry in
            switch entry {
            case .header(let header): "header \(header.sessionId ?? "")"
            case .frame(let frame): "frame \(frame.index) from \(frame.parent) line \(frame.line) \(frame.event.kind.rawValue)"
            case .travel(let travel): "travel to \(travel.to) line \(travel.line)"
            case .diagnostic(let diagnostic): diagnostic.formatted(path: "log")
            }
        }
    }

    @Test("the same entries and outcome as LogReplayer, on a clean and a messy log, and across many runs of the reader's lines")
    func sameAsReplayer() throws {
        // 11 lines a round, 1,000 rounds: lines in several of the reader's runs of lines, split anywhere.
        let long =
            Self.messy + "\n"
            + String(
                repeating: Self.messy.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n") + "\n",
                count: 1_000)
        for text in [Self.messy, try String(contentsOf: SampleSessionTests.seedURL, encoding: .utf8), long] {
            var whole: [ReplayEntry] = []
            let expected = try LogReplayer.replay(InMemoryByteSource(text)) { whole.append($0) }
            var stepped: [ReplayEntry] = []
            let stepper = LogStepper(InMemoryByteSource(text))
            var frames = 0
            while try stepper.step(into: { stepped.append($0) }) {
                frames += 1
                // Right after a frame, the live state is that frame's.
                if case .frame(let frame) = stepped.last { #expect(frame.index == stepper.frameCount - 1) }
            }
            let outcome = stepper.outcome
            #expect(Self.entries(stepped) == Self.entries(whole))
            #expect(frames == expected.frameCount - 1)
            #expect(outcome.tally == expected.tally)
            #expect(outcome.errorCount == expected.errorCount && outcome.warningCount == expected.warningCount)
            #expect(outcome.digests == expected.digests)
            #expect(outcome.newestFrameState == expected.newestFrameState && outcome.stateAtCursor == expected.stateAtCursor)
        }
    }
}
