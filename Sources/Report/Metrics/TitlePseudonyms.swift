import Redaction
import SessionLog

/// Follows, frame by frame, the keyed pseudonym of the add sheet's text
/// under keyed redaction (each `changePartialItemName` carries the
/// pseudonym of its name as typed), so that an `addItem` gets the pseudonym
/// of its title on any branch, after any travel: what the summary shows
/// beside a masked title, so identical titles can still be counted.
///
/// Empty until the first pseudonym arrives; then 8 bytes a frame (the 32
/// bits of a pseudonym and a mark), only under `--redact-key`.
struct TitlePseudonyms: Sendable {
    /// Per frame: 0 for an empty text, else `1 << 32 | bits`.
    private var byFrame: [UInt64] = []

    /// Whether a pseudonym has arrived: until then ``add(_:)`` changes
    /// nothing for a frame without one (and returns `nil`).
    var hasStarted: Bool { !byFrame.isEmpty }

    /// Adds a frame; for an `addItem`, returns the 32 bits of its title's
    /// pseudonym (``text(_:)`` writes it), `nil` for an empty title.
    mutating func add(_ frame: Frame) -> UInt32? {
        if byFrame.isEmpty {
            guard case .changePartialItemName = frame.event, frame.stamp.namePseudonym != nil else { return nil }
            // Before the first keystroke every frame's text was empty.
            byFrame = [UInt64](repeating: 0, count: frame.index)
        }
        let parent = frame.parent < byFrame.count ? byFrame[frame.parent] : 0
        var title: UInt32?
        let code: UInt64
        switch frame.event {
        case .startCreatingItem:
            code = 0
        case .changePartialItemName:
            code = frame.stamp.namePseudonym.flatMap { Pseudonyms.bits(of: $0, as: .title) }.map { 1 << 32 | UInt64($0) } ?? 0
        case .addItem:
            if parent != 0 { title = UInt32(truncatingIfNeeded: parent) }
            code = 0
        case .cancelCreatingItem, .setItemDone:
            code = parent
        }
        if frame.index == byFrame.count { byFrame.append(code) }
        return title
    }

    /// A title's pseudonym as the summary shows it, from the bits ``add(_:)`` returned.
    func text(_ bits: UInt32) -> String {
        Pseudonyms.text(bits, as: .title)
    }
}
