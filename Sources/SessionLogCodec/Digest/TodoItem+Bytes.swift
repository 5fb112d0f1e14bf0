import ByteLevel
package import TodoDomain

extension TodoItem {
    /// Whether `other` is this item byte for byte: the same id, switch and
    /// title bytes. `==` calls canonically equivalent titles equal (`é` and
    /// `e` with a combining accent), whose canonical JSON, and digest, differ.
    package func isSameBytes(as other: borrowing TodoItem) -> Bool {
        id == other.id && isFinished == other.isFinished && title.utf8Equals(other.title)
    }
}

extension [TodoItem] {
    /// Whether `other` is this list byte for byte (see ``TodoItem/isSameBytes(as:)``),
    /// known at once while the two are one storage.
    package func isSameBytes(as other: [TodoItem]) -> Bool {
        sharesStorage(with: other) || elementsEqual(other, by: { $0.isSameBytes(as: $1) })
    }
}
