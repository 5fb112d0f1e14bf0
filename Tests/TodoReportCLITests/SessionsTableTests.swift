import Foundation
import Testing

extension CLISuite {
    /// `sessions.csv` as a data team loads it: with the DuckDB and pandas
    /// lines that the ManySessions article gives, taken from the article
    /// itself, so that what it tells people to run is what is checked.
    @Suite("sessions.csv in DuckDB and pandas")
    struct SessionsTableTests {
        /// The article's code block of `language` in its `sessions.csv` section.
        static func articleSnippet(_ language: String) throws -> String {
            let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/Report/Report.docc/ManySessions.md")
            let text = try String(contentsOf: article, encoding: .utf8)
            let section = try #require(text.range(of: "### sessions.csv")).upperBound
            let start = try #require(text.range(of: "```\(language)\n", range: section..<text.endIndex)).upperBound
            let end = try #require(text.range(of: "\n```", range: start..<text.endIndex)).lowerBound
            return String(text[start..<end])
        }

        @Test(
            "the article's lines keep versions, ids and names as written: 1.10 is not 1.1, 0012 is not 12",
            .enabled(if: EventTableTests.hasDataTools))
        func textStaysText() throws {
            let workspace = try Workspace()
            func header(_ version: String) -> String {
                #"{"type":"session","schema":"todo-session/1","sessionId":"0012","userId":"007","app":"1","appVersion":"\#(version)"}"#
                    + "\n" + #"{"type":"event","event":"startCreatingItem"}"# + "\n"
            }
            try workspace.write("1.10.jsonl", header("1.10"))
            try workspace.write("1.1.jsonl", header("1.1"))
            try workspace.write("2.0.jsonl", header("2.0"))
            let batch = try workspace.shell("$TR batch 1.10.jsonl 1.1.jsonl 2.0.jsonl -o out --quiet")
            try #require(batch.code == 0, "\(batch.stderr)")
            let sql = try Self.articleSnippet("sql")
            let pandasLine = try Self.articleSnippet("python")
            try workspace.write(
                "load.py",
                """
                import duckdb, json
                import pandas as pd
                rows = duckdb.sql(\(String(reflecting: sql))).fetchall()
                names = [d[0] for d in duckdb.sql(\(String(reflecting: sql))).description]
                print(json.dumps(sorted([{k: row[names.index(k)] for k in ["name", "session_id", "user_id", "app", "app_version"]} for row in rows], key=lambda r: r["name"])))
                \(pandasLine)
                print(json.dumps(sessions[["name", "session_id", "user_id", "app", "app_version"]].sort_values("name").to_dict("records")))
                """)
            let result = try workspace.shell("PYTHONPATH='\(EventTableTests.dataTools)' python3 load.py")
            try #require(result.code == 0, "\(result.stderr)")
            let expected =
                #"[{"name": "1.1", "session_id": "0012", "user_id": "007", "app": "1", "app_version": "1.1"}, "#
                + #"{"name": "1.10", "session_id": "0012", "user_id": "007", "app": "1", "app_version": "1.10"}, "#
                + #"{"name": "2.0", "session_id": "0012", "user_id": "007", "app": "1", "app_version": "2.0"}]"#
            #expect(result.stdout == expected + "\n" + expected + "\n", "\(result.stdout)")
        }
    }
}
