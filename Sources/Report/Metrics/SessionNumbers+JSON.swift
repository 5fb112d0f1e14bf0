import SessionLog
import TodoDomain

extension SessionNumbers {
    /// The numbers' members of `stats/NAME.json` (`todo-report-stats/2`),
    /// in the schema's order; each is named by its raw value.
    enum Member: String, CaseIterable, Sendable {
        case start, end, durationMs
        case events, frames, travels, undoneFrames
        case sheetsOpened, sheetsTyped, sheetsAdded, sheetsCancelled, sheetsReplaced, sheetsOpenAtEnd
        case itemsAdded, itemsWithoutSheet, keystrokes, addedSheetKeystrokes
        case keystrokesPerItem, conversion, medianPlusToAddMs, plusToAddMs, eventCounts
        case lines, headers, droppedLines, blankLines, errors, warnings, codes, digestsChecked, digestsDiffering
        case activity

        /// Whether a file must have it: the ratios and the median follow
        /// from other members, and are computed again rather than read.
        var isRequired: Bool {
            switch self {
            case .keystrokesPerItem, .conversion, .medianPlusToAddMs: false
            default: true
            }
        }
    }

    /// The member's value as JSON text: milliseconds are whole, ratios have
    /// four decimals, `codes` are sorted by name.
    func jsonText(of member: Member) -> String {
        switch member {
        case .start: Self.string(start)
        case .end: Self.string(end)
        case .durationMs: durationMs.map(String.init) ?? "null"
        case .events: String(events)
        case .frames: String(frames)
        case .travels: String(travels)
        case .undoneFrames: String(undoneFrames)
        case .sheetsOpened: String(sheets.opened)
        case .sheetsTyped: String(sheets.typed)
        case .sheetsAdded: String(sheets.added)
        case .sheetsCancelled: String(sheets.cancelled)
        case .sheetsReplaced: String(sheets.replaced)
        case .sheetsOpenAtEnd: String(sheets.openAtEnd)
        case .itemsAdded: String(sheets.itemsAdded)
        case .itemsWithoutSheet: String(sheets.itemsWithoutSheet)
        case .keystrokes: String(keystrokes)
        case .addedSheetKeystrokes: String(sheets.addedSheetKeystrokes)
        case .keystrokesPerItem: sheets.keystrokesPerItem?.json ?? "null"
        case .conversion: sheets.conversion?.json ?? "null"
        case .medianPlusToAddMs: medianPlusToAddMs.map(String.init) ?? "null"
        case .plusToAddMs: "[" + plusToAddMs.map { "[\($0.milliseconds),\($0.count)]" }.joined(separator: ",") + "]"
        case .eventCounts:
            "{" + TodoEvent.Kind.allCases.map { "\"\($0.rawValue)\":\(eventCounts[$0])" }.joined(separator: ",")
                + ",\"travel\":\(eventCounts.travel)}"
        case .lines: String(lines)
        case .headers: String(headers)
        case .droppedLines: String(droppedLines)
        case .blankLines: String(blankLines)
        case .errors: String(errors)
        case .warnings: String(warnings)
        case .codes:
            "{" + codes.sorted { $0.key < $1.key }.map { "\(JSONString.literal($0.key)):\($0.value)" }.joined(separator: ",") + "}"
        case .digestsChecked: String(digestsChecked)
        case .digestsDiffering: String(digestsDiffering)
        case .activity: "{\"bucketMs\":\(activity.bucketMs),\"counts\":[" + activity.counts.map(String.init).joined(separator: ",") + "]}"
        }
    }

    /// Reads the value of `member` into these numbers; false when it is of
    /// the wrong type. A member that follows from others is checked and
    /// passed over: `itemsWithoutSheet` must be a whole number, the ratios
    /// and the median any value.
    mutating func read(_ member: Member, from scanner: inout StatsScanner) -> Bool {
        func count(_ value: inout Int) -> Bool { scanner.read(into: &value) { $0.count() } }
        switch member {
        case .start: return scanner.read(into: &start) { $0.nullable { $0.string() } }
        case .end: return scanner.read(into: &end) { $0.nullable { $0.string() } }
        case .durationMs: return scanner.read(into: &durationMs) { $0.nullable { $0.milliseconds() } }
        case .events: return count(&events)
        case .frames: return count(&frames)
        case .travels: return count(&travels)
        case .undoneFrames: return count(&undoneFrames)
        case .sheetsOpened: return count(&sheets.opened)
        case .sheetsTyped: return count(&sheets.typed)
        case .sheetsAdded: return count(&sheets.added)
        case .sheetsCancelled: return count(&sheets.cancelled)
        case .sheetsReplaced: return count(&sheets.replaced)
        case .sheetsOpenAtEnd: return count(&sheets.openAtEnd)
        case .itemsAdded: return count(&sheets.itemsAdded)
        case .itemsWithoutSheet: return scanner.count() != nil
        case .keystrokes: return count(&keystrokes)
        case .addedSheetKeystrokes: return count(&sheets.addedSheetKeystrokes)
        case .keystrokesPerItem, .conversion, .medianPlusToAddMs: return scanner.skipValue()
        case .plusToAddMs: return readPlusToAdd(from: &scanner)
        case .eventCounts: return readEventCounts(from: &scanner)
        case .lines: return count(&lines)
        case .headers: return count(&headers)
        case .droppedLines: return count(&droppedLines)
        case .blankLines: return count(&blankLines)
        case .errors: return count(&errors)
        case .warnings: return count(&warnings)
        case .codes:
            var codes: [String: Int] = [:]
            guard
                scanner.object({ name, scanner in
                    guard let count = scanner.count() else { return false }
                    return codes.updateValue(count, forKey: String(decoding: name, as: UTF8.self)) == nil
                })
            else { return false }
            self.codes = codes
        case .digestsChecked: return count(&digestsChecked)
        case .digestsDiffering: return count(&digestsDiffering)
        case .activity: return readActivity(from: &scanner)
        }
        return true
    }

    static func string(_ value: String?) -> String { value.map(JSONString.literal) ?? "null" }

    /// `[[milliseconds, count], …]`.
    private mutating func readPlusToAdd(from scanner: inout StatsScanner) -> Bool {
        var times: [PlusToAdd] = []
        var total = 0
        let isRead = scanner.array { scanner in
            var (milliseconds, count, values): (Int64, Int, Int) = (0, 0, 0)
            let isPair = scanner.array { scanner in
                values += 1
                switch values {
                case 1: return scanner.milliseconds().map { milliseconds = $0 } != nil
                case 2: return scanner.count().map { count = $0 } != nil
                default: return false
                }
            }
            guard isPair, values == 2 else { return false }
            times.append(PlusToAdd(milliseconds: milliseconds, count: count))
            total += count
            // One session's adds are no more than a log's lines, however its times repeat.
            return total <= StatsScanner.largestCount
        }
        plusToAddMs = times
        return isRead
    }

    /// Names of `eventCounts`' members: the event kinds in order, then `travel`.
    private static let eventCountNames = TodoEvent.Kind.allCases.map { Array($0.rawValue.utf8) } + [Array("travel".utf8)]

    /// An object with a count for every event kind and for `travel` (other members passed over).
    private mutating func readEventCounts(from scanner: inout StatsScanner) -> Bool {
        var members = StatsScanner.Members(Self.eventCountNames)
        var counts = EventCounts()
        let kinds = TodoEvent.Kind.allCases
        let isRead = scanner.object { name, scanner in
            switch members.find(name) {
            case .known(let position):
                guard let count = scanner.count() else { return false }
                if position < kinds.count { counts.byKind[position] = count } else { counts.travel = count }
                return true
            case .other: return scanner.skipValue()
            case .repeated: return false
            }
        }
        eventCounts = counts
        return isRead && members.met(Self.eventCountNames.indices)
    }

    /// `{"bucketMs": …, "counts": […]}` (other members passed over).
    private mutating func readActivity(from scanner: inout StatsScanner) -> Bool {
        var members = StatsScanner.Members([Array("bucketMs".utf8), Array("counts".utf8)])
        var bucketMs: Int64 = 0
        var counts: [Int] = []
        let isRead = scanner.object { name, scanner in
            switch members.find(name) {
            case .known(0): return scanner.milliseconds().map { bucketMs = $0 } != nil
            case .known: return scanner.array { scanner in scanner.count().map { counts.append($0) } != nil }
            case .other: return scanner.skipValue()
            case .repeated: return false
            }
        }
        activity = Activity(bucketMs: bucketMs, counts: counts)
        // As written: at most one count a bucket, each bucket at least a millisecond wide; so its times add up.
        return isRead && members.met(0..<2) && counts.count <= SessionMetrics.seriesBuckets && bucketMs > 0
    }
}
