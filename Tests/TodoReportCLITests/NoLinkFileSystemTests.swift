import Foundation
import Testing

/// Outputs on a file system that makes neither hard nor symbolic links
/// (exFAT, as on a memory card or a USB stick): every command writes there,
/// all or nothing, and leaves no temporary file.
extension CLISuite {
    @Suite("outputs: a file system without links")
    struct NoLinkFileSystemTests {
        /// Runs `commands` in a private mount namespace with a fresh exFAT
        /// file system (FUSE, on a loop device) mounted at `card`, then lists
        /// every file left there, hidden ones too.
        static func onExFAT(_ space: Workspace, _ commands: String) throws -> (code: Int32, stdout: String, stderr: String) {
            try space.shell(
                #"truncate -s 32M card.img && mkfs.exfat card.img > /dev/null && mkdir card && "#
                    + #"unshare -m sh -c 'device=$(losetup -f --show card.img) || exit 90; "#
                    + #"mount.exfat-fuse "$device" card > /dev/null || { losetup -d "$device"; exit 91; }; "#
                    + #"ln s.jsonl card/link 2> /dev/null && exit 92; "#
                    + "( \(commands) ); code=$?; (cd card && find . | sort); "
                    + #"umount card; losetup -d "$device"; exit $code'"#)
        }

        @Test(
            "every command creates its outputs where there are no links, and replaces them",
            .enabled(if: getuid() == 0, "a loop device and a FUSE mount need root (CI runs the tests as root)"),
            arguments: [
                (
                    #""$TR" s.jsonl -o card/r.html --summary card/s.md && "$TR" s.jsonl -o card/r.html --summary card/s.md"#,
                    ["./r.html", "./s.md"]
                ),
                (
                    #""$TR" diff s.jsonl s.jsonl -o card/d.html && "$TR" redact s.jsonl -o card/s.jsonl"#,
                    ["./d.html", "./s.jsonl"]
                ),
                (#""$TR" simulate --events 20 -o card/sim.jsonl"#, ["./sim.jsonl"]),
                (#""$TR" make-test s.jsonl -o card/tests"#, ["./tests", "./tests/Fixtures"]),
            ])
        func everyCommand(commands: String, expected: [String]) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try Self.onExFAT(space, commands)
            #expect(run.code == 0, "\(run.stderr)")
            let listed = run.stdout.split(separator: "\n").map(String.init)
            for path in expected { #expect(listed.contains(path), "\(listed)") }
            #expect(!listed.contains { $0.contains(".todo-report.") }, "a temporary file was left: \(listed)")
        }

        @Test(
            "a file that appears at a new output's name while the input is read is not replaced where there are no links",
            .enabled(if: getuid() == 0, "a loop device and a FUSE mount need root (CI runs the tests as root)"))
        func appearedMeanwhile() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            // The run checks its outputs before it opens its input, so `theirs` comes after the
            // check; the check before the rename refuses it, and the rename itself would too.
            let run = try Self.onExFAT(
                space,
                #"mkfifo input; { "$TR" input -o card/r.html; echo "exit $?" > code; } & "#
                    + #"exec 3> input; echo theirs > card/r.html; cat s.jsonl >&3; exec 3>&-; wait; cat code card/r.html"#)
            #expect(run.code == 0, "\(run.stderr)")
            #expect(run.stdout.hasPrefix("exit 73\ntheirs\n"), "\(run.stdout)")
            #expect(run.stderr.contains("it changed while the input was read"), "\(run.stderr)")
            #expect(!run.stdout.contains(".todo-report."), "a temporary file was left: \(run.stdout)")
        }

        @Test(
            "batch writes index.html, sessions.csv and summary.md as regular files where there are no links, and again with --force",
            .enabled(if: getuid() == 0, "a loop device and a FUSE mount need root (CI runs the tests as root)"))
        func batchAggregates() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try Self.onExFAT(
                space,
                #""$TR" batch s.jsonl -o card/b --quiet && "$TR" batch s.jsonl -o card/b --force --quiet && "#
                    + #""$TR" index card/b --quiet && test -f card/b/index.html && ! test -L card/b/index.html && "#
                    + #"grep -c "^s," card/b/sessions.csv"#)
            #expect(run.code == 0, "\(run.stderr)")
            let listed = run.stdout.split(separator: "\n").map(String.init)
            #expect(listed.first == "1", "one row for the session: \(listed)")
            for name in ["index.html", "sessions.csv", "summary.md", "sessions/s.html", "stats/s.json", "events/s.csv.gz"] {
                #expect(listed.contains("./b/\(name)"), "\(name): \(listed)")
            }
            #expect(!listed.contains { $0.contains(".todo-report.aggregates/") }, "\(listed)")
        }
    }
}
