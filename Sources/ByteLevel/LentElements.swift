extension Array {
    /// Calls `body` with the elements lent where they lie, for loops that
    /// look at many elements and keep none: reading `self[i]` copies the
    /// element (retaining what it refers to, a string's storage say) and
    /// destroys the copy after; ``LentElements`` borrows it in place.
    @inlinable
    package func withLentElements<Result>(_ body: (LentElements<Element>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(LentElements(buffer: $0)) }
    }
}

/// An array's elements, lent for the length of a call
/// (``Swift/Array/withLentElements(_:)``); never kept after it.
///
/// The type is `public` (its members are `package`) for the compiler, as
/// ``ByteView`` is: its subscript must be inlined where it is read.
public struct LentElements<Element> {
    @usableFromInline let buffer: UnsafeBufferPointer<Element>

    @inlinable
    init(buffer: UnsafeBufferPointer<Element>) {
        self.buffer = buffer
    }

    /// How many elements.
    @inlinable
    package var count: Int { buffer.count }

    /// The element at `index`, which must be in `0..<count`, borrowed where it lies.
    @inlinable
    package subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < buffer.count, "an element past the end")
            return buffer.baseAddress.unsafelyUnwrapped + index
        }
    }
}
