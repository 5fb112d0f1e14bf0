import ByteLevel
import SessionLog
import SessionTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `todo-report make-test LOG... -o DIR`: recorded sessions become a Swift
/// Testing regression test, with each session's fixture, for a test target.
enum MakeTestCommand: Subcommand {
    static let output = OptionSpec.value(
        "--output", "-o", valueName: "DIR",
        help: "The folder to write the test source and its Fixtures/ into (created if\nmissing; put it in a test target).")
    static let fromDigests = OptionSpec.flag(
        "--from-digests",
        help:
            "Pin the digests the app recorded in each log instead of this package's\nreplay (so the test checks that the reducer reproduces what the app showed);\na log without digests is refused."
    )

    static let name = "make-test"
    static let abstract = "Write a Swift Testing regression test, with its fixtures, from recorded sessions."
    static let usage =
        "todo-report make-test LOG... -o DIR [--from-digests] [--quiet] [--max-diagnostics N] [--max-line-bytes N] [--redact | --redact-key FILE]"
    static let options = [output, fromDigests, .quiet, .maxDiagnostics, .maxLineBytes, .redact, .redactKey]
    static let discussion = """
        DIR gets Fixtures/NAME.jsonl (the session's kept records, every event pinned
        with the digest of the state after it) with Fixtures/NAME.states.jsonl (each
        frame's state: whole in a session of up to \(SessionFixture.wholeStateFrames) frames holding
        \(SessionFixture.wholeStateItems) items in all, else its fields and the items' digest), and \(RegressionTestSource.fileName),
        one test with a case for each fixture in Fixtures/ when it runs: a later run
        into DIR adds its sessions to those there (a fixture of the same name is made
        again, with a note when its events change). \(RegressionTestSource.stateFileName), which
        names the app's state for the test, is written only when missing. NAME is the
        log's file name as batch makes it (logs of alike file names get their folder's
        name first: a--session; a log named NAME.states.jsonl is refused, as its
        fixture would be session NAME's states). The test replays each fixture through the app's Store
        and fails at the first frame that differs; with \(RegressionTestSource.recordVariable)=1 it
        re-records the pins and fails once. Lines that are not valid records are left
        out of the fixture, with their diagnostics on standard error; a log with no
        event is refused. With --redact or --redact-key the fixture is redacted (its
        pins are the redacted session's), so a customer's session can be committed;
        --from-digests cannot be redacted (the digests hash the text as typed).
        The same logs always give the same files.
        """

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        let logs = arguments.positionals
        guard !logs.isEmpty else { throw .usage("make-test needs LOG...: the recorded sessions to make tests of.") }
        guard let folder = arguments.path(output) else {
            throw .usage("make-test needs -o DIR, the folder to write the test and its fixtures into.")
        }
        guard !logs.contains(where: \.isStandardStream) else {
            throw .usage("make-test reads log files, not standard input: a test's fixture is named after its file.")
        }
        let options = try ReadingOptions(arguments)
        let expectations: SessionFixture.Expectations = arguments.has(fromDigests) ? .loggedDigests : .replay
        if expectations == .loggedDigests && options.redaction != nil {
            throw .usage("--from-digests cannot be redacted: the app's digests hash the text as typed, which redaction masks.")
        }
        let inputs = namedInputs(logs)
        let fixtures = folder.appending(Array(RegressionTestSource.fixturesFolder.utf8))
        let earlier = fixtureNames(in: fixtures)
        // Under redaction a file name may tell as much as what was typed: masked, as batch masks it.
        // Without a key such a name says nothing of its log, so it is numbered past the fixtures there
        // rather than replacing another log's.
        let names =
            options.redaction.map { redaction in
                SessionNaming.redactedNames(for: inputs, redaction: redaction, taken: redaction.isKeyed ? [] : earlier)
            } ?? SessionNaming.names(for: inputs)
        try refuseStatesNames(names, of: logs)
        var files = try logs.map { path throws(CLIError) in try InputFile.locate(path, standardInput: streams.input) }
        try refuseRepeated(files)
        let created = try BatchFolder.makeFolder(folder, parents: true) + BatchFolder.makeFolder(fixtures)
        do {
            try write(
                files: &files, names: names, into: folder, fixtures: fixtures, expectations: expectations, options: options,
                streams: streams)
            let others = earlier.subtracting(names).count
            if options.redaction != nil, others > 0, !options.quiet {
                streams.printError(
                    "note: \(fixtures.display) also holds \(others == 1 ? "1 fixture" : "\(groupedDigits(others)) fixtures") of earlier runs, "
                        + "which the test checks too: before the folder is committed, check that each was made redacted.")
            }
        } catch {
            // Nothing was written: the folders this run made go too (rmdir removes only empty ones).
            for made in created.reversed() { _ = made.withCString { rmdir($0) } }
            throw error
        }
    }

    private static func write(
        files: inout [InputFile], names: [String], into folder: Path, fixtures: Path, expectations: SessionFixture.Expectations,
        options: ReadingOptions, streams: StandardStreams
    ) throws(CLIError) {
        var requests = [OutputSet.Request(path: folder.appending(Array(RegressionTestSource.fileName.utf8)), role: "test source")]
        var texts = [RegressionTestSource.text]
        // The app's file, once written: a later run leaves it as the app made it.
        let stateFile = folder.appending(Array(RegressionTestSource.stateFileName.utf8))
        if stateFile.fileType == nil {
            requests.append(.init(path: stateFile, role: "the test's state"))
            texts.append(RegressionTestSource.stateText)
        }
        for name in names {
            requests.append(.init(path: fixtures.appending(Array((name + ".jsonl").utf8)), role: "fixture of \(name)"))
            if expectations == .replay {
                requests.append(.init(path: fixtures.appending(Array((name + ".states.jsonl").utf8)), role: "states of \(name)"))
            }
        }
        let outputs = try OutputSet(requests, streams: streams, inputs: files, keyFile: options.keyFile)

        var events = 0
        var pinned = 0
        // Fixtures of these names that held other events: made again, and said so.
        var replaced: [Path] = []
        for index in files.indices {
            try files[index].open(notingWaitsOn: streams)
            defer { files[index].close() }
            let fixture = SessionFixture(expectations: expectations)
            let outcome = try LogReading.replay(
                files[index], options: options, streams: streams, allDiagnosticsIn: ReadingOptions.printEveryDiagnostic
            ) { fixture.add($0) }
            try LogReading.check(outcome, strict: false, naming: files.count > 1 ? files[index].displayName : nil)
            let made: (log: String, states: String?, frames: Int, pinnedEvents: Int)
            do {
                made = try fixture.finish()
            } catch {
                // Where it is, as compilers say it, when the failure has a line.
                let place =
                    if case .itemWithoutID(let line) = error { "\(files[index].displayName):\(line)" } else { files[index].displayName }
                throw .rejected("\(place): \(error); nothing was written.")
            }
            guard made.frames > 1 else {
                throw .rejected("\(files[index].displayName): no event was kept, so its test would check nothing; nothing was written.")
            }
            let fixturePath = fixtures.appending(Array((names[index] + ".jsonl").utf8))
            if fixturePath.fileType == S_IFREG, let old = try? SmallFile.read(fixturePath, limit: replacedFixtureReadLimit),
                old != Array(made.log.utf8)
            {
                replaced.append(fixturePath)
            }
            texts.append(made.log)
            if let states = made.states { texts.append(states) }
            events += made.frames - 1
            pinned += made.pinnedEvents
        }
        try outputs.commit { index, descriptor throws(SystemCallError) in try writeAll(Array(texts[index].utf8), to: descriptor) }
        if expectations == .loggedDigests {
            // A states file left by an earlier run would turn the test back to this package's replay.
            for name in names { try removeStaleStates(fixtures.appending(Array((name + ".states.jsonl").utf8))) }
        }
        if !options.quiet {
            for fixture in replaced {
                streams.printError(
                    "note: \(fixture.display) was replaced: it held other events (a log of the same file name makes its fixture again; "
                        + "give the logs names of their own to keep both).")
            }
            let sessions = names.count == 1 ? "1 session" : "\(groupedDigits(names.count)) sessions"
            streams.printError(
                "\(sessions), \(groupedDigits(pinned)) of \(groupedDigits(events)) events pinned -> "
                    + folder.appending(Array(RegressionTestSource.fileName.utf8)).display)
        }
    }

    /// The most bytes of an earlier fixture read to tell whether this run changes it.
    private static let replacedFixtureReadLimit = 256 << 20

    /// Refuses a log whose fixture would be named `NAME.states.jsonl`: that
    /// is session NAME's states file, which a later run for NAME would
    /// replace or remove, and which the test never runs as a session.
    private static func refuseStatesNames(_ names: [String], of logs: [Path]) throws(CLIError) {
        guard let index = names.firstIndex(where: { $0.lowercased().hasSuffix(".states") }) else { return }
        let stem = names[index].dropLast(".states".count)
        throw .usage(
            "\(logs[index].display) would make the fixture \(names[index]).jsonl, the name of session \(stem)'s pinned states: "
                + "rename the log (\(stem)-states.jsonl, say).")
    }

    /// Refuses a log given twice (by one path or two): it would make two fixtures of one session.
    private static func refuseRepeated(_ files: [InputFile]) throws(CLIError) {
        var seen: [FileIdentity: Path] = [:]
        for file in files {
            guard let node = file.node else { continue }
            if let first = seen.updateValue(file.path, forKey: FileIdentity(node)) {
                throw .usage(
                    file.path.display == first.display
                        ? "\(first.display) is given twice: give each log once."
                        : "\(file.path.display) and \(first.display) are one log: give each log once.")
            }
        }
    }

    /// Each log as an input named by its file name, or, where file names
    /// are alike (as lower case), by its folder's name and its file name
    /// (`a/session.jsonl` is `a--session`): fixtures are committed, so a
    /// name must not depend on where the checkout is, as batch's hash of an
    /// absolute path would.
    private static func namedInputs(_ logs: [Path]) -> [BatchInput] {
        func key(_ path: Path) -> String {
            String(decoding: SessionNaming.withoutLogSuffix(path.lastComponent), as: UTF8.self).lowercased()
        }
        var counts: [String: Int] = [:]
        for log in logs { counts[key(log), default: 0] += 1 }
        return logs.map { log in
            var relative = log.lastComponent
            if counts[key(log), default: 0] > 1 {
                let folder = log.absolute.folder.lastComponent
                if !folder.isEmpty { relative = folder + [UInt8(ascii: "/")] + relative }
            }
            return BatchInput(path: log, relative: relative, root: log)
        }
    }

    /// The sessions whose fixtures `folder` holds (as ``RecordedSession/names(in:)`` lists them).
    private static func fixtureNames(in folder: Path) -> Set<String> {
        Set(
            (folder.folderEntries() ?? []).compactMap {
                String(validating: $0, as: UTF8.self).flatMap(RecordedSession.sessionName(ofFixture:))
            })
    }

    /// Removes `path` when it is a regular file (only one that an earlier run wrote can be there).
    private static func removeStaleStates(_ path: Path) throws(CLIError) {
        guard path.fileType == S_IFREG else { return }
        guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else {
            throw .cannotWrite(path: path.display, reason: SystemCallError("unlink", errno: errno).reason)
        }
    }
}
