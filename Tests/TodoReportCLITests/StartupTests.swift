import Foundation
import Testing

extension CLISuite {
    /// What the tool loads when it starts: every command is a new process, and
    /// a 100-event session is rendered in about 12 ms, of which loading all of
    /// Foundation (its internationalization and ICU's data) would be a third.
    struct StartupTests {
        @Test("the tool loads FoundationEssentials, not all of Foundation")
        func loadsFoundationEssentialsOnly() throws {
            let space = try Workspace()
            let listed = try space.shell("ldd \"$TR\"")
            #expect(listed.code == 0, "\(listed.stderr)")
            let libraries = listed.stdout.split(separator: "\n").compactMap { line in
                line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
            }
            #expect(libraries.contains { $0.hasPrefix("libFoundationEssentials.so") })
            #expect(
                !libraries.contains { $0.hasPrefix("libFoundation.so") || $0.hasPrefix("libFoundationInternationalization.so") },
                "\(libraries)")
        }
    }
}
