import Foundation
import Testing

/// Outputs are replaced whole or not at all, only where a regular file (or
/// nothing) is; links, FIFOs, devices and standard streams are respected; a
/// run never writes over its own input or writes two outputs to one file.
extension CLISuite {
    @Suite("outputs: nothing lost, nothing half-written")
    struct OutputSafetyTests {
        static let page = "<!doctype html>"

        @Test("standard input as the output is refused (64) and the log is kept")
        func standardInputAsOutput() throws {
            let space = try Workspace()
            try space.write("log.jsonl", cleanLog)
            let run = try space.shell(#""$TR" - -o log.jsonl < log.jsonl"#)
            #expect(run.code == 64, "\(run.stderr)")
            #expect(run.stderr.contains("is the input file (standard input)"))
            #expect(String(decoding: space.read("log.jsonl") ?? Data(), as: UTF8.self) == cleanLog)
            let summary = try space.shell(#""$TR" - -o r.html --summary ./log.jsonl < log.jsonl"#)
            #expect(summary.code == 64)
            #expect(String(decoding: space.read("log.jsonl") ?? Data(), as: UTF8.self) == cleanLog)
            #expect(!space.exists("r.html"))
        }

        @Test(
            "the input as an output is refused (64) and kept; a hard link to it is said to be one, whose name the output would take",
            arguments: [
                (
                    ["log.jsonl", "-o", "log.jsonl"],
                    "the report 'log.jsonl' is the input file ('log.jsonl'); writing there would destroy it"
                ),
                (
                    ["log.jsonl", "-o", "symbolic.jsonl"],
                    "the report 'symbolic.jsonl' is the input file ('log.jsonl'); writing there would destroy it"
                ),
                (
                    ["redact", "log.jsonl", "-o", "hard.jsonl"],
                    "the log 'hard.jsonl' is a hard link to the input file ('log.jsonl'), so writing there would replace one of the input's names with the output"
                ),
                (["log.jsonl", "--summary", "hard.jsonl"], "the summary 'hard.jsonl' is a hard link to the input file ('log.jsonl')"),
            ])
        func inputAsOutput(arguments: [String], message: String) throws {
            let space = try Workspace()
            try space.write("log.jsonl", cleanLog)
            #expect(symlink("log.jsonl", space.path("symbolic.jsonl")) == 0)
            #expect(link(space.path("log.jsonl"), space.path("hard.jsonl")) == 0)
            let run = try space.run(arguments)
            #expect(run.code == 64, "\(run.stderr)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(String(decoding: space.read("log.jsonl") ?? Data(), as: UTF8.self) == cleanLog)
            #expect(space.kind("symbolic.jsonl") == S_IFLNK)
        }

        @Test(
            "an empty output or argument is refused (64): an unset variable in a script never makes '/report.html'",
            arguments: [
                ["templates", "-o", ""], ["index", ""], ["s.jsonl", "-o", ""], ["s.jsonl", "--summary", ""],
                ["batch", "s.jsonl", "-o", ""],
            ])
        func emptyNames(arguments: [String]) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.run(arguments)
            #expect(run.code == 64, "\(run.stderr)")
            #expect(run.stderr.contains(arguments.contains("index") ? "an argument is empty" : "is empty; give it a"), "\(run.stderr)")
        }

        @Test("an output edited in place while the input is read is not replaced (73): the edit is kept")
        func editedInPlace() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("r.html", "old\n")
            // The log comes through a FIFO: once the writer's open returns, the command has prepared its
            // outputs and waits for its input, so the edit lands between the two, with no timing.
            let run = try space.shell(
                #"""
                mkfifo in.jsonl
                "$TR" in.jsonl -o r.html & pid=$!
                exec 3>in.jsonl
                printf 'edited\n' >> r.html
                cat s.jsonl >&3
                exec 3>&-
                wait $pid
                """#)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr.contains("it changed while the input was read"), "\(run.stderr)")
            #expect(String(decoding: space.read("r.html") ?? Data(), as: UTF8.self) == "old\nedited\n")
        }

        @Test("an output over a --templates file is refused (64), as one over the log is")
        func templatesAreInputs() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            #expect(try space.run(["templates", "-o", "."]).code == 0)
            let before = space.read("report.html")
            let run = try space.run(["s.jsonl", "--templates", ".", "-o", "out.html", "--summary", "./report.css"])
            #expect(run.code == 64, "\(run.stderr)")
            #expect(run.stderr.contains("the summary './report.css' is a --templates file ('./report.css')"), "\(run.stderr)")
            #expect(space.read("report.html") == before && !space.exists("out.html"))
        }

        @Test("a file this user may not write is not replaced (73), as cp and > would not replace it")
        func readOnlyFile() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("r.html", "kept\n")
            chmod(space.path("r.html"), 0o444)
            // As root every file is writable: the command then runs as nobody, in a folder nobody may write,
            // from a copy of the binary there (the clone's own folders may be closed to other users, as /root is).
            let asUser = getuid() == 0 ? "setpriv --reuid=nobody --regid=nogroup --clear-groups " : ""
            if getuid() == 0 {
                chmod(space.path("."), 0o777)
                chmod(space.path("s.jsonl"), 0o644)
                try #require(try space.shell(#"cp "$TR" todo-report && chmod 755 todo-report"#).code == 0)
            }
            let run = try space.shell(asUser + (getuid() == 0 ? "./todo-report" : #""$TR""#) + " s.jsonl -o r.html")
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr.contains("Permission denied; make it writable (chmod u+w) or choose another output"), "\(run.stderr)")
            #expect(String(decoding: space.read("r.html") ?? Data(), as: UTF8.self) == "kept\n")
        }

        @Test("a symbolic link is followed: the file it names is replaced in its own folder, the link stays")
        func symbolicLink() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try FileManager.default.createDirectory(atPath: space.path("real"), withIntermediateDirectories: true)
            try space.write("real/report.html", "old")
            symlink("real/report.html", space.path("link.html"))
            symlink("real/new.html", space.path("dangling.html"))
            #expect(try space.run(["s.jsonl", "-o", "link.html"]).code == 0)
            #expect(space.kind("link.html") == S_IFLNK)
            #expect(String(decoding: space.read("real/report.html") ?? Data(), as: UTF8.self).hasPrefix(Self.page))
            #expect(try space.run(["s.jsonl", "-o", "dangling.html", "--summary", "link.html"]).code == 0)
            #expect(space.kind("dangling.html") == S_IFLNK)
            #expect(String(decoding: space.read("real/new.html") ?? Data(), as: UTF8.self).hasPrefix(Self.page))
            #expect(String(decoding: space.read("real/report.html") ?? Data(), as: UTF8.self).hasPrefix("## Session summary"))
            #expect(try space.listing() == ["dangling.html", "link.html", "real", "s.jsonl"])
        }

        @Test("a FIFO is written in place, streaming, and stays a FIFO")
        func fifo() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            #expect(mkfifo(space.path("pipe"), 0o644) == 0)
            let run = try space.shell(
                #"timeout 120 cat pipe > got.html & "$TR" s.jsonl -o pipe --summary pipe.md; status=$?; wait; exit $status"#)
            #expect(run.code == 0, "\(run.stderr)")
            #expect(space.kind("pipe") == S_IFIFO)
            #expect(String(decoding: space.read("got.html") ?? Data(), as: UTF8.self).hasPrefix(Self.page))
            #expect(space.exists("pipe.md"))
        }

        @Test("a character device is written in place and stays a device")
        func device() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            // A node like /dev/null, made here so that the old behaviour could only break a test folder.
            guard mknod(space.path("null"), S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else {
                Issue.record("mknod failed (it needs root, as CI has): \(String(cString: strerror(errno)))")
                return
            }
            #expect(try space.run(["s.jsonl", "-o", "null", "--summary", "null"]).code == 0)
            #expect(space.kind("null") == S_IFCHR)
        }

        @Test("/dev/stdout and /dev/stderr are the command's own streams, written in place")
        func standardStreamPaths() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.shell(#"printf 'kept\n' > out.txt; "$TR" s.jsonl -o /dev/stdout --summary /dev/stderr --quiet >> out.txt"#)
            #expect(run.code == 0, "\(run.stderr)")
            let out = String(decoding: space.read("out.txt") ?? Data(), as: UTF8.self)
            #expect(out.hasPrefix("kept\n" + Self.page))
            #expect(run.stderr.hasPrefix("## Session summary"))
            var info = stat()
            #expect(lstat("/dev/stdout", &info) == 0 && info.st_mode & S_IFMT != S_IFREG, "/dev/stdout is still what it was")
        }

        @Test(
            "two outputs on one file are refused (64) and nothing is written",
            arguments: [
                ["-o", "same.out", "--summary", "same.out"],
                ["-o", "same.out", "--summary", "./same.out"],
                ["-o", "same.out", "--summary", "sub/../same.out"],
                ["-o", "link.out", "--summary", "existing.out"],
                ["-o", "existing.out", "--summary", "hard.out"],
                ["-o", "new-link.out", "--summary", "fresh.out"],
            ])
        func twoOutputsOneFile(arguments: [String]) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("existing.out", "existing")
            try FileManager.default.createDirectory(atPath: space.path("sub"), withIntermediateDirectories: true)
            symlink("existing.out", space.path("link.out"))
            symlink("fresh.out", space.path("new-link.out"))
            link(space.path("existing.out"), space.path("hard.out"))
            let before = try space.listing()
            let run = try space.run(["s.jsonl"] + arguments)
            #expect(run.code == 64, "\(run.stderr)")
            #expect(run.stderr.contains("would both be written to"))
            #expect(try space.listing() == before)
            #expect(space.read("existing.out") == Data("existing".utf8))
        }

        @Test(
            "outputs in one folder named two ways (relative and absolute, ./x and x, a link to it) are written: the folder is locked once",
            arguments: [
                ["s.jsonl", "-o", "r.html", "--summary", "ABS/s.md"], ["s.jsonl", "-o", "./x/r.html", "--summary", "x/s.md"],
                ["s.jsonl", "-o", "xl/r.html", "--summary", "x/s.md", "--events", "ABS/x/e.csv"],
                ["diff", "s.jsonl", "s.jsonl", "-o", "x/d.html", "--summary", "./x/d.md"],
            ])
        func oneFolderNamedTwoWays(arguments: [String]) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try FileManager.default.createDirectory(atPath: space.path("x"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: space.path("xl"), withDestinationPath: "x")
            let absolute = arguments.map { $0.replacingOccurrences(of: "ABS", with: space.url.path) }
            let command = try RunningCommand(absolute, in: space)
            // It waited for its own lock, forever, before: a deadline, not a hang.
            #expect(command.exitCode(within: 120) == 0, "\(command.stderr)")
            for name in absolute where [".html", ".md", ".csv"].contains(where: { name.hasSuffix($0) }) {
                #expect(FileManager.default.fileExists(atPath: name.hasPrefix("/") ? name : space.path(name)), "\(name)")
            }
        }

        @Test("outputs commit together: one that cannot be written leaves the others as they were")
        func commitTogether() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("report.html", "previous")
            let run = try space.run(["s.jsonl", "-o", "report.html", "--summary", "missing-dir/s.md"])
            #expect(run.code == 73)
            #expect(run.stderr.contains("missing-dir/s.md"))
            #expect(space.read("report.html") == Data("previous".utf8))
            #expect(try space.listing() == ["report.html", "s.jsonl"])
        }

        @Test(
            "an output that cannot be created is reported (73) before the input is read",
            arguments: [
                "missing/r.html", "folder", "plain.txt/r.html", "/proc/r.html",
            ])
        func failFast(output: String) throws {
            let space = try Workspace()
            try FileManager.default.createDirectory(atPath: space.path("folder"), withIntermediateDirectories: true)
            try space.write("plain.txt", "x")
            // The input is a FIFO that no one writes: opening or reading it first would wait (timeout ends that with 124).
            #expect(mkfifo(space.path("in"), 0o644) == 0)
            let run = try space.shell(#"timeout 120 "$TR" in -o "# + output)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr.contains("cannot write \(output)"))
        }

        @Test(
            "under a file-size limit a run fails with 73 naming the file, not SIGXFSZ, and leaves nothing",
            arguments: [
                // The report passes the limit; its temporary data stays in memory.
                (5_000, 100, "cannot write r.html: File too large"),
                // The replay's temporary files pass the limit first (past 4 MiB in memory they go to disk).
                // … and the advice is the limit's, not another TMPDIR's.
                (200_000, 2_048, "File too large; raise the file size limit (ulimit -f)"),
            ])
        func fileSizeLimit(keystrokes: Int, kilobytes: Int, message: String) throws {
            let space = try Workspace()
            let typing = (0..<keystrokes).map { #"{"type":"event","event":"changePartialItemName","name":"typed \#($0) of a long title"}"# }
            try space.write("big.jsonl", #"{"type":"event","event":"startCreatingItem"}"# + "\n" + typing.joined(separator: "\n") + "\n")
            try space.write("r.html", "previous")
            let run = try space.shell(#"ulimit -f \#(kilobytes); "$TR" big.jsonl -o r.html --summary s.md"#)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr.contains(message) && run.stderr.contains("File too large"), "\(run.stderr)")
            #expect(space.read("r.html") == Data("previous".utf8))
            #expect(try space.listing() == ["big.jsonl", "r.html"])
        }

        @Test("a TMPDIR that does not exist fails a log that needs temporary files with 73, saying to name a folder that can be written")
        func missingTemporaryFolder() throws {
            let space = try Workspace()
            let typing = (0..<200_000).map { #"{"type":"event","event":"changePartialItemName","name":"typed \#($0) of a long title"}"# }
            try space.write("big.jsonl", #"{"type":"event","event":"startCreatingItem"}"# + "\n" + typing.joined(separator: "\n") + "\n")
            let run = try space.shell(#"TMPDIR="$PWD/no-such-folder" "$TR" big.jsonl -o r.html"#)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(
                run.stderr.contains("no-such-folder: No such file or directory; set TMPDIR to a folder this user can write"),
                "\(run.stderr)")
            #expect(try space.listing() == ["big.jsonl"])
        }

        @Test("a 249-character output name works: temporary names stay short")
        func longOutputName() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let name = String(repeating: "n", count: 244) + ".html"
            try space.write(name, "previous")
            let run = try space.run(["s.jsonl", "-o", name])
            #expect(run.code == 0, "\(run.stderr)")
            #expect(String(decoding: space.read(name) ?? Data(), as: UTF8.self).hasPrefix(Self.page))
        }

        @Test("an input whose name is not UTF-8 is read, and named with its bytes escaped")
        func nonUTF8Name() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog + "oops\n")
            let ok = try space.shell(#"cp s.jsonl "$(printf 'bad\377\376.jsonl')" && "$TR" "$(printf 'bad\377\376.jsonl')" -o r.html"#)
            #expect(ok.code == 0, "\(ok.stderr)")
            #expect(ok.stderr.contains(#"bad\xFF\xFE.jsonl:4:1: error: invalid-json"#))
            #expect(space.exists("r.html"))
            let missing = try space.shell(#""$TR" "$(printf 'gone\377.jsonl')""#)
            #expect(missing.code == 66)
            #expect(missing.stderr.contains(#"cannot read gone\xFF.jsonl: no such file"#))
        }

        @Test(
            "a temporary file left by a killed run is removed by the next run; a live run's, another user's or another name is kept",
            .enabled(if: getuid() == 0, "giving a file to another user needs root (CI runs the tests as root)"))
        func staleTemporaries() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let old = Date(timeIntervalSinceNow: -3_600)
            let names = [
                ".todo-report.999999.abc123",  // left by a killed run: removed
                ".todo-report.4242.live12",  // held by a live run (flock): kept
                ".todo-report.5353.theirs",  // another user's: kept
                ".todo-report.2024.backup1",  // not the pattern (7 characters): kept
                ".todo-report-notours",  // not the pattern: kept
            ]
            for name in names {
                try space.write(name, "leftover")
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: space.path(name))
            }
            #expect(chown(space.path(".todo-report.5353.theirs"), 1234, 1234) == 0)
            let live = open(space.path(".todo-report.4242.live12"), O_RDONLY)
            defer { close(live) }
            #expect(flock(live, LOCK_EX) == 0)
            #expect(try space.run(["s.jsonl", "-o", "r.html"]).code == 0)
            #expect(try space.listing() == (names.dropFirst() + ["r.html", "s.jsonl"]).sorted())
        }

        @Test("a killed run's temporary file made in the same second as the next run is still that run's to remove")
        func staleTemporaryOfThisSecond() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            #expect(try space.run(["batch", "s.jsonl", "-o", "out", "--quiet"]).code == 0)
            // Left unlocked, as a killed run leaves it; the runs start once the clock files are stamped
            // with has passed its time (a tick, milliseconds: within the same second, mostly).
            let leftovers = ["out/sessions/.todo-report.999999.abc123", ".todo-report.999998.abc123"]
            var stamps: [timespec] = []
            for name in leftovers {
                try space.write(name, "")
                var info = stat()
                #expect(stat(space.path(name), &info) == 0)
                stamps.append(info.st_mtim)
            }
            let latest = stamps.map { ($0.tv_sec, $0.tv_nsec) }.max { $0 < $1 } ?? (0, 0)
            #expect(
                eventually {
                    var now = timespec()
                    clock_gettime(CLOCK_REALTIME_COARSE, &now)
                    return (now.tv_sec, now.tv_nsec) > latest
                })
            #expect(try space.run(["batch", "s.jsonl", "-o", "out", "--quiet", "--force"]).code == 0)
            #expect(try space.run(["s.jsonl", "-o", "r.html"]).code == 0)
            for name in leftovers { #expect(!space.exists(name), "\(name)") }
        }
    }
}
