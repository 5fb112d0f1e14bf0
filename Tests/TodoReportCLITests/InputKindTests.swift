import Foundation
import Testing

extension CLISuite {
    /// What every command does with a named input that is not a regular
    /// file: endless devices and sockets are refused at once, `/dev/null`
    /// is an empty log, and a FIFO's wait for its writer is said.
    @Suite("inputs that are not regular files")
    struct InputKindTests {
        @Test(
            "an endless character device is refused at once (66), saying what it is and what to give instead",
            arguments: [
                ["/dev/zero", "-o", "r.html"], ["validate", "/dev/urandom"], ["redact", "/dev/zero", "-o", "x.jsonl"],
                ["diff", "s.jsonl", "/dev/zero"], ["make-test", "/dev/zero", "-o", "mt"], ["batch", "/dev/zero", "-o", "out"],
            ])
        func endlessDeviceRefused(arguments: [String]) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            // In a process of its own, with a deadline: a run that reads the device never ends.
            let run = try RunningCommand(arguments, in: space)
            #expect(run.exitCode(within: 120) == 66, "still running, or failed otherwise: \(run.stderr)")
            #expect(run.stderr.contains("it is a character device, whose bytes may never end, not a log file"), "\(run.stderr)")
            #expect(run.stderr.contains("give '-' and pipe it in"), "\(run.stderr)")
            // batch still writes its folder, as for any INPUT it cannot read; the others write nothing.
            if arguments[0] != "batch" { #expect(try space.listing().filter { !$0.hasPrefix(".stderr-") } == ["s.jsonl"]) }
        }

        @Test("a socket is refused (66) as a socket, not with the system's 'No such device or address'")
        func socketRefused() throws {
            let space = try Workspace()
            let made = try space.shell(#"python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("s.jsonl")'"#)
            try #require(made.code == 0, "\(made.stderr)")
            let run = try space.run(["validate", "s.jsonl"])
            #expect(run.code == 66)
            let said = "Error: cannot read s.jsonl: it is a socket, not a log file; to read a program's output, give '-' and pipe it in\n"
            #expect(run.stderr == said)
        }

        @Test("/dev/null is read as an empty log")
        func devNullIsEmpty() throws {
            let space = try Workspace()
            let run = try space.run(["/dev/null", "-o", "r.html"])
            #expect(run.code == 0, "\(run.stderr)")
            #expect(run.stderr.contains("/dev/null: note: holds no record: it is empty"), "\(run.stderr)")
            #expect(space.exists("r.html"))
        }

        @Test(
            "a FIFO named as the input says that it waits for a program to write to it, then reads what comes",
            arguments: [["validate", "in.fifo"], ["in.fifo", "-o", "r.html"], ["diff", "s.jsonl", "in.fifo"]])
        func fifoWaitSaid(arguments: [String]) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try #require(mkfifo(space.path("in.fifo"), 0o600) == 0)
            let run = try RunningCommand(arguments, in: space)
            let said = "in.fifo: waiting for a program to write to it\n"
            let waited = eventually(within: 120) { run.stderr.contains(said) || !run.process.isRunning } && run.process.isRunning
            #expect(waited, "\(run.stderr)")
            let writer = open(space.path("in.fifo"), O_WRONLY)
            try #require(writer >= 0)
            _ = cleanLog.withCString { write(writer, $0, strlen($0)) }
            close(writer)
            #expect(run.exitCode(within: 120) == 0, "\(run.stderr)")
            #expect(run.stderr.components(separatedBy: said).count == 2, "said once: \(run.stderr)")
        }
    }
}
