/// The creation funnel: how the add sheets of a journey ended and what they
/// added. A session's (``SessionNumbers/sheets``) and the sum over a batch's
/// sessions (``BatchAggregate/Funnel/sheets``) are this one value, so the
/// report, the stats file, `sessions.csv`, the index page and both summaries
/// count and divide the same members. The <doc:Numbers> article defines them.
public struct SheetFunnel: Sendable, Equatable {
    /// Add sheets the journey opened (`startCreatingItem` events on it).
    public var opened = 0
    /// Sheets with at least one keystroke.
    public var typed = 0
    /// Sheets ended by an Add.
    public var added = 0
    /// Sheets ended by a cancel.
    public var cancelled = 0
    /// Sheets ended by a + while they were open.
    public var replaced = 0
    /// Sheets open in the final state: 0 or 1 for one session.
    public var openAtEnd = 0
    /// `addItem` events of the journey, with a sheet or without: for one
    /// session, the final state's item count.
    public var itemsAdded = 0
    /// Keystrokes of added sheets.
    public var addedSheetKeystrokes = 0

    /// No sheet, no item.
    public init() {}

    /// Items added with no sheet open: `itemsAdded − added`.
    public var itemsWithoutSheet: Int { itemsAdded - added }

    /// Sheets added per sheet opened, between 0 and 1; `nil` when no sheet opened.
    public var conversion: Ratio? { Ratio(added, of: opened) }

    /// Keystrokes per added sheet; `nil` when no sheet was added.
    public var keystrokesPerItem: Ratio? { Ratio(addedSheetKeystrokes, of: added) }

    /// Adds `other`'s counts to `total`'s, member by member: a batch's funnel
    /// is the sum of its sessions', and its ratios are of those sums.
    public static func += (total: inout SheetFunnel, other: SheetFunnel) {
        total.opened += other.opened
        total.typed += other.typed
        total.added += other.added
        total.cancelled += other.cancelled
        total.replaced += other.replaced
        total.openAtEnd += other.openAtEnd
        total.itemsAdded += other.itemsAdded
        total.addedSheetKeystrokes += other.addedSheetKeystrokes
    }
}
