import Testing

@testable import SessionLog

@Suite("Searching sorted ranges")
struct PartitioningIndexTests {
    static let ranges: [ClosedRange<Int>] = [0...2, 5...5, 9...12, 20...30]

    @Test(
        "the first range ending at or after a value, as a walk from the start finds it",
        arguments: [-1, 0, 2, 3, 5, 6, 9, 12, 13, 25, 30, 31])
    func firstEndingAtOrAfter(value: Int) {
        let walked = Self.ranges.firstIndex { $0.upperBound >= value } ?? Self.ranges.endIndex
        #expect(Self.ranges.partitioningIndex { $0.upperBound >= value } == walked)
    }

    @Test("a slice's own indices, and no element or every element past the point")
    func edges() {
        let slice = Self.ranges[1...]
        #expect(slice.partitioningIndex { $0.upperBound >= 10 } == 2)
        #expect(slice.partitioningIndex { _ in true } == 1)
        #expect(slice.partitioningIndex { _ in false } == 4)
        #expect([Int]().partitioningIndex { _ in true } == 0)
    }
}
