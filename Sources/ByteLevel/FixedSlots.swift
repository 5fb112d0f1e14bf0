/// A fixed number of slots of plain values (no references), allocated once
/// and written in place: for a table that is cleared and filled again
/// millions of times, as the log reader's members of a line are. An array
/// in a class checks that it is not shared at each write, a call into the
/// runtime that cost the reader more than the write itself.
///
/// Every slot starts as `initial`; indices run from 0 to ``count``, and a
/// read or write outside them stops the program.
///
/// The class is `public` (its members are `package`) for the compiler: Swift
/// 6.3 does not inline an `@inlinable package` member of a `package` type
/// into another module.
public final class FixedSlots<Element: BitwiseCopyable> {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    /// How many slots.
    @usableFromInline package let count: Int

    /// `count` slots, each holding `initial`.
    package init(count: Int, initial: Element) {
        precondition(count >= 0, "a negative number of slots")
        self.count = count
        base = UnsafeMutablePointer<Element>.allocate(capacity: count)
        base.initialize(repeating: initial, count: count)
    }

    deinit {
        // Plain values: nothing to deinitialise.
        base.deallocate()
    }

    /// The value in slot `index`.
    @inlinable @inline(__always)
    package subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "a slot out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "a slot out of range")
            base[index] = newValue
        }
    }
}
