import ByteLevel
import SessionLog

/// The page's diagnostics: every one kept, compactly, as they arrive, so a
/// log of a million bad lines makes a report a few times the log's size.
///
/// The first ``staticLimit`` are also HTML list items, for a page read without
/// JavaScript. All of them are rows of a JSON block that the page's script
/// turns into text (see `Templates/report.js`, which reads it):
/// - `count`: how many diagnostics there are.
/// - `codes`: `[code, severity]` per code used, in order of first use.
/// - `kinds`: `[codeIndex, column or null, piece, …]`: a code, a column and a
///   message template (``MessageTemplate``): its arguments go between the pieces.
/// - `args`: arguments used by rows (interned text).
/// - `rows`: one flat array; per diagnostic, the line minus the previous
///   diagnostic's line, then its kind (an index in `kinds`, or the kind itself
///   once that table is full), then one value per argument (an index in `args`,
///   or the text itself once that table is full).
///
/// The tables stop growing at `tableLimit` entries (and the arguments at
/// `argumentTableBytes`); past that, rows carry their text inline: correct,
/// only larger. Rows are spilled to disk as they come.
final class DiagnosticList {
    /// Diagnostics shown as HTML without JavaScript; the script lists them all.
    static let staticLimit = 100
    /// Entries each of `kinds` and `args` may hold.
    let tableLimit: Int
    /// Bytes of text the `args` table may hold.
    let argumentTableBytes: Int

    private struct Kind: Hashable {
        var code: Int
        var column: Int?
        var pieces: [String]
    }

    let rows = SpillFile()
    private(set) var count = 0
    private(set) var errors = 0
    private(set) var staticHTML = ""
    private var codes: [DiagnosticCode] = []
    private var codeIndex: [DiagnosticCode: Int] = [:]
    private var kinds: [Kind] = []
    private var kindIndex: [Kind: Int] = [:]
    private var arguments: [String] = []
    private var argumentIndex: [String: Int] = [:]
    private var argumentBytes = 0
    private var lastLine = 0

    var warnings: Int { count - errors }

    init(tableLimit: Int = 1 << 16, argumentTableBytes: Int = 4 << 20) {
        self.tableLimit = tableLimit
        self.argumentTableBytes = argumentTableBytes
    }

    func add(_ diagnostic: Diagnostic) {
        count += 1
        if diagnostic.severity == .error { errors += 1 }
        if count <= Self.staticLimit { staticHTML += Self.listItem(diagnostic) }

        if count > 1 { rows.append(byte: UInt8(ascii: ",")) }
        rows.appendDecimal(diagnostic.line - lastLine)
        lastLine = diagnostic.line
        rows.append(byte: UInt8(ascii: ","))
        let (pieces, values) = MessageTemplate.split(diagnostic.message)
        let kind = Kind(code: index(of: diagnostic.code), column: diagnostic.column, pieces: pieces)
        if let known = kindIndex[kind] {
            rows.appendDecimal(known)
        } else if kinds.count < tableLimit {
            kindIndex[kind] = kinds.count
            rows.appendDecimal(kinds.count)
            kinds.append(kind)
        } else {
            rows.append(Self.json(kind))
        }
        for value in values {
            rows.append(byte: UInt8(ascii: ","))
            if let known = argumentIndex[value] {
                rows.appendDecimal(known)
            } else if arguments.count < tableLimit, argumentBytes + value.utf8.count <= argumentTableBytes {
                argumentIndex[value] = arguments.count
                rows.appendDecimal(arguments.count)
                arguments.append(value)
                argumentBytes += value.utf8.count
            } else {
                rows.appendScriptSafeJSON(value)
            }
        }
    }

    /// The list items for a page without JavaScript: the first ``staticLimit``,
    /// then how many more the script lists.
    var staticItems: String {
        let hidden = count - Self.staticLimit
        guard hidden > 0 else { return staticHTML }
        return staticHTML + "<li class=\"more\">… and \(groupedDigits(hidden)) more: enable JavaScript to list them all</li>\n"
    }

    /// The JSON block, as text and the spilled rows.
    var dataParts: [PagePart] {
        let codeList = codes.map { "[\($0.rawValue.scriptSafeJSONLiteral),\"\($0.severity.rawValue)\"]" }.joined(separator: ",")
        let kindList = kinds.map(Self.json).joined(separator: ",")
        let argumentList = arguments.map(\.scriptSafeJSONLiteral).joined(separator: ",")
        return [
            .text("{\"v\":1,\"count\":\(count),\"codes\":[\(codeList)],\"kinds\":[\(kindList)],\"args\":[\(argumentList)],\"rows\":["),
            .spill(rows), .text("]}"),
        ]
    }

    private func index(of code: DiagnosticCode) -> Int {
        if let known = codeIndex[code] { return known }
        codeIndex[code] = codes.count
        codes.append(code)
        return codes.count - 1
    }

    private static func json(_ kind: Kind) -> String {
        "[\(kind.code),\(kind.column.map(String.init) ?? "null")," + kind.pieces.map(\.scriptSafeJSONLiteral).joined(separator: ",") + "]"
    }

    private static func listItem(_ diagnostic: Diagnostic) -> String {
        let location = "\(diagnostic.line)" + (diagnostic.column.map { ":\($0)" } ?? "")
        return "<li class=\"\(diagnostic.severity.rawValue)\"><span class=\"location\">line \(location)</span> "
            + "<span class=\"severity\">\(diagnostic.severity.rawValue)</span> "
            + "<code class=\"code\">\(diagnostic.code.rawValue)</code> "
            + "<span class=\"message\">\(diagnostic.message.htmlEscaped)</span></li>\n"
    }
}
