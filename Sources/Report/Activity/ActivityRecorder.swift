import SessionLog

/// Collects a session's activity over its wall-clock time as the replay goes,
/// in at most ``binCount`` bins: a few KB for any number of events.
struct ActivityRecorder {
    /// Bins in the strip at most.
    static let binCount = 1_000

    private(set) var bins = DoublingBins<ActivityBin>(capacity: binCount)

    init() {}

    mutating func add(_ entry: ReplayEntry) {
        switch entry {
        case .header(let header):
            if let start = header.startedAt { bins.setOrigin(start.millisecondsSince1970) }
        case .frame(let frame):
            add(frame)
        case .travel(let travel):
            guard let time = travel.stamp.timestamp else { return }
            bins.update(bins.bin(of: time.millisecondsSince1970)) { $0.travels += 1 }
        case .diagnostic:
            break
        }
    }

    /// Adds one frame, as ``add(_:)`` does for a `.frame` entry.
    mutating func add(_ frame: Frame) {
        // The frame says how many items its state holds: nothing is kept per frame (a travel
        // continues from an older frame, whose count the replay knows).
        let items = frame.itemCount
        guard let time = frame.stamp.timestamp else { return }
        let kind = frame.event.kind
        bins.update(bins.bin(of: time.millisecondsSince1970)) { bin in
            bin.events += 1
            if kind == .addItem { bin.added += 1 }
            if kind == .cancelCreatingItem { bin.cancelled += 1 }
            bin.items = items
        }
    }

    /// The strip to draw, or `nil` when no record had a time.
    var strip: ActivityStrip? {
        guard let origin = bins.origin, bins.lastUsed >= 0 else { return nil }
        return ActivityStrip(origin: origin, binMilliseconds: bins.width, bins: Array(bins.values[...bins.lastUsed]))
    }
}
