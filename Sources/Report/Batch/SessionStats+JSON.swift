import SessionLog

extension SessionStats {
    /// The session's own members of `stats/NAME.json`, in the schema's
    /// order; each is named by its raw value.
    enum Member: String, CaseIterable, Sendable {
        case schema, name, input, root, report, reportBytes, reportSHA256, eventTable, eventTableBytes, eventTableSHA256
        case status, problem, sessionId, userId, app, appVersion
        case inputBytes, inputSHA256, tool, strict
    }

    /// A member of the file: the session's own or one of its numbers, which
    /// follow `appVersion`.
    enum FileMember: Sendable {
        case own(Member)
        case number(SessionNumbers.Member)

        /// Every member, in the file's order: what the writer writes and the reader expects.
        static let inOrder: [FileMember] = {
            let own = Member.allCases
            let split = (own.firstIndex(of: .appVersion) ?? own.count - 1) + 1
            return own[..<split].map(FileMember.own) + SessionNumbers.Member.allCases.map(FileMember.number)
                + own[split...].map(FileMember.own)
        }()

        /// The members' names as bytes, in ``inOrder``'s order.
        static let names: [[UInt8]] = inOrder.map { Array($0.name.utf8) }

        /// The positions in ``inOrder`` of the members every file has.
        static let required: [Int] = inOrder.indices.filter {
            if case .number(let member) = inOrder[$0] { member.isRequired } else { true }
        }

        var name: String {
            switch self {
            case .own(let member): member.rawValue
            case .number(let member): member.rawValue
            }
        }
    }

    /// The file's text: one member per line in the schema's order, keys of
    /// `codes` sorted, so the same session always gives the same bytes.
    public var json: String {
        let members = FileMember.inOrder.map { member in
            switch member {
            case .own(let own): "  \(JSONString.literal(own.rawValue)): \(jsonText(of: own))"
            case .number(let number): "  \(JSONString.literal(number.rawValue)): \(numbers.jsonText(of: number))"
            }
        }
        return "{\n" + members.joined(separator: ",\n") + "\n}\n"
    }

    /// Reads a `stats/NAME.json` file's bytes; nil when it is not JSON of
    /// this schema (a member missing or of the wrong type), or its numbers
    /// contradict each other (``SessionNumbers/contradiction``): ``problem(json:)`` says which.
    public init?(json: [UInt8]) {
        var stats = Self.unread
        guard Self.parse(json: json, into: &stats) == nil, stats.numbers.contradiction == nil else { return nil }
        self = stats
    }

    /// Why ``init(json:)`` refuses a stats file, and where in it.
    public struct FileProblem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Where the value or name at fault starts; `nil` for the file as a
        /// whole (a member missing, numbers that contradict each other).
        public var position: TextPosition?
        /// What is wrong, in words for a warning.
        public var words: String

        /// `3:14: words`, or the words alone.
        public var description: String {
            position.map { "\($0): \(words)" } ?? words
        }
    }

    /// Why ``init(json:)`` refuses `json`: where its JSON breaks, a member
    /// given twice, missing or holding what no todo-report writes there,
    /// files other than its session's own, or numbers that contradict each
    /// other; `nil` when it does not refuse it.
    public static func problem(json: [UInt8]) -> FileProblem? {
        var stats = unread
        if let problem = parse(json: json, into: &stats) { return problem }
        return stats.numbers.contradiction.map { FileProblem(words: "its numbers contradict each other (\($0))") }
    }

    /// What ``parse(json:into:)`` reads a file's members into.
    private static var unread: SessionStats {
        SessionStats(name: "", input: "", status: .unreadable, problem: nil, tool: "", strict: false)
    }

    /// Reads the file's members into `stats`, whatever their numbers say; why it cannot, if it cannot.
    /// (A position is worked out only for a file refused: the index reads 100,000 of them.)
    private static func parse(json: [UInt8], into stats: inout SessionStats) -> FileProblem? {
        var scanner = StatsScanner(json)
        var members = StatsScanner.Members(FileMember.names)
        /// The member whose name or value the scanner could not take, and where it starts.
        var refused: FileProblem?
        let isObject = scanner.object { name, scanner in
            let start = scanner.offset
            let found = members.find(name)
            switch found {
            case .known(let index):
                let member = FileMember.inOrder[index]
                let isRead =
                    switch member {
                    case .own(let own): stats.read(own, from: &scanner)
                    case .number(let number): stats.numbers.read(number, from: &scanner)
                    }
                if !isRead {
                    let words =
                        if case .own(.schema) = member {
                            "its `schema` is not \(schemaName)"
                        } else {
                            "`\(member.name)` holds what no \(schemaName) file holds there (another type, or a number no log can give)"
                        }
                    refused = FileProblem(position: scanner.position(ofValueAt: start), words: words)
                }
                return isRead
            case .other: return scanner.skipValue()
            case .repeated:
                let words = "`\(String(decoding: name, as: UTF8.self))` is given twice"
                refused = FileProblem(position: scanner.position(ofValueAt: start), words: words)
                return false
            }
        }
        guard isObject, scanner.isAtEnd() else {
            let broken = FileProblem(
                position: scanner.position(ofValueAt: scanner.offset), words: "not a \(schemaName) file: its JSON breaks here")
            return refused ?? broken
        }
        if !members.met(FileMember.required) {
            let missing = FileMember.required.first { !members.met(CollectionOfOne($0)) }
            return FileProblem(words: "not a \(schemaName) file: it has no `\(missing.map { FileMember.inOrder[$0].name } ?? "")`")
        }
        guard stats.namesItsOwnFiles else {
            return FileProblem(
                words: "it names other files than its session's own (`\(reports.folder)/NAME\(reports.ending)`, "
                    + "`\(eventTables.folder)/NAME\(eventTables.ending)`, a NAME of A-Z a-z 0-9 . _ -)")
        }
        return nil
    }

    /// What any stats file says of itself, whatever its schema: its
    /// `schema`, the INPUT root it was found under, its `input` there and
    /// the `tool` that wrote it (in `/1` and `/2` alike), so that a run never
    /// removes another root's session because its file is of an older
    /// schema, knows the sessions another redaction wrote, and tells a
    /// session it renamed from one whose input is gone. `nil` when it is not a JSON object.
    public static func peek(json: [UInt8]) -> (schema: String?, root: String?, input: String?, tool: String?)? {
        var scanner = StatsScanner(json)
        var members = StatsScanner.Members([Member.schema, .root, .input, .tool].map { Array($0.rawValue.utf8) })
        var found: [String?] = [nil, nil, nil, nil]
        let isObject = scanner.object { name, scanner in
            switch members.find(name) {
            case .known(let position) where scanner.isAtString():
                found[position] = scanner.string()
                return found[position] != nil
            case .known, .other: return scanner.skipValue()
            case .repeated: return false
            }
        }
        guard isObject, scanner.isAtEnd() else { return nil }
        return (found[0], found[1], found[2], found[3])
    }

    private func jsonText(of member: Member) -> String {
        let string = SessionNumbers.string
        return switch member {
        case .schema: JSONString.literal(schema)
        case .name: JSONString.literal(name)
        case .input: JSONString.literal(input)
        case .root: string(root)
        case .report: string(report)
        case .reportBytes: reportBytes.map(String.init) ?? "null"
        case .reportSHA256: string(reportSHA256)
        case .eventTable: string(eventTable)
        case .eventTableBytes: eventTableBytes.map(String.init) ?? "null"
        case .eventTableSHA256: string(eventTableSHA256)
        case .status: JSONString.literal(status.rawValue)
        case .problem: string(problem)
        case .sessionId: string(sessionId)
        case .userId: string(userId)
        case .app: string(app)
        case .appVersion: string(appVersion)
        case .inputBytes: String(inputBytes)
        case .inputSHA256: string(inputSHA256)
        case .tool: JSONString.literal(tool)
        case .strict: String(strict)
        }
    }

    /// Reads the value of `member`; false when it is of the wrong type, or
    /// `schema` is not ``schemaName``.
    private mutating func read(_ member: Member, from scanner: inout StatsScanner) -> Bool {
        func text(_ value: inout String) -> Bool { scanner.read(into: &value) { $0.string() } }
        func optionalText(_ value: inout String?) -> Bool { scanner.read(into: &value) { $0.nullable { $0.string() } } }
        func optionalSize(_ value: inout Int?) -> Bool { scanner.read(into: &value) { $0.nullable { $0.size() } } }
        switch member {
        case .schema: return scanner.string() == Self.schemaName
        case .name: return text(&name)
        case .input: return text(&input)
        case .root: return optionalText(&root)
        case .report: return optionalText(&report)
        case .reportBytes: return optionalSize(&reportBytes)
        case .reportSHA256: return optionalText(&reportSHA256)
        case .eventTable: return optionalText(&eventTable)
        case .eventTableBytes: return optionalSize(&eventTableBytes)
        case .eventTableSHA256: return optionalText(&eventTableSHA256)
        case .status: return scanner.read(into: &status) { $0.string().flatMap(Status.init(rawValue:)) }
        case .problem: return optionalText(&problem)
        case .sessionId: return optionalText(&sessionId)
        case .userId: return optionalText(&userId)
        case .app: return optionalText(&app)
        case .appVersion: return optionalText(&appVersion)
        case .inputBytes: return scanner.read(into: &inputBytes) { $0.size() }
        case .inputSHA256: return optionalText(&inputSHA256)
        case .tool: return text(&tool)
        case .strict: return scanner.read(into: &strict) { $0.bool() }
        }
    }
}
