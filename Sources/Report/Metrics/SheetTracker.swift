import TodoDomain

/// How an add sheet ended, as the numbers and the event table name it.
enum SheetEnd: UInt8, Sendable {
    /// An Add took its text as an item.
    case added
    /// It was cancelled.
    case cancelled
    /// A + opened another sheet while it was open.
    case replaced
    /// It was still open at the newest frame.
    case open

    /// Its name in the event table's `sheet_end`.
    var name: String {
        switch self {
        case .added: "added"
        case .cancelled: "cancelled"
        case .replaced: "replaced"
        case .open: "open"
        }
    }
}

/// The add sheets of a journey, followed event by event: a sheet opens at
/// each `startCreatingItem` (ending an open one as replaced), collects the
/// keystrokes made while it is open, and ends at an Add or a cancel applied
/// while it is open. The journey's walk and the event table's writer both
/// follow the journey with it, so they number and end sheets alike.
struct SheetTracker {
    /// What one event did to the sheets.
    struct Step {
        /// The sheet the event belongs to (it opens, types in or ends it), if any.
        var sheet: Int?
        /// The sheet the event ended, and how (a replaced sheet is the one before ``sheet``).
        var ended: (sheet: Int, end: SheetEnd)?
    }

    /// Whether a sheet is open: the journey state's `isCreatingItem`.
    private(set) var isOpen = false
    /// Sheets opened so far; the open one is the last.
    private(set) var opened = 0

    /// Follows one journey event.
    mutating func apply(_ kind: TodoEvent.Kind) -> Step {
        switch kind {
        case .startCreatingItem:
            let replaced = isOpen ? (opened, SheetEnd.replaced) : nil
            opened += 1
            isOpen = true
            return Step(sheet: opened, ended: replaced)
        case .changePartialItemName:
            return Step(sheet: isOpen ? opened : nil, ended: nil)
        case .addItem, .cancelCreatingItem:
            guard isOpen else { return Step(sheet: nil, ended: nil) }
            isOpen = false
            return Step(sheet: opened, ended: (opened, kind == .addItem ? .added : .cancelled))
        case .setItemDone:
            return Step(sheet: nil, ended: nil)
        }
    }
}
