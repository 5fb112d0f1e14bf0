import Foundation
import Testing

/// The report's own script is parts that reach each other only through one
/// object, `R` (see `Templates/report.js.parts/00-report.js`): each part says
/// what it adds to `R`, adds that and nothing else, and reads only what some
/// part adds. A name read but never added would be `undefined` in the page,
/// found only when that path runs; these checks find it at build time.
@Suite("The report's script parts")
struct ReportScriptPartsTests {
    struct Part {
        var file: String
        var text: String

        /// The script without its comments or the text of its strings.
        var code: String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.replacing(/'(?:[^'\\\n]|\\.)*'/, with: "''").replacing(/\/\/.*/, with: "")
            }.joined(separator: "\n")
        }

        /// The names of `R` the comment beginning "Provides" lists, up to the paragraph's end.
        var namesListed: Set<String> {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingPrefix(while: \.isWhitespace) }
            guard let start = lines.firstIndex(where: { $0.hasPrefix("// Provides") }) else { return [] }
            let paragraph = lines[start...].prefix { $0.hasPrefix("// ") }.joined(separator: " ")
            return Set(paragraph.matches(of: /\bR\.([\w$]+)/).map { String($0.output.1) })
        }

        /// The names this part gives `R`: `R.name = …`, or the keys of the core's `var R = { … }`.
        var namesAdded: Set<String> {
            var names = Set(code.matches(of: /\bR\.([\w$]+)\s*=(?!=)/).map { String($0.output.1) })
            if let literal = code.firstMatch(of: /var R = \{([^}]*)\}/) {
                names.formUnion(literal.output.1.matches(of: /([\w$]+)\s*:/).map { String($0.output.1) })
            }
            return names
        }

        var namesRead: Set<String> { Set(code.matches(of: /\bR\.([\w$]+)/).map { String($0.output.1) }) }
    }

    static let parts: [Part] = MinifierTests.reportScript.compactMap { file in
        (try? MinifierTests.read([file])).map { Part(file: file, text: $0) }
    }

    @Test("there are parts, the first defines TodoReport and the others are each one TodoReport.part")
    func shape() throws {
        let parts = Self.parts
        try #require(parts.count > 5, "\(parts.map(\.file))")
        #expect(parts[0].code.contains("var TodoReport = "), "\(parts[0].file)")
        for part in parts.dropFirst() {
            #expect(part.code.matches(of: /TodoReport\.part\(function \w+\(R\) \{/).count == 1, "\(part.file)")
            #expect(part.code.contains(/^\}\);$/.anchorsMatchLineEndings()), "\(part.file) ends the part with });")
        }
        #expect(parts.filter { $0.code.contains("TodoReport.start();") }.map(\.file) == [parts[parts.count - 1].file])
    }

    @Test("each part adds to R what its comment lists, and nothing else", arguments: Self.parts.map(\.file))
    func listsWhatItAdds(file: String) throws {
        let part = try #require(Self.parts.first { $0.file == file })
        #expect(part.namesAdded == part.namesListed, "added \(part.namesAdded.sorted()), listed \(part.namesListed.sorted())")
    }

    @Test("every name read from R is one a part adds, and no two parts add the same name")
    func readsOnlyWhatIsAdded() {
        let added = Self.parts.flatMap { part in part.namesAdded.map { ($0, part.file) } }
        let adders = Dictionary(grouping: added, by: \.0).mapValues { $0.map(\.1) }
        #expect(adders.filter { $0.value.count > 1 }.isEmpty, "\(adders.filter { $0.value.count > 1 })")
        for part in Self.parts {
            let unknown = part.namesRead.subtracting(adders.keys)
            #expect(unknown.isEmpty, "\(part.file) reads R.\(unknown.sorted().joined(separator: ", R.")), which no part adds")
        }
    }
}
