import ByteLevel

/// A session's activity over its wall-clock time, drawn at generation time as
/// a small static SVG (so it shows without JavaScript and on paper): events
/// per bin as bars, the item count as a line, ticks for items added, sheets
/// cancelled and travels, and long idle stretches shaded. The page's script
/// maps a point on it back to a time (from the `data-` attributes) and so to
/// a frame.
struct ActivityStrip: Equatable {
    /// Milliseconds since 1970 where the first bin starts.
    var origin: Double
    /// Milliseconds each bin covers.
    var binMilliseconds: Int64
    /// The bins, up to the last one with anything in it.
    var bins: [ActivityBin]
    /// Events and travels whose record had no time, so that no bin holds them.
    var untimed = ActivityBin()
    /// The session's `durationMs`, which the strip's name gives as the time it covers (the bins
    /// end on a bin's edge, past the last record); `nil` before the session is finished.
    var durationMilliseconds: Int64? = nil

    /// A stretch with nothing in it at least this long is shaded as idle.
    static let idleMilliseconds: Int64 = 30_000
    /// Height of the drawing in its own units (the width is one unit a bin).
    static let height = 40
    /// Where the bars and the item line start; the marks are above.
    static let plotTop = 10

    /// Every bin's counts added up: what the strip's name and legend say it draws.
    var total: ActivityBin { bins.reduce(into: ActivityBin()) { $0.absorb($1) } }

    /// Runs of idle bins lasting at least ``idleMilliseconds``, as bin ranges.
    var idleStretches: [Range<Int>] {
        var stretches: [Range<Int>] = []
        var start: Int?
        for index in 0...bins.count {
            let idle = index < bins.count && bins[index].isIdle
            if idle, start == nil { start = index }
            if !idle, let first = start {
                if Int64(index - first) * binMilliseconds >= Self.idleMilliseconds { stretches.append(first..<index) }
                start = nil
            }
        }
        return stretches
    }

    /// The strip's SVG element, escaped and self-contained.
    func svg() -> String {
        let width = bins.count
        let height = Self.height
        let plot = height - Self.plotTop
        let mostEvents = bins.map(\.events).max() ?? 0
        let mostItems = bins.compactMap(\.items).max() ?? 0
        func barTop(_ events: Int) -> Int {
            guard mostEvents > 0, events > 0 else { return height }
            return height - max(1, Int((Double(events) / Double(mostEvents) * Double(plot)).rounded()))
        }
        // Whole units: the strip is drawn about one unit to a pixel high.
        func itemY(_ items: Int) -> Int {
            guard mostItems > 0 else { return height }
            return height - Int((Double(items) / Double(mostItems) * Double(plot - 1)).rounded())
        }
        // Each part is a step path, with a point only where its value changes,
        // and each mark a line along the bins that have one: a few KB for any session.
        var bars = "M0 \(height)"
        var barY = height
        var line = ""
        var lineY: Int?
        var marks: [(runs: String, start: Int?)] = Array(repeating: ("", nil), count: 3)
        for (index, bin) in bins.enumerated() {
            let top = barTop(bin.events)
            if top != barY {
                bars += "H\(index)V\(top)"
                barY = top
            }
            if let items = bin.items, itemY(items) != lineY {
                line += lineY == nil ? "M\(index) \(itemY(items))" : "H\(index)V\(itemY(items))"
                lineY = itemY(items)
            }
            // Three calls, not a loop over an array made for every bin.
            func follow(_ mark: Int, _ count: Int) {
                if count > 0, marks[mark].start == nil { marks[mark].start = index }
                if count == 0, let first = marks[mark].start {
                    marks[mark].runs += markRun(mark, from: first, to: index)
                    marks[mark].start = nil
                }
            }
            follow(0, bin.added)
            follow(1, bin.cancelled)
            follow(2, bin.travels)
        }
        bars += "H\(width)V\(height)z"
        if !line.isEmpty { line += "H\(width)" }
        for mark in marks.indices {
            if let first = marks[mark].start { marks[mark].runs += markRun(mark, from: first, to: width) }
        }
        let (added, cancelled, travels) = (marks[0].runs, marks[1].runs, marks[2].runs)
        let stretches = idleStretches
        let idle = stretches.map { "M\($0.lowerBound) 0h\($0.count)v\(height)h-\($0.count)z" }.joined()
        let label = description(idleCount: stretches.count).htmlEscaped
        var parts = [
            "<svg class=\"activity-strip\" id=\"activity-strip\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
                + "viewBox=\"0 0 \(width) \(height)\" preserveAspectRatio=\"none\" aria-label=\"\(label)\" "
                + "data-start=\"\(trimmed(origin))\" data-bin-ms=\"\(binMilliseconds)\" data-bins=\"\(width)\">",
            "<title>\(label)</title>",
        ]
        if !idle.isEmpty { parts.append("<path class=\"idle\" fill=\"#e5e5ea\" d=\"\(idle)\"/>") }
        if mostEvents > 0 { parts.append("<path class=\"bars\" fill=\"#8fb8ec\" d=\"\(bars)\"/>") }
        if !line.isEmpty {
            parts.append(
                "<path class=\"items\" fill=\"none\" stroke=\"#1c1c1e\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\" d=\"\(line)\"/>"
            )
        }
        for (name, color, path) in [("added", "#34c759", added), ("cancelled", "#c4281c", cancelled), ("travels", "#ff9500", travels)]
        where !path.isEmpty {
            parts.append(
                "<path class=\"\(name)\" stroke=\"\(color)\" stroke-width=\"2.5\" vector-effect=\"non-scaling-stroke\" d=\"\(path)\"/>")
        }
        parts.append("</svg>")
        return parts.joined()
    }

    /// Says in words what each part of the drawing is, beside a swatch of its colour, for the
    /// parts drawn: the marks are told apart by colour and band, which the eye alone may not do.
    func legend() -> String {
        let total = self.total
        var parts: [(kind: String, text: String)] = []
        if total.events > 0 { parts.append(("bars", "events")) }
        if bins.contains(where: { $0.items != nil }) { parts.append(("items", "items")) }
        if total.added > 0 { parts.append(("added", "added")) }
        if total.cancelled > 0 { parts.append(("cancelled", "cancelled")) }
        if total.travels > 0 { parts.append(("travels", "travel")) }
        if !idleStretches.isEmpty { parts.append(("idle", "idle")) }
        return "<p class=\"activity-legend\" aria-hidden=\"true\">"
            + parts.map { "<span class=\"key\"><span class=\"swatch \($0.kind)\"></span>\($0.text)</span>" }.joined(separator: " ")
            + "</p>"
    }

    /// A mark along bins `from..<to` in its band (0 added, 1 cancelled, 2
    /// travels): a tick at its start, seen however narrow a bin is drawn,
    /// and a line along a longer run.
    private func markRun(_ mark: Int, from first: Int, to end: Int) -> String {
        let tick = "M\(first).5 \(mark * 3)v3"
        return end - first > 1 ? tick + "M\(first) \(mark * 3 + 1).5H\(end)" : tick
    }

    /// What the strip shows, in words: its title and accessible name.
    func description(idleCount: Int) -> String {
        let total = self.total
        // The header's duration, the one number for it; the bins' width only while none is known.
        let span =
            durationMilliseconds.map { Formatting.duration(milliseconds: $0) }
            ?? "about " + Formatting.duration(milliseconds: Int64(bins.count) * binMilliseconds)
        // Only what has a time is drawn: said so when some have none, lest a count read as the session's.
        func timed(_ count: Int, _ noun: String, untimed: Int) -> String {
            countedNoun(count, noun) + (untimed > 0 ? " with a time (\(groupedDigits(untimed)) without)" : "")
        }
        var text =
            // Every branch, as drawn: events, named as events, not the journey's numbers (items added, sheets
            // cancelled), which the summary gives under those names and a travel can undo.
            "Activity over \(span), every branch: \(timed(total.events, "event", untimed: untimed.events)), "
            + "\(countedNoun(total.added, "addItem event")), "
            + "\(countedNoun(total.cancelled, "cancelCreatingItem event")) closing a sheet, "
            + "\(timed(total.travels, "travel", untimed: untimed.travels)); most items at once: \(groupedDigits(bins.compactMap(\.items).max() ?? 0))"
        if idleCount > 0 {
            text +=
                "; \(countedNoun(idleCount, "idle stretch", "idle stretches")) of "
                + "\(Formatting.duration(milliseconds: Self.idleMilliseconds)) or more shaded"
        }
        return text
    }

    private func trimmed(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String((value * 10).rounded() / 10)
    }
}
