#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Every user action of the Todo app, in the words of the session log.
public enum TodoEvent: Hashable, Sendable {
    /// The + button: opens the add sheet with an empty name.
    case startCreatingItem
    /// Closes the add sheet; what was typed stays in `partialItemName`.
    case cancelCreatingItem
    /// The text field's content changed (one event per keystroke).
    case changePartialItemName(String)
    /// The Add button: appends an item titled with `partialItemName`.
    case addItem(id: UUID)
    /// An item's switch was flipped.
    case setItemDone(id: UUID, isDone: Bool)

    /// The event's kind, without its payload.
    public var kind: Kind {
        switch self {
        case .startCreatingItem: .startCreatingItem
        case .cancelCreatingItem: .cancelCreatingItem
        case .changePartialItemName: .changePartialItemName
        case .addItem: .addItem
        case .setItemDone: .setItemDone
        }
    }

    /// The five kinds of event; the raw value is the name used in logs and as
    /// ``TodoState/stateName``.
    ///
    /// This is the package's one list of event kinds: their order gives
    /// their ``code``s, and the report page reads their names from the data
    /// it is given rather than from a list of its own.
    public enum Kind: String, CaseIterable, Sendable {
        /// Opens the add sheet with an empty name.
        case startCreatingItem
        /// Closes the add sheet, keeping the typed name.
        case cancelCreatingItem
        /// Sets the name typed in the add sheet.
        case changePartialItemName
        /// Appends an item titled with the typed name, and closes the sheet.
        case addItem
        /// Ticks or unticks an item.
        case setItemDone

        /// A small number for the kind: its position in `allCases`, for
        /// tables indexed by kind.
        public var code: Int {
            switch self {
            case .startCreatingItem: 0
            case .cancelCreatingItem: 1
            case .changePartialItemName: 2
            case .addItem: 3
            case .setItemDone: 4
            }
        }
    }
}
