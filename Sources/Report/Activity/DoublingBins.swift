/// A value that a ``DoublingBins`` can hold per bin: empty to start with, and
/// one bin absorbing the next when two bins become one.
protocol BinValue: Sendable {
    /// An empty bin.
    init()
    /// Takes in the bin that follows this one in time.
    mutating func absorb(_ later: Self)
}

extension Int: BinValue {
    mutating func absorb(_ later: Int) { self += later }
}

/// Values over time in at most `capacity` equal bins from an origin. A time
/// past the last bin makes each pair of bins one, twice as wide: memory stays
/// bounded by `capacity` whatever the session's length, and the session fills
/// between half and all of the bins. A time before the origin (a clock set
/// back, in a log without a header's start) moves the origin back by whole
/// bins, widening them as well when the bins in use would not fit: the first
/// bin starts at the session's `start`, or up to a bin's width before it.
/// The report's activity strip bins this way.
struct DoublingBins<Value: BinValue>: Sendable {
    /// How many bins there are at most.
    let capacity: Int
    /// Milliseconds each bin covers (starts at `initialWidth`, doubles).
    private(set) var width: Int64
    /// The bins, from the origin; every one of the `capacity`.
    private(set) var values: [Value]
    /// Milliseconds since 1970 of the first bin's start, once known.
    private(set) var origin: Double?
    /// The highest bin holding anything, or -1.
    private(set) var lastUsed = -1
    /// The last bin found and the whole milliseconds from the origin it
    /// covers (`low..<high`, empty when none or after a widening).
    private var lastRange: (index: Int, low: Double, high: Double) = (0, 0, 0)

    init(capacity: Int, initialWidth: Int64 = 1, origin: Double? = nil) {
        self.capacity = max(2, capacity)
        self.width = max(1, initialWidth)
        self.values = [Value](repeating: Value(), count: max(2, capacity))
        self.origin = origin
    }

    /// Sets the origin if none is set yet (a header's start, else the first time seen).
    mutating func setOrigin(_ milliseconds: Double) {
        if origin == nil { origin = milliseconds }
    }

    /// The bin of a time, in milliseconds since 1970, widening the bins and
    /// moving the origin back as needed.
    mutating func bin(of milliseconds: Double) -> Int {
        setOrigin(milliseconds)
        if let origin, milliseconds < origin { moveOriginBack(by: origin - milliseconds) }
        let offset = max(0, milliseconds - (origin ?? milliseconds))
        // Far beyond any session (or not a number): the last bin, without widening forever.
        guard offset.isFinite, offset < 1e15 else { return lastBin(capacity - 1) }
        // Events come in time order, most in the bin of the one before: its
        // range is kept, so that they cost two comparisons, not a rounding
        // and two divisions (the bounds are whole, so comparing the offset
        // with them is comparing its whole part).
        if offset >= lastRange.low && offset < lastRange.high { return lastBin(lastRange.index) }
        let whole = Int64(offset.rounded(.down))
        while whole / width >= Int64(capacity) { widen() }
        let index = Int(whole / width)
        lastRange = (index, Double(Int64(index) * width), Double(Int64(index + 1) * width))
        return lastBin(index)
    }

    private mutating func lastBin(_ index: Int) -> Int {
        lastUsed = max(lastUsed, index)
        return index
    }

    /// Changes the value of a bin in place.
    mutating func update(_ index: Int, _ change: (inout Value) -> Void) {
        change(&values[index])
    }

    /// Moves the origin back by whole bins, at least `milliseconds`, the bins
    /// in use moving up with their values; widens first while they would not fit.
    /// Far back (not a session's span, or not a number), it stays: the time is in the first bin.
    private mutating func moveOriginBack(by milliseconds: Double) {
        guard milliseconds.isFinite, milliseconds < 1e15, let origin else { return }
        let needed = Int64(milliseconds.rounded(.up))
        var bins = (needed + width - 1) / width
        while lastUsed + Int(bins) >= capacity {
            widen()
            bins = (needed + width - 1) / width
        }
        let shift = Int(bins)
        values = [Value](repeating: Value(), count: shift) + values.prefix(capacity - shift)
        self.origin = origin - Double(bins * width)
        lastUsed = lastUsed < 0 ? -1 : lastUsed + shift
        lastRange = (0, 0, 0)
    }

    private mutating func widen() {
        var merged = [Value](repeating: Value(), count: capacity)
        for index in values.indices {
            if index % 2 == 0 { merged[index / 2] = values[index] } else { merged[index / 2].absorb(values[index]) }
        }
        values = merged
        width *= 2
        lastRange = (0, 0, 0)
        lastUsed = lastUsed < 0 ? -1 : lastUsed / 2
    }
}
