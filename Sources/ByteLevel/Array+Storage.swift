extension Array {
    /// Whether the two arrays are one storage, a copy not yet written to: then
    /// they hold the same elements, byte for byte, which is known at once
    /// (`==` compares them one by one when it must, and calls canonically
    /// equivalent strings equal).
    package func sharesStorage(with other: [Element]) -> Bool {
        count == other.count
            && withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress } }
    }
}
