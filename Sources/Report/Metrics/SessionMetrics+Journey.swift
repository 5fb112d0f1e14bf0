import SessionLog
import TodoDomain

extension SessionMetrics {
    /// Finds the journey and counts its numbers, with the activity series:
    /// one walk back over the branch points (to find the path from the
    /// newest frame to frame 0), one forward over the steps.
    func walkJourney(into numbers: inout SessionNumbers, finalState: TodoState) {
        let newest = steps.count
        let journeyFrames = findJourney(newest: newest)
        numbers.undoneFrames = newest + 1 - journeyFrames
        let bucketMs = Self.bucketMilliseconds(duration: numbers.durationMs)
        var series = [Int](repeating: 0, count: Self.seriesBuckets)
        var walk = JourneyWalk(keptItems: Self.keptItems, keptRuns: Self.keptRuns)
        var range = journey.count - 1
        var current = range >= 0 ? journey[range] : JourneyRange(first: 0, last: 0)
        if newest > 0 {
            for frame in 1...newest {
                let step = steps[frame - 1]
                let offset = self.offset(step.timestamp)
                if let offset { series[offset < 0 ? 0 : Int(min(offset / bucketMs, Int64(Self.seriesBuckets - 1)))] += 1 }
                while Int64(frame) > current.last && range > 0 {
                    range -= 1
                    current = journey[range]
                }
                guard Int64(frame) >= current.first && Int64(frame) <= current.last else { continue }
                if let ended = walk.take(step, offset: offset, metrics: self) { sheetEnds.append(ended) }
            }
        }
        walk.funnel.opened = walk.sheets.opened
        if walk.sheets.isOpen {
            walk.funnel.openAtEnd = 1
            sheetEnds.append(.open)
        }
        numbers.activity = SessionNumbers.Activity(bucketMs: bucketMs, counts: series)
        numbers.sheets = walk.funnel
        numbers.plusToAddMs = walk.plusToAdd.sorted { $0.key < $1.key }.map { .init(milliseconds: $0.key, count: $0.value) }
        stateRuns = walk.stateRuns
        (omittedRuns, omittedRunStates) = (walk.omittedRuns, walk.omittedRunStates)
        cancelledNames = walk.cancelledNames
        items = finalState.todoItems.prefix(Self.keptItems).enumerated().map { position, item in
            let added = position < walk.items.count ? walk.items[position] : JourneyWalk.Item()
            return AddedItem(
                title: Formatting.excerpt(item.title), addedAtMs: added.addedAtMs, line: added.line, isFinished: item.isFinished,
                toggles: added.toggles, titlePseudonym: added.pseudonym.map(pseudonymText))
        }
    }

    /// Writes the journey's ranges, newest first, into ``journey``, and
    /// returns how many frames it holds (frame 0 included). Walks back from
    /// the newest frame: between two branch points every frame's parent is
    /// the frame before it, so only the branch points are read.
    private func findJourney(newest: Int) -> Int {
        var frame = Int64(newest)
        var last = frame
        var branch = branches.count - 1
        var count = 0
        while true {
            while branch >= 0 && branches[branch].frame > frame { branch -= 1 }
            guard branch >= 0 else { break }
            let point = branches[branch]
            journey.append(JourneyRange(first: point.frame, last: last))
            count += Int(last - point.frame + 1)
            frame = point.parent
            last = frame
            branch -= 1
        }
        journey.append(JourneyRange(first: 0, last: last))
        return count + Int(last + 1)
    }

    /// The series' bucket width: 1,000 × 2^k ms for the smallest k with 24
    /// buckets longer than `duration` (1,000 without a duration).
    static func bucketMilliseconds(duration: Int64?) -> Int64 {
        var width: Int64 = 1_000
        guard let duration else { return width }
        while width <= Int64.max / Int64(2 * seriesBuckets) && Int64(seriesBuckets) * width <= duration { width *= 2 }
        return width
    }
}

/// The journey's numbers, counted event by event along it.
struct JourneyWalk {
    /// What the summary lists of an item, by its position.
    struct Item {
        var addedAtMs: Int64?
        var line = 0
        var toggles = 0
        var pseudonym: UInt32?
    }

    let keptItems: Int
    let keptRuns: Int
    var sheets = SheetTracker()
    /// The funnel counted so far (`opened` and `openAtEnd` set at the end, from ``sheets``).
    var funnel = SheetFunnel()
    var plusToAdd: [Int64: Int] = [:]
    var items: [Item] = []
    var cancelledNames: [String] = []
    var stateRuns: [(name: String, count: Int)] = [(TodoState.initialStateName, 1)]
    var omittedRuns = 0
    var omittedRunStates = 0
    /// The open sheet's keystrokes and the `t_ms` of its +.
    private var keystrokes = 0
    private var plusAt: Int64?
    /// The last state's name as an event kind's code; -1 for `runStart`.
    private var lastRun = -1
    private static let kinds = TodoEvent.Kind.allCases

    init(keptItems: Int, keptRuns: Int) {
        self.keptItems = keptItems
        self.keptRuns = keptRuns
    }

    /// Counts one journey event; returns how a sheet it ended, ended.
    mutating func take(_ step: FrameStep, offset: Int64?, metrics: SessionMetrics) -> SheetEnd? {
        let kind = Self.kinds[Int(step.kind)]
        let sheetStep = sheets.apply(kind)
        let ended = sheetStep.ended?.end
        switch kind {
        case .startCreatingItem:
            if ended == .replaced { funnel.replaced += 1 }
            keystrokes = 0
            plusAt = offset
        case .changePartialItemName:
            if sheetStep.sheet != nil {
                if keystrokes == 0 { funnel.typed += 1 }
                keystrokes += 1
            }
        case .addItem:
            if ended == .added {
                funnel.added += 1
                funnel.addedSheetKeystrokes += keystrokes
                if let plusAt, let offset {
                    let (time, overflow) = offset.subtractingReportingOverflow(plusAt)
                    plusToAdd[overflow ? (offset > plusAt ? .max : .min) : time, default: 0] += 1
                }
            }
            if items.count < keptItems {
                items.append(
                    Item(addedAtMs: offset, line: Int(step.value), pseudonym: step.flags.contains(.hasPseudonym) ? step.extra : nil))
            }
            funnel.itemsAdded += 1
        case .cancelCreatingItem:
            if ended == .cancelled {
                funnel.cancelled += 1
                if cancelledNames.count < keptItems { cancelledNames.append(metrics.cancelledName(step)) }
            }
        case .setItemDone:
            if step.flags.contains(.toggled), step.value >= 0, step.value < Int64(items.count) { items[Int(step.value)].toggles += 1 }
        }
        // A setItemDone of an unknown id leaves the state, its name included, as it was.
        addRun(kind == .setItemDone && step.value < 0 ? lastRun : kind.code)
        return ended
    }

    /// Extends the state chain by a state named by the event kind `code` (-1: `runStart`).
    private mutating func addRun(_ code: Int) {
        if code == lastRun {
            if omittedRuns > 0 { omittedRunStates += 1 } else { stateRuns[stateRuns.count - 1].count += 1 }
        } else {
            lastRun = code
            if stateRuns.count < keptRuns && omittedRuns == 0 {
                stateRuns.append((Self.kinds[code].rawValue, 1))
            } else {
                omittedRuns += 1
                omittedRunStates += 1
            }
        }
    }
}
