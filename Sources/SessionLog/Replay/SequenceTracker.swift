/// The `seq` values kept so far, as sorted disjoint ranges: a nearly
/// contiguous sequence of a million records costs a few ranges, not a million
/// entries.
struct SequenceTracker {
    enum Verdict: Equatable {
        case inOrder
        case duplicate
        case gap(missing: Int64)
        case backwards(highest: Int64)
    }

    private var ranges: [ClosedRange<Int64>] = []

    /// The highest `seq` kept so far.
    var highest: Int64? { ranges.last?.upperBound }

    /// Judges `seq` against the kept ones without keeping it.
    func judge(_ seq: Int64) -> Verdict {
        if contains(seq) { return .duplicate }
        guard let highest else { return .inOrder }
        // Both are ≥ 0 (a negative seq is wrong-type), so the difference cannot overflow.
        if seq > highest, seq - highest > 1 { return .gap(missing: seq - highest - 1) }
        if seq < highest { return .backwards(highest: highest) }
        return .inOrder
    }

    /// Keeps `seq`, merging it into its neighbours.
    mutating func insert(_ seq: Int64) {
        let index = firstRange(endingAtOrAfter: seq)
        if index < ranges.count && ranges[index].contains(seq) { return }
        let joinsNext = index < ranges.count && seq < Int64.max && ranges[index].lowerBound == seq + 1
        let joinsPrevious = index > 0 && ranges[index - 1].upperBound == seq - 1
        switch (joinsPrevious, joinsNext) {
        case (true, true):
            ranges[index - 1] = ranges[index - 1].lowerBound...ranges[index].upperBound
            ranges.remove(at: index)
        case (true, false):
            ranges[index - 1] = ranges[index - 1].lowerBound...seq
        case (false, true):
            ranges[index] = seq...ranges[index].upperBound
        case (false, false):
            ranges.insert(seq...seq, at: index)
        }
    }

    /// How many ranges it holds (for tests of its memory).
    var rangeCount: Int { ranges.count }

    private func contains(_ seq: Int64) -> Bool {
        let index = firstRange(endingAtOrAfter: seq)
        return index < ranges.count && ranges[index].contains(seq)
    }

    /// The first range whose upper bound is ≥ `seq`: most often none, as `seq`s mostly go up.
    private func firstRange(endingAtOrAfter seq: Int64) -> Int {
        if let last = ranges.last, last.upperBound < seq { return ranges.count }
        return ranges.partitioningIndex { $0.upperBound >= seq }
    }
}
