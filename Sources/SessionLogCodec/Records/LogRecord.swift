public import TodoDomain

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// One well-formed record of a log, before replay.
public enum LogRecord: Hashable, Sendable {
    /// Boxed: a header comes once a log, and its size would otherwise be every record's.
    indirect case header(SessionHeader)
    /// An `event` record: what was dispatched, and when.
    case event(LoggedEvent, RecordStamp)
    /// A `travel` record: the cursor moved to frame `to`.
    case travel(to: Int64, RecordStamp)
}

/// The `seq` and `timestamp` an event or travel record may carry (and an
/// event's state `digest`).
public struct RecordStamp: Hashable, Sendable {
    /// The recorder's sequence number, when the record has one.
    public var seq: Int64?
    /// When the record was written, when it says.
    public var timestamp: Timestamp?
    /// Under keyed redaction, the keyed pseudonym of a `changePartialItemName`'s
    /// name as typed (its text is masked): what the summary shows for a title.
    public var namePseudonym: String?
    /// Under redaction, a hash of a `changePartialItemName`'s name as typed
    /// (0 for an empty one): whether the typed text changed, where two masks
    /// can be alike. Seeded anew in each process and never written out.
    public var nameIdentity: UInt64?
    /// An event's `digest` of the state the app had after it, as its number
    /// (see ``StateDigest/value(of:hasLoggedID:)``), when the record has one.
    public var digest: UInt64?
    /// Under redaction, whether the event carried a `digest` that was dropped
    /// (it hashes the text as typed): counted, so that a reader can say that
    /// it checked none.
    public var digestDropped = false

    /// Makes a stamp; every part is optional in a log.
    public init(seq: Int64? = nil, timestamp: Timestamp? = nil, digest: UInt64? = nil) {
        self.seq = seq
        self.timestamp = timestamp
        self.digest = digest
    }
}

/// An event as logged: like `TodoEvent` but `addItem` may lack its id, which
/// replay then derives from the session and the line.
public enum LoggedEvent: Hashable, Sendable {
    /// As `TodoEvent.startCreatingItem`.
    case startCreatingItem
    /// As `TodoEvent.cancelCreatingItem`.
    case cancelCreatingItem
    /// As `TodoEvent.changePartialItemName`: the name typed so far.
    case changePartialItemName(String)
    /// As `TodoEvent.addItem`; `nil` when the record carries no id.
    case addItem(id: UUID?)
    /// As `TodoEvent.setItemDone`.
    case setItemDone(id: UUID, isDone: Bool)

    /// Which of the five events it is; its `rawValue` is the log's `event` field.
    public var kind: TodoEvent.Kind {
        switch self {
        case .startCreatingItem: .startCreatingItem
        case .cancelCreatingItem: .cancelCreatingItem
        case .changePartialItemName: .changePartialItemName
        case .addItem: .addItem
        case .setItemDone: .setItemDone
        }
    }

    /// The logged form of an event the app dispatched.
    public init(_ event: TodoEvent) {
        switch event {
        case .startCreatingItem: self = .startCreatingItem
        case .cancelCreatingItem: self = .cancelCreatingItem
        case .changePartialItemName(let name): self = .changePartialItemName(name)
        case .addItem(let id): self = .addItem(id: id)
        case .setItemDone(let id, let isDone): self = .setItemDone(id: id, isDone: isDone)
        }
    }
}
