import Foundation
import Testing

/// A log that another program shortens while it is read (a rotation that
/// copies and truncates, an editor's save in place): the report of what was
/// read is written, and says that what followed is lost.
extension CLISuite {
    @Suite("inputs shortened while they are read")
    struct ShortenedInputTests {
        @Test(
            "a log truncated while it is read gets cut-short, the warning that says why, and its page; in a batch too",
            arguments: [#""$TR" log.jsonl -o r.html"#, #""$TR" batch log.jsonl -o out --quiet && cat out/stats/log.json"#])
        func truncatedWhileRead(command: String) throws {
            let space = try Workspace()
            // 80,000 events, 3.6 MB: several of the reader's reads.
            let header = #"{"type":"session","schema":"todo-session/1","sessionId":"t"}"#
            let pair = #"$(printf '%s\n%s' '{"type":"event","event":"startCreatingItem"}' '{"type":"event","event":"cancelCreatingItem"}')"#
            // Every read of the log after its first waits 5 s (strace -P: only the log's reads), and the
            // file is cut to 30,000 bytes once the kernel says that first read is done (the log's open
            // descriptor has moved past byte 0): the next read comes after the cut. The kernel's word, not
            // strace's trace file, whose lines may reach the disk late.
            let firstReadDone =
                #"for info in $(find /proc/[0-9]*/fd -maxdepth 1 -lname "$PWD/log.jsonl" 2>/dev/null "#
                + #"| sed 's|/fd/|/fdinfo/|'); do "#
                + #"pos=$(sed -n 's/^pos:[[:space:]]*//p' "$info" 2>/dev/null); [ "${pos:-0}" -gt 0 ] && exit 0; "#
                + #"done; exit 1"#
            let run = try space.shell(
                #"{ echo '\#(header)'; yes "\#(pair)" | head -n 80000; } > log.jsonl; "#
                    + #"strace -f -qq -o trace.txt -P log.jsonl -e trace=read -e inject=read:delay_enter=5000000:when=2+ "#
                    + #"sh -c '\#(command)' > out.txt 2>&1 & "#
                    + #"seen=; for i in $(seq 1 600); do (\#(firstReadDone)) && seen=1 && break; sleep 0.1; done; "#
                    + #"truncate -s 30000 log.jsonl; wait $!; code=$?; cat out.txt; "#
                    + #"[ -n "$seen" ] || { echo 'the first read of the log was never seen'; cat trace.txt; }; exit $code"#)
            #expect(run.code == 0, "\(run.stdout)")
            #expect(
                run.stdout.contains("cut-short")
                    && run.stdout.contains(
                        "bytes when reading began, 30000 at its end: another program truncated or rewrote it)"),
                "\(run.stdout)")
            #expect(try space.listing().contains(command.contains("batch") ? "out" : "r.html"))
        }
    }
}
