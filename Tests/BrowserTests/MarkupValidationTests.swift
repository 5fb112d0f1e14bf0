import Foundation
import Report
import SessionLog
import Testing

/// The Nu HTML Checker over every page: the files as written, and the
/// documents the scripts made of them in each state (from Chromium), all in
/// one run of the checker. No error and no warning may remain but its
/// ignorance of ``Checkers/newerCSSProperties`` and ``Checkers/newerAttributes``.
@Suite("Markup by the Nu HTML Checker", .serialized)
struct MarkupValidationTests {
    /// The document as the script left it, as a file the checker can read.
    static let snapshot = "'<!doctype html>\\n' + document.documentElement.outerHTML"

    @Test("every page and every state: no error, no warning")
    func everyPage() throws {
        let folder = try TemporaryFolder("vnu")
        var files: [URL] = []
        var kept: [TemporaryFolder] = []
        for (index, state) in PageState.all.enumerated() {
            let (page, pageFolder, file) = try state.open(in: .chromium)
            kept.append(pageFolder)
            let written = folder.url.appendingPathComponent("\(index)-written-\(file.lastPathComponent)")
            try FileManager.default.copyItem(at: file, to: written)
            let drawn = folder.url.appendingPathComponent("\(index)-drawn-\(file.lastPathComponent)")
            try Data((try page.evaluate(Self.snapshot) as? String ?? "").utf8).write(to: drawn)
            files += [written, drawn]
        }
        let messages = try Checkers.vnu(files)
        #expect(messages.isEmpty, "\(messages.count) messages:\n\(messages.map(\.description).joined(separator: "\n"))")
    }

    @Test("the checker fails a report with a switch's state and no role, or a named scroll box without its role")
    func defectsFail() throws {
        let folder = try TemporaryFolder("vnu-defect")
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(try PageState.sample())) { builder.add($0) }
        builder.finish(with: outcome)
        let defects = [
            (
                "state-without-role.html", "<span class=\"switch\" role=\"img\" aria-label=",
                "<span class=\"switch\" aria-checked=\"true\" aria-label=",
                "“role”"
            ),
            (
                "no-role-viewport.html", "id=\"list-viewport\" tabindex=\"0\" role=\"region\"", "id=\"list-viewport\" tabindex=\"0\"",
                "aria-label"
            ),
        ]
        var files: [URL] = []
        for (name, fixed, broken, _) in defects {
            let page = try builder.html()
            #expect(page.contains(fixed), "\(name): the fixed markup is there to break")
            let url = folder.url.appendingPathComponent(name)
            try Data(page.replacingOccurrences(of: fixed, with: broken).utf8).write(to: url)
            files.append(url)
        }
        let messages = try Checkers.vnu(files)
        for (name, _, _, attribute) in defects {
            #expect(
                messages.contains { $0.file == name && $0.message.contains(attribute) },
                "\(name): \(messages.filter { $0.file == name }.map(\.description))")
        }
    }
}
