public import SessionLog
import SessionLogCodec
public import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Compares two replays frame by frame, as `todo-report diff` does: frame
/// *i* of the baseline with frame *i* of the run, by ``StateDifference``
/// (item ids only when asked; timing never). Pure logic: feed it each
/// pair of frames with the two live states right after them.
///
/// Checking a pair costs the size of its patches when both frames come
/// from the same parent by equivalent patches (the states before were
/// equal, so the states after are); only otherwise are the whole states compared.
public struct LogComparison: Sendable {
    /// The first frame where the two differ.
    public struct Difference: Sendable {
        /// The frame index.
        public var frame: Int
        /// The baseline's event at that frame (`nil` when the baseline has no such frame).
        public var baselineEvent: String?
        /// The run's event at that frame (`nil` when the run has no such frame).
        public var runEvent: String?
        /// The differing fields (empty when one log has no such frame).
        public var fields: [StateDifference.Field]
        /// The line of the baseline's log whose event made that frame (`nil` when it has no such frame).
        public var baselineLine: Int?
        /// The line of the run's log whose event made that frame (`nil` when it has no such frame).
        public var runLine: Int?
    }

    /// Whether item ids are compared (`--compare-ids`).
    public let comparingIDs: Bool
    /// The first difference, once found; later frames are not compared.
    public private(set) var firstDifference: Difference?
    /// Frame pairs compared so far (frame 0 included).
    public private(set) var compared = 1

    /// How typed text is shown in the difference (see ``StateDifference/init(_:_:comparingIDs:showingText:derivedIDs:)``).
    private let showingText: @Sendable (String) -> String
    /// With `comparingIDs`, the ids each replay derived (an `addItem` with no
    /// id): such items have none in their log, so they compare as equal.
    private var derivedIDs: (baseline: Set<UUID>, run: Set<UUID>) = ([], [])

    /// Starts at frame 0, the initial state both share.
    /// - Parameters:
    ///   - comparingIDs: Also compare item ids (`--compare-ids`).
    ///   - showingText: How typed text is shown in ``firstDifference`` (masked,
    ///     in a redacted diff); the frames are compared as they are.
    public init(comparingIDs: Bool = false, showingText: @escaping @Sendable (String) -> String = { $0 }) {
        self.comparingIDs = comparingIDs
        self.showingText = showingText
    }

    /// Compares frame `baseline.index` (equal to `run.index`) of both logs,
    /// whose states are `baselineState` and `runState`.
    public mutating func compare(_ baseline: Frame, _ run: Frame, baselineState: TodoState, runState: TodoState) {
        guard firstDifference == nil else { return }
        compared += 1
        if comparingIDs {
            if baseline.itemIDIsDerived, case .addItem(let id) = baseline.event { derivedIDs.baseline.insert(id) }
            if run.itemIDIsDerived, case .addItem(let id) = run.event { derivedIDs.run.insert(id) }
        }
        if baseline.parent == run.parent && equivalent(baseline, run) { return }
        let difference = StateDifference(
            baselineState, runState, comparingIDs: comparingIDs, showingText: showingText, derivedIDs: derivedIDs)
        guard !difference.isEmpty else { return }
        firstDifference = Difference(
            frame: baseline.index, baselineEvent: Self.describe(baseline, in: baselineState, showingText: showingText),
            runEvent: Self.describe(run, in: runState, showingText: showingText), fields: difference.fields,
            baselineLine: baseline.line, runLine: run.line)
    }

    /// One log ended at `frameCount` frames while the other goes on with
    /// `frame` (whose state is `state`): they differ there, unless an earlier frame did.
    public mutating func ended(baseline: Bool, otherFrame frame: Frame, state: TodoState) {
        guard firstDifference == nil else { return }
        let event = Self.describe(frame, in: state, showingText: showingText)
        firstDifference = Difference(
            frame: frame.index, baselineEvent: baseline ? nil : event, runEvent: baseline ? event : nil, fields: [],
            baselineLine: baseline ? nil : frame.line, runLine: baseline ? frame.line : nil)
    }

    /// Whether equal states stay equal under the two frames' patches.
    private func equivalent(_ baseline: Frame, _ run: Frame) -> Bool {
        let (one, two) = (baseline.patch, run.patch)
        guard one.stateName == two.stateName, one.isCreatingItem == two.isCreatingItem, one.partialItemName == two.partialItemName,
            one.itemFinished == two.itemFinished
        else { return false }
        switch (one.appendedItem, two.appendedItem) {
        case (nil, nil): return true
        case (let a?, let b?):
            // An id derived for an item that had none is no id: two such items are equal.
            let ids = (baseline.itemIDIsDerived ? nil : a.id, run.itemIDIsDerived ? nil : b.id)
            return a.title == b.title && a.isFinished == b.isFinished && (!comparingIDs || ids.0 == ids.1)
        default: return false
        }
    }

    /// `addItem "Buy milk"`, `changePartialItemName "Buy m"`, `setItemDone "Buy milk" true`,
    /// with typed text shown by `showingText`; `… after a travel to frame 3`
    /// when the event was applied to another frame than the one before it,
    /// which alone can tell two equal events apart.
    public static func describe(_ frame: Frame, in state: TodoState, showingText: (String) -> String = { $0 }) -> String {
        let event = describeEvent(frame, in: state, showingText: showingText)
        return frame.parent == frame.index - 1 ? event : event + " after a travel to frame \(frame.parent)"
    }

    private static func describeEvent(_ frame: Frame, in state: TodoState, showingText: (String) -> String) -> String {
        switch frame.event {
        case .startCreatingItem, .cancelCreatingItem:
            return frame.event.kind.rawValue
        case .changePartialItemName(let name):
            return "changePartialItemName " + quoted(showingText(name), limit: .max)
        case .addItem:
            return "addItem " + quoted(showingText(frame.addedTitle ?? ""), limit: .max)
        case .setItemDone(let id, let isDone):
            let title = frame.itemPosition.flatMap { $0 < state.todoItems.count ? state.todoItems[$0].title : nil }
            return "setItemDone " + (title.map { quoted(showingText($0), limit: .max) } ?? "unknown item \(id.uuidString)") + " \(isDone)"
        }
    }
}
