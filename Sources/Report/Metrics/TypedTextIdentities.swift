import ByteLevel
import SessionLog

/// Follows, frame by frame, which text the add sheet holds under redaction,
/// by the ``SessionLog/RecordStamp/nameIdentity`` each `changePartialItemName`
/// carries: the masks of `teh` and `the` are alike, so whether a keystroke
/// changed the text (the event table's `changed`) is told by the texts as typed.
///
/// Empty until the first identity arrives, so an unredacted log costs
/// nothing; then 8 bytes a frame, spilled to disk as the journey is.
struct TypedTextIdentities {
    /// Per frame: the identity of the add sheet's text after it (0 when empty).
    private var byFrame: RecordSpill<UInt64>?

    /// The spill's first failure, if any.
    var failure: Int32? { byFrame?.failure }

    /// Adds a frame; for a `changePartialItemName` under redaction, whether
    /// it changed the text as typed (nil otherwise: the patch says).
    mutating func add(_ frame: Frame) -> Bool? {
        if byFrame == nil {
            guard case .changePartialItemName = frame.event, frame.stamp.nameIdentity != nil else { return nil }
            // Before the first keystroke every frame's text was empty.
            let spill = RecordSpill<UInt64>()
            for _ in 0..<frame.index { spill.append(0) }
            byFrame = spill
        }
        guard let byFrame else { return nil }
        let parent = frame.parent < byFrame.count ? byFrame[frame.parent] : 0
        var changed: Bool?
        let identity: UInt64
        switch frame.event {
        case .startCreatingItem, .addItem:
            identity = 0
        case .changePartialItemName:
            identity = frame.stamp.nameIdentity ?? 0
            changed = identity != parent
        case .cancelCreatingItem, .setItemDone:
            identity = parent
        }
        if frame.index == byFrame.count { byFrame.append(identity) }
        return changed
    }
}
