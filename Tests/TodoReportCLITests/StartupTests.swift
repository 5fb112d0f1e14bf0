import Foundation
import Testing

extension CLISuite {
    /// What the tool loads when it starts: every command is a new process, and
    /// a 100-event session is rendered in about 13 ms, of which loading all of
    /// Foundation (its internationalization and ICU's data) was another 4.
    struct StartupTests {
        @Test("the tool uses FoundationEssentials, not all of Foundation")
        func usesFoundationEssentialsOnly() throws {
            let binary = try Data(contentsOf: URL(fileURLWithPath: todoReportBinary))
            // Swift's mangled names begin `$s`, then the module's name with its
            // length: a binary linked against Foundation, dynamically or not, names
            // some of its symbols.
            #expect(binary.range(of: Data("$s20FoundationEssentials".utf8)) != nil)
            #expect(binary.range(of: Data("$s10Foundation".utf8)) == nil, "the binary names symbols of all of Foundation")
            let listed = try Workspace().shell("ldd \"$TR\"")
            #expect(!listed.stdout.contains("libFoundation.so") && !listed.stdout.contains("libFoundationInternationalization.so"))
        }
    }
}
