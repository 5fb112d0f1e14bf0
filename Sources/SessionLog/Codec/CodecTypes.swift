public import SessionLogCodec

// The codec's public types, named here so that `import SessionLog` is all
// an app or a reader of logs needs: they live in SessionLogCodec, the module
// that turns a line into a record and a record into a line.

/// One line's outcome: a record, or a diagnostic about it.
public typealias LogReading = SessionLogCodec.LogReading

/// Reads a log line by line into records and diagnostics.
public typealias LogReader = SessionLogCodec.LogReader

/// One record of a log: the header, an event or a travel.
public typealias LogRecord = SessionLogCodec.LogRecord

/// What a record carries beside its event: `seq`, time, digest.
public typealias RecordStamp = SessionLogCodec.RecordStamp

/// An event as a log records it.
public typealias LoggedEvent = SessionLogCodec.LoggedEvent

/// The first record of a log: schema, app, session and person.
public typealias SessionHeader = SessionLogCodec.SessionHeader

/// A record's `timestamp`, kept as written and as milliseconds.
public typealias Timestamp = SessionLogCodec.Timestamp

/// Which kind of problem a diagnostic reports.
public typealias DiagnosticCode = SessionLogCodec.DiagnosticCode

/// A problem with a log, and where it is.
public typealias Diagnostic = SessionLogCodec.Diagnostic

/// What `--redact` does to a log's text as it is read.
public typealias LogRedaction = SessionLogCodec.LogRedaction

/// A log written again with its text masked and identifiers pseudonymised.
public typealias RedactedLog = SessionLogCodec.RedactedLog

/// Writes records as `todo-session/1` lines.
public typealias RecordEncoder = SessionLogCodec.RecordEncoder

/// JSON string literals, as the log and the pages write them.
public typealias JSONString = SessionLogCodec.JSONString

/// The digest of a state that a log's `digest` field carries.
public typealias StateDigest = SessionLogCodec.StateDigest

/// Digests of many states of one session, each list's JSON kept from the state before.
public typealias StateDigester = SessionLogCodec.StateDigester
