import ByteLevel
import Foundation
import SessionLog
import Testing

@testable import Report

/// The page's diagnostics block read back the way `report.js` reads it.
struct DiagnosticData {
    var count: Int
    var diagnostics: [Diagnostic]

    /// Decodes `#diagnostic-data` of a page.
    init(page html: String) throws {
        try self.init(json: try html.jsonBlock(id: "diagnostic-data"))
    }

    init(json: String) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        count = try #require(object["count"] as? Int)
        let codes = try #require(object["codes"] as? [[String]])
        let kinds = try #require(object["kinds"] as? [[Any]])
        let arguments = try #require(object["args"] as? [String])
        let rows = try #require(object["rows"] as? [Any])
        var at = 0
        var line = 0
        diagnostics = []
        while at < rows.count {
            line += try #require(rows[at] as? Int)
            let kindValue = rows[at + 1]
            let kind = try (kindValue as? Int).map { kinds[$0] } ?? #require(kindValue as? [Any])
            let pieces = try kind.dropFirst(2).map { try #require($0 as? String) }
            let values = try rows[(at + 2)..<(at + 2 + pieces.count - 1)].map { value in
                try (value as? Int).map { arguments[$0] } ?? #require(value as? String)
            }
            let codeIndex = try #require(kind[0] as? Int)
            let code = try #require(DiagnosticCode(rawValue: codes[codeIndex][0]))
            #expect(codes[codeIndex][1] == code.severity.rawValue)
            diagnostics.append(
                Diagnostic(
                    line: line, column: kind[1] as? Int, code: code,
                    message: MessageTemplate.join(pieces: pieces, arguments: values)))
            at += 2 + values.count
        }
    }
}

@Suite("Diagnostics in the page")
struct DiagnosticDataTests {
    static func build(_ log: String) throws -> (html: String, diagnostics: [Diagnostic]) {
        let builder = ReportBuilder()
        var diagnostics: [Diagnostic] = []
        let outcome = try LogReplayer.replay(InMemoryByteSource(log)) { entry in
            if case .diagnostic(let diagnostic) = entry { diagnostics.append(diagnostic) }
            builder.add(entry)
        }
        builder.finish(with: outcome)
        return (try builder.html(), diagnostics)
    }

    /// 100,000 one-line errors of a kind, as `n` gives line `n` (from 0).
    static let garbage: [(String, @Sendable (Int) -> String)] = [
        ("x", { _ in "x" }),
        ("wrong type", { _ in #"{"type":1}"# }),
        ("the issue's mix", { ["x", #"{"type":1}"#, "[1]", "{}", "nul"][$0 % 5] }),
        ("a new type name on every line", { #"{"type":"t\#($0)"}"# }),
        ("a new event name on every line", { #"{"type":"event","event":"e\#($0)"}"# }),
        ("a repeated key, new on every line", { #"{"k\#($0)":1,"k\#($0)":2}"# }),
    ]

    @Test("100,000 bad lines make a report at most 3× the log, with every diagnostic in it", arguments: garbage.map(\.0))
    func compact(kind: String) throws {
        let line = try #require(Self.garbage.first { $0.0 == kind }?.1)
        let log = (0..<100_000).map { line($0) + "\n" }.joined()
        let (html, expected) = try Self.build(log)
        #expect(html.utf8.count <= 3 * log.utf8.count, "\(html.utf8.count) bytes for a \(log.utf8.count)-byte log")
        let data = try DiagnosticData(page: html)
        #expect(expected.count >= 100_000)
        #expect(data.count == expected.count)
        #expect(data.diagnostics.count == expected.count)
        #expect(data.diagnostics.first == expected.first)
        #expect(data.diagnostics.last == expected.last)
        #expect(data.diagnostics == expected, "every diagnostic, exactly")
        #expect(html.contains("<h2 id=\"diagnostics-heading\">Diagnostics (\(groupedDigits(expected.count)))</h2>"), "counts grouped")
    }

    @Test("full tables: kinds and arguments are written in the row, and still read back exactly")
    func fullTables() throws {
        let list = DiagnosticList(tableLimit: 2, argumentTableBytes: 8)
        let diagnostics = [
            Diagnostic(line: 1, column: 1, code: .invalidJSON, message: "unexpected 'x'; expected a value"),
            Diagnostic(line: 2, code: .unknownType, message: #"unknown record type "abcdefghij"; expected "session", "event" or "travel""#),
            Diagnostic(line: 2, column: 9, code: .wrongType, message: #""type" must be a string, not a number"#),
            Diagnostic(line: 5, code: .seqGap, message: "seq jumps from 3 to 9: 5 records are missing"),
            Diagnostic(line: 4, code: .unknownEvent, message: #"unknown event "<img src=x onerror=alert(1)>\"\\"; expected one of a, b"#),
            Diagnostic(line: 7, column: 1, code: .invalidJSON, message: "unexpected 'x'; expected a value"),
        ]
        for diagnostic in diagnostics { list.add(diagnostic) }
        var json = ""
        for part in list.dataParts {
            switch part {
            case .text(let text): json += text
            case .spill(let spill): json += spill.text
            }
        }
        #expect(!json.contains("<"), "log text is escaped for a script block")
        #expect(try DiagnosticData(json: json).diagnostics == diagnostics)
        #expect(list.count == 6)
        #expect(list.errors == 5)
        #expect(list.warnings == 1)
    }

    @Test("without JavaScript the page lists the first 100 diagnostics and says how many more", arguments: [99, 100, 101, 2_345])
    func staticList(lines: Int) throws {
        let (html, _) = try Self.build(String(repeating: "x\n", count: lines))
        let listStart = try #require(html.range(of: "<ul id=\"diagnostics\">"))
        let listEnd = try #require(html.range(of: "</ul>", range: listStart.upperBound..<html.endIndex))
        let list = html[listStart.upperBound..<listEnd.lowerBound]
        let items = list.components(separatedBy: "<li").count - 1
        #expect(items == min(lines, 100) + (lines > 100 ? 1 : 0))
        #expect(
            list.contains(
                "<li class=\"error\"><span class=\"location\">line 1:1</span> <span class=\"severity\">error</span> "
                    + "<code class=\"code\">invalid-json</code> <span class=\"message\">unexpected &#39;x&#39;; expected a value</span></li>"
            ))
        #expect(list.contains("line \(min(lines, 100)):1"))
        #expect(!list.contains("line 101:1"))
        let hidden = lines == 2_345 ? "2,245" : String(lines - 100)
        let more = lines > 100 ? "… and \(hidden) more: enable JavaScript to list them all" : nil
        #expect(more.map { list.contains("<li class=\"more\">\($0)</li>") } ?? !list.contains("class=\"more\""))
    }

    @Test(
        "a message is cut into template pieces and arguments that join back exactly",
        arguments: [
            ("unexpected 'x'; expected a value", ["unexpected 'x'; expected a value"], [String]()),
            (
                #"unknown record type "t2"; expected "session", "event" or "travel""#,
                [#"unknown record type ""#, #""; expected ""#, #"", ""#, #"" or ""#, #"""#], ["t2", "session", "event", "travel"]
            ),
            ("seq jumps from 3 to 9: 5 records are missing", ["seq jumps from ", " to ", " ", " records are missing"], ["3", "9:", "5"]),
            ("byte 0xE9 is not valid UTF-8 here", ["byte ", " is not valid ", " here"], ["0xE9", "UTF-8"]),
            (#"key "a\"b\\" appears"#, [#"key ""#, #"" appears"#], [#"a\"b\\"#]),
            (#"an "unclosed quote"#, [#"an "unclosed quote"#], []),
            (#"""#, [#"""#], []),
            ("", [""], []),
            ("名前 \"é\u{202E}<b>\" 7日", ["名前 \"", "\" ", "日"], ["é\u{202E}<b>", "7"]),
        ])
    func template(message: String, pieces: [String], arguments: [String]) {
        let split = MessageTemplate.split(message)
        #expect(split.pieces == pieces)
        #expect(split.arguments == arguments)
        #expect(MessageTemplate.join(pieces: split.pieces, arguments: split.arguments) == message)
    }
}
