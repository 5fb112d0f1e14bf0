import Foundation
import Testing

/// The unlucky and the hostile cases of outputs: closed standard streams,
/// targets that change while the input is read, a rename that fails half-way,
/// owners, disks, FIFOs and broken pipes.
extension CLISuite {
    @Suite("outputs: edge cases")
    struct OutputEdgeTests {
        static let page = "<!doctype html>"

        @Test(
            "a closed standard error or output is never taken by an output file, and what was meant for it is lost only with exit 73"
        )
        func closedStreams() throws {
            let space = try Workspace()
            try space.write("bad.jsonl", brokenLog)
            try space.write("clean.jsonl", cleanLog)
            // The diagnostics were lost (the page, which lists them too, is written all the same).
            let closedError = try space.shell(#""$TR" bad.jsonl -o e.html 2>&-"#)
            #expect(closedError.code == 73)
            #expect(String(decoding: space.read("e.html") ?? Data(), as: UTF8.self).hasPrefix(Self.page))
            // validate's diagnostics and diff's verdict are all they write: a CI step must not look clean.
            #expect(try space.shell(#""$TR" validate bad.jsonl --quiet 2>&-"#).code == 73)
            #expect(try space.shell(#""$TR" diff clean.jsonl clean.jsonl >&-"#).code == 73)
            // Nothing to say is nothing lost.
            #expect(try space.shell(#""$TR" validate clean.jsonl --quiet 2>&-"#).code == 0)
            let closedOutput = try space.shell(#""$TR" bad.jsonl -o - --summary s.md >&-"#)
            #expect(closedOutput.code == 73)
            #expect(closedOutput.stderr.contains("cannot write standard output: it is not open"))
            #expect(!space.exists("s.md"))
            try space.write("x.html", "previous")
            let closedInput = try space.shell(#""$TR" - -o x.html <&-"#)
            #expect(closedInput.code == 66)
            #expect(space.read("x.html") == Data("previous".utf8))
            let unopened = try space.shell(#""$TR" bad.jsonl -o r.html --summary /dev/fd/9"#)
            #expect(unopened.code == 73)
            #expect(unopened.stderr.contains("cannot write /dev/fd/9: it is not open"))
            #expect(!space.exists("r.html"))
        }

        @Test(
            "what a run says on a stream that fails to write (a full disk, a closed pipe) is lost only with exit 73, said on the other stream",
            arguments: [
                (#""$TR" diff clean.jsonl clean.jsonl > /dev/full"#, "cannot write standard output: No space left on device"),
                (#""$TR" diff clean.jsonl bad.jsonl --quiet 2>/dev/null > /dev/full"#, nil),
                (#""$TR" validate bad.jsonl --quiet 2> /dev/full"#, nil),
                (#""$TR" bad.jsonl -o r.html 2> /dev/full"#, nil),
            ] as [(String, String?)])
        func failingStreams(command: String, said: String?) throws {
            let space = try Workspace()
            try space.write("bad.jsonl", brokenLog)
            try space.write("clean.jsonl", cleanLog)
            let run = try space.shell(command)
            #expect(run.code == 73, "\(run.stderr)")
            if let said { #expect(run.stderr.contains(said), "\(run.stderr)") }
        }

        @Test("diff's verdict into a pipe whose reader has gone is lost only with exit 73 (a closed pipe is an error, not a signal)")
        func verdictIntoClosedPipe() throws {
            let space = try Workspace()
            try space.write("clean.jsonl", cleanLog)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: todoReportBinary)
            process.arguments = ["diff", "clean.jsonl", "clean.jsonl"]
            process.currentDirectoryURL = URL(fileURLWithPath: space.path("."))
            let verdict = Pipe()
            let said = Pipe()
            // The reader is gone before the run starts: its every write gets EPIPE.
            try verdict.fileHandleForReading.close()
            process.standardOutput = verdict
            process.standardError = said
            try process.run()
            try verdict.fileHandleForWriting.close()
            let stderr = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 73, "\(stderr)")
            #expect(stderr.contains("cannot write standard output: Broken pipe"), "\(stderr)")
        }

        @Test(
            "an empty output name is a usage error, and nothing is written",
            arguments: [
                ["-o", "r.html", "--summary", ""], ["--output=", "--summary", "s.md"],
            ])
        func emptyName(arguments: [String]) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("r.html", "previous")
            let run = try space.run(["s.jsonl"] + arguments)
            #expect(run.code == 64)
            #expect(space.read("r.html") == Data("previous".utf8))
            #expect(try space.listing() == ["r.html", "s.jsonl"])
        }

        @Test("a target that changes while the input is read is not replaced, and neither is any other output")
        func changedMeanwhile() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("r.html", "previous report")
            try space.write("s.md", "previous summary")
            #expect(mkfifo(space.path("in"), 0o644) == 0)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: todoReportBinary)
            process.arguments = ["in", "-o", "r.html", "--summary", "s.md"]
            process.currentDirectoryURL = space.url
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // The run opens its input only once its outputs are checked: from then on, s.md becomes
            // a FIFO, and only then does the input arrive.
            let writer = try openFIFOWriter(space.path("in"))
            #expect(unlink(space.path("s.md")) == 0 && mkfifo(space.path("s.md"), 0o644) == 0)
            try writer.write(contentsOf: Data(cleanLog.utf8))
            try writer.close()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 73, "\(stderr)")
            #expect(stderr.contains("it changed while the input was read"))
            #expect(space.read("r.html") == Data("previous report".utf8))
            #expect(space.kind("s.md") == S_IFIFO)
        }

        @Test("a FIFO output with no reader yet: the run says it waits for one, then writes the page to it")
        func fifoWithoutReader() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            #expect(mkfifo(space.path("out.html"), 0o644) == 0)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: todoReportBinary)
            process.arguments = ["s.jsonl", "-o", "out.html", "--quiet"]
            process.currentDirectoryURL = space.url
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Read what it says until a whole line, waiting at most 120 s: without the message the
            // run would wait for a reader for ever, and is stopped.
            let stderr = errors.fileHandleForReading.fileDescriptor
            let deadline = Date().addingTimeInterval(120)
            var said = Data()
            while !said.contains(UInt8(ascii: "\n")), Date() < deadline {
                var ready = pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) == 1 else { continue }
                let more = errors.fileHandleForReading.availableData
                if more.isEmpty { break }
                said += more
            }
            if !said.contains(UInt8(ascii: "\n")) { kill(process.processIdentifier, SIGKILL) }
            try #require(String(decoding: said, as: UTF8.self) == "out.html: waiting for a program to read this FIFO\n")
            let page = try #require(FileHandle(forReadingAtPath: space.path("out.html"))).readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(String(decoding: page, as: UTF8.self).hasPrefix("<!doctype html>"))
        }

        @Test("when one output cannot be put in place, the ones already replaced are put back")
        func rollBack() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("r.html", "previous report")
            try space.write("s.md", "previous summary")
            try space.write("elsewhere.md", "mounted")
            // A bind mount over s.md (as a container's volume would be): renaming over it fails with EBUSY.
            let run = try space.shell(#"unshare -m sh -c 'mount --bind elsewhere.md s.md && "$TR" s.jsonl -o r.html --summary s.md'"#)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr.contains("nothing was written"))
            #expect(space.read("r.html") == Data("previous report".utf8))
            #expect(space.read("s.md") == Data("previous summary".utf8))
            #expect(try space.listing() == ["elsewhere.md", "r.html", "s.jsonl", "s.md"])
        }

        @Test(
            "where no link can be made, a replaced file is kept as a copy and put back with its owner and mode",
            .enabled(if: getuid() == 0, "another user's file and a bind mount need root (CI runs the tests as root)"))
        func rollBackFromCopy() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("s.md", "previous summary")
            try space.write("elsewhere.md", "mounted")
            // The page is on an ext4 of its own, whatever file system holds the temporary folder: ext4 gives a
            // file at most 65,000 links and then refuses one with EMLINK, where tmpfs has no such limit.
            let mounted = try space.shell("truncate -s 16M fs.img && mkfs.ext4 -q fs.img && mkdir fs && mount -o loop fs.img fs")
            try #require(mounted.code == 0, "\(mounted.stderr)")
            defer { _ = try? space.shell("umount fs || umount -l fs") }
            try space.write("fs/r.html", "previous report")
            #expect(chown(space.path("fs/r.html"), 1234, 4321) == 0 && chmod(space.path("fs/r.html"), 0o640) == 0)
            // The page gets every link its file system allows, so that no link of it can be kept, as on a
            // file system that has no links.
            try FileManager.default.createDirectory(atPath: space.path("fs/links"), withIntermediateDirectories: false)
            var links = 0
            while link(space.path("fs/r.html"), space.path("fs/links/\(links)")) == 0 { links += 1 }
            let refusal = errno
            try #require(refusal == EMLINK && links > 0, "links: \(links), errno \(refusal)")
            let run = try space.shell(#"unshare -m sh -c 'mount --bind elsewhere.md s.md && "$TR" s.jsonl -o fs/r.html --summary s.md'"#)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr.contains("nothing was written"))
            #expect(space.read("fs/r.html") == Data("previous report".utf8))
            var info = stat()
            #expect(stat(space.path("fs/r.html"), &info) == 0)
            #expect(info.st_uid == 1234 && info.st_gid == 4321 && info.st_mode & 0o7777 == 0o640)
            try FileManager.default.removeItem(atPath: space.path("fs/links"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: space.path("fs")).sorted() == ["lost+found", "r.html"])
            #expect(try space.listing() == ["elsewhere.md", "fs", "fs.img", "s.jsonl", "s.md"])
            #expect(space.read("s.md") == Data("previous summary".utf8))
        }

        @Test(
            "a file that can be neither linked nor copied is not replaced, as it could not be put back",
            .enabled(if: getuid() == 0, "mounting a file system needs root (CI runs the tests as root)"))
        func nothingReplacedWithoutKeptCopy() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("s.md", "previous summary")
            try space.write("elsewhere.md", "mounted")
            try FileManager.default.createDirectory(atPath: space.path("pages"), withIntermediateDirectories: false)
            // Three inodes: the folder, the old page and the new page's temporary file;
            // none left for a link or a copy of the old page. The summary then fails
            // (a bind mount over it), so the old page would have to be put back.
            let run = try space.shell(
                #"unshare -m sh -c 'mount -t tmpfs -o size=1m,nr_inodes=3 tmpfs pages && echo previous > pages/r.html && "#
                    + #"mount --bind elsewhere.md s.md && "$TR" s.jsonl -o pages/r.html --summary s.md; "#
                    + #"code=$?; cat pages/r.html; ls -A pages; exit $code'"#)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr.contains("pages/r.html"), "\(run.stderr)")
            #expect(run.stderr.contains("could not be kept to put back if a later output failed"), "\(run.stderr)")
            #expect(run.stderr.contains("nothing was written"))
            #expect(run.stdout == "previous\nr.html\n")
            #expect(space.read("s.md") == Data("previous summary".utf8))
        }

        @Test(
            "an output under a file (notes.txt/out/…) names that file as no folder, in every command",
            arguments: [
                ["s.jsonl", "-o", "notes.txt/r.html"], ["s.jsonl", "-o", "notes.txt/a/b/r.html"], ["templates", "-o", "notes.txt"],
                ["batch", "s.jsonl", "-o", "notes.txt/out"], ["batch", "s.jsonl", "-o", "notes.txt/a/out"],
                ["make-test", "s.jsonl", "-o", "notes.txt/a/tests"], ["redact", "s.jsonl", "-o", "notes.txt/r.jsonl"],
                ["simulate", "--events", "3", "-o", "notes.txt/s.jsonl"],
            ])
        func fileOnTheWay(arguments: [String]) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("notes.txt", "notes")
            let run = try space.run(arguments)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr.hasSuffix(": 'notes.txt' is not a folder\n"), "\(run.stderr)")
            #expect(try space.listing() == ["notes.txt", "s.jsonl"])
        }

        @Test(
            "a file on a read-only file system is not advised to be made writable with chmod",
            .enabled(if: getuid() == 0, "mounting a file system needs root (CI runs the tests as root)"))
        func readOnlyFileSystem() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try FileManager.default.createDirectory(atPath: space.path("ro"), withIntermediateDirectories: false)
            let run = try space.shell(
                #"unshare -m sh -c 'mount -t tmpfs -o size=1m tmpfs ro && echo previous > ro/r.html && mount -o remount,ro ro && "#
                    + #""$TR" s.jsonl -o ro/r.html; code=$?; cat ro/r.html; exit $code'"#)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr == "Error: cannot write ro/r.html: Read-only file system; choose another output\n")
            #expect(run.stdout == "previous\n")
        }

        @Test(
            "a replaced file keeps its owner, group and mode",
            .enabled(if: getuid() == 0, "giving a file to another user needs root (CI runs the tests as root)"))
        func ownerKept() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("r.html", "previous")
            #expect(chown(space.path("r.html"), 1234, 4321) == 0 && chmod(space.path("r.html"), 0o6750) == 0)
            #expect(try space.run(["s.jsonl", "-o", "r.html"]).code == 0)
            var info = stat()
            #expect(stat(space.path("r.html"), &info) == 0)
            #expect(info.st_uid == 1234 && info.st_gid == 4321 && info.st_mode & 0o7777 == 0o6750)
            #expect(String(decoding: space.read("r.html") ?? Data(), as: UTF8.self).hasPrefix(Self.page))
        }

        @Test("a new output gets 0666 less the umask: the report, and every file of a batch finished on two threads")
        func newFileMode() throws {
            let space = try Workspace()
            try FileManager.default.createDirectory(atPath: space.path("logs"), withIntermediateDirectories: true)
            for index in 0..<12 { try space.write("logs/s\(index).jsonl", cleanLog) }
            let run = try space.shell(#"umask 027 && "$TR" logs/s0.jsonl -o r.html --quiet && "$TR" batch logs -o out --jobs 2 --quiet"#)
            #expect(run.code == 0, "\(run.stderr)")
            let files = try ["r.html"] + FileManager.default.subpathsOfDirectory(atPath: space.path("out")).map { "out/\($0)" }
            var modes: [String: String] = [:]
            for file in files {
                var info = stat()
                #expect(lstat(space.path(file), &info) == 0)
                if info.st_mode & S_IFMT == S_IFREG { modes[file] = String(info.st_mode & 0o7777, radix: 8) }
            }
            #expect(modes.count > 12 * 2)
            #expect(modes.filter { $0.value != "640" } == [:])
        }

        @Test("a block device is refused; a FIFO that is also the input is refused without waiting")
        func disksAndLoops() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            guard mknod(space.path("disk"), S_IFBLK | 0o600, dev_t(7 << 8 | 200)) == 0 else {
                Issue.record("mknod failed (it needs root, as CI has): \(String(cString: strerror(errno)))")
                return
            }
            let disk = try space.run(["s.jsonl", "-o", "disk"])
            #expect(disk.code == 73)
            #expect(disk.stderr.contains("block device"))
            #expect(mkfifo(space.path("ff"), 0o644) == 0)
            let loop = try space.shell(#"timeout 120 "$TR" ff -o ff"#)
            #expect(loop.code == 64, "\(loop.stderr)")
        }

        @Test("a reader that goes away (a closed pipe) is exit 73 with a message, not a signal")
        func brokenPipe() throws {
            let space = try Workspace()
            #expect(try space.run(["simulate", "--events", "20000", "-o", "big.jsonl"]).code == 0)
            let run = try space.shell(#"("$TR" big.jsonl -o - 2> err.txt; echo $? > code.txt) | head -c 100 > /dev/null"#)
            #expect(run.code == 0)
            #expect(String(decoding: space.read("code.txt") ?? Data(), as: UTF8.self) == "73\n")
            #expect(String(decoding: space.read("err.txt") ?? Data(), as: UTF8.self).contains("cannot write standard output: Broken pipe"))
        }

        @Test("--version is an option, not a word found anywhere; help help is the overview")
        func versionAndHelp() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            #expect(try space.run(["s.jsonl", "--title", "--version", "--quiet"]).code == 0)
            #expect(String(decoding: space.read("s.html") ?? Data(), as: UTF8.self).contains("<span class=\"app-title\">--version</span>"))
            #expect(try space.run(["help", "help"]).stdout == (try space.run(["help"])).stdout)
            #expect(try space.run(["validate", "--version"]).stdout.hasPrefix("todo-report "))
        }
    }
}
