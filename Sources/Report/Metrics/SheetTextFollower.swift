import ByteLevel
import SessionLog

/// Follows, frame by frame, a code for the add sheet's text that redaction's
/// mask cannot show: under keyed redaction each typed name's pseudonym (an
/// added title's pseudonym is then its sheet's code), under any redaction
/// each typed name's identity (whether a keystroke changed the text, where
/// `teh` and `the` mask alike). A keystroke brings its code; every other
/// event sets it as the reducer sets the text, on any branch, after any
/// travel: empty (0) after `startCreatingItem` and `addItem`, the parent's
/// after a cancel or a toggle.
///
/// Nothing until the first code arrives, so a log read as written costs
/// nothing; then 8 bytes a frame, on a spill.
struct SheetTextFollower {
    /// Per frame: the code of the add sheet's text after it (0 when empty).
    private var byFrame: RecordSpill<UInt64>?

    /// The spill's first failure, if any.
    var failure: Int32? { byFrame?.failure }

    /// Adds a frame: the code of the text before it (its parent's) and after
    /// it; nil until a keystroke has brought a code.
    /// - Parameter keystroke: For a `changePartialItemName`, the code of the
    ///   text it typed; nil for other events, or when there is none.
    mutating func add(_ frame: Frame, keystroke: UInt64?) -> (before: UInt64, after: UInt64)? {
        if byFrame == nil {
            guard keystroke != nil else { return nil }
            // Before the first code every frame's text had none.
            let spill = RecordSpill<UInt64>()
            for _ in 0..<frame.index { spill.append(0) }
            byFrame = spill
        }
        guard let byFrame else { return nil }
        let before = frame.parent < byFrame.count ? byFrame[frame.parent] : 0
        let after: UInt64
        switch frame.event {
        case .startCreatingItem, .addItem: after = 0
        case .changePartialItemName: after = keystroke ?? 0
        case .cancelCreatingItem, .setItemDone: after = before
        }
        if frame.index == byFrame.count { byFrame.append(after) }
        return (before, after)
    }
}
