#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension TodoState {
    /// The position of the first item with this id: the one `setItemDone`
    /// changes when two items share an id.
    public func indexOfItem(id: UUID) -> Int? {
        todoItems.firstIndex { $0.id == id }
    }
}
