import SessionLogCodec
import TodoDomain

extension SessionNumbers {
    /// The first rule of the <doc:Numbers> article that these numbers break,
    /// in words, naming the members ("`sheetsAdded` 5 is more than `itemsAdded` 3");
    /// `nil` when they hold together, as every session's numbers do.
    ///
    /// A `stats/NAME.json` that breaks one was edited or damaged by hand:
    /// summed into a batch's funnel, it would show a negative count or a
    /// conversion above 100 %, so `index` leaves it out and says why.
    public var contradiction: String? {
        let kinds = TodoEvent.Kind.allCases
        func events(_ kind: TodoEvent.Kind) -> Int { eventCounts.byKind[kinds.firstIndex(of: kind) ?? 0] }
        /// `value`, named `name`, is at most `limit`, named `limitName`.
        func atMost(_ name: String, _ value: Int, _ limitName: String, _ limit: Int) -> String? {
            value <= limit ? nil : "`\(name)` \(value) is more than \(limitName) \(limit)"
        }
        /// `value`, named `name`, is `expected`: what `parts` make.
        func equal(_ name: String, _ value: Int, _ expected: Int, _ parts: String) -> String? {
            value == expected ? nil : "`\(name)` is \(value), where \(parts) make \(expected)"
        }
        let s = sheets
        let broken = [
            equal("events", self.events, max(frames - 1, 0), "the `frames` after frame 0"),
            equal("events", self.events, eventCounts.byKind.reduce(0, +), "the five event names' `eventCounts`"),
            equal("travels", travels, eventCounts.travel, "`eventCounts.travel`"),
            equal("keystrokes", keystrokes, events(.changePartialItemName), "`eventCounts.changePartialItemName`"),
            equal(
                "sheetsOpened", s.opened, s.added + s.cancelled + s.replaced + s.openAtEnd,
                "`sheetsAdded`, `sheetsCancelled`, `sheetsReplaced` and `sheetsOpenAtEnd`"),
            atMost("sheetsOpened", s.opened, "`eventCounts.startCreatingItem`", events(.startCreatingItem)),
            atMost("sheetsTyped", s.typed, "`sheetsOpened`", s.opened),
            atMost("sheetsOpenAtEnd", s.openAtEnd, "a session's one last state's", 1),
            atMost("sheetsAdded", s.added, "`itemsAdded`", s.itemsAdded),
            atMost("itemsAdded", s.itemsAdded, "`eventCounts.addItem`", events(.addItem)),
            atMost("addedSheetKeystrokes", s.addedSheetKeystrokes, "`keystrokes`", keystrokes),
            atMost("plusToAddMs", plusToAddMs.reduce(0) { $0 + $1.count }, "`sheetsAdded`", s.added),
            atMost("undoneFrames", undoneFrames, "`events`", self.events),
            equal(
                "lines", lines, self.events + travels + headers + droppedLines + blankLines,
                "`events`, `travels`, `headers`, `droppedLines` and `blankLines`"),
            atMost("headers", headers, "a log's one header", 1),
            equal("errors", errors, codes.values.reduce(0, +) - warnings, "the `codes` less `warnings`"),
            atMost("digestsDiffering", digestsDiffering, "`digestsChecked`", digestsChecked),
            atMost("digestsChecked", digestsChecked, "`events`", self.events),
            atMost("activity", activity.counts.reduce(0, +), "`events`", self.events),
            timeContradiction,
        ]
        return broken.lazy.compactMap { $0 }.first
    }

    /// `start` and `end` are times, both or neither, and `durationMs` is
    /// the time between them (to the millisecond they are written to).
    private var timeContradiction: String? {
        switch (start, end) {
        case (nil, nil):
            return durationMs == nil ? nil : "`durationMs` is \(durationMs ?? 0) with no `start` or `end`"
        case (let start?, let end?):
            guard let from = Timestamp(rfc3339: start) else { return "`start` \(JSONString.literal(start)) is not an RFC 3339 time" }
            guard let to = Timestamp(rfc3339: end) else { return "`end` \(JSONString.literal(end)) is not an RFC 3339 time" }
            guard let durationMs else { return "`durationMs` is null, where `start` and `end` are times" }
            // Each time is written cut to the millisecond; the duration is worked out from the exact ones.
            let written = max(to.milliseconds(since: from), 0)
            return abs(durationMs - written) <= 1
                ? nil : "`durationMs` is \(durationMs), where `start` and `end` are \(written) ms apart"
        default:
            return "one of `start` and `end` is null and the other is not"
        }
    }
}
