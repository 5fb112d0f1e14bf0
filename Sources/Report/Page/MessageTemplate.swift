/// A diagnostic message cut into its fixed text and the values put into it,
/// so that a million messages that differ only in a quoted name or a number
/// share one template in the page.
///
/// Arguments are the insides of double-quoted strings (as `quoted(_:)` and
/// the messages write them, backslash escapes included) and words that hold
/// a digit (numbers, `0xE9`, UUIDs, timestamps). Everything else is template
/// text. Any cut is exact: the pieces with the arguments between them give
/// the message back byte for byte; the rules only decide how much is shared.
enum MessageTemplate {
    /// `pieces.count == arguments.count + 1`; the message is
    /// `pieces[0] + arguments[0] + pieces[1] + … + pieces[n]`.
    static func split(_ message: String) -> (pieces: [String], arguments: [String]) {
        var pieces: [String] = []
        var arguments: [String] = []
        var utf8 = message.utf8[...]
        var pieceStart = utf8.startIndex
        // Every cut is next to an ASCII byte, so each part is valid UTF-8.
        func cut(_ start: String.Index, _ end: String.Index) -> String { String(message.utf8[start..<end]) ?? "" }

        while let byte = utf8.first {
            let start = utf8.startIndex
            if byte == UInt8(ascii: "\""), let close = closingQuote(after: utf8.dropFirst()) {
                let inside = message.utf8.index(after: start)
                pieces.append(cut(pieceStart, inside))
                arguments.append(cut(inside, close))
                pieceStart = close
                utf8 = message.utf8[message.utf8.index(after: close)...]
            } else if isWordByte(byte) {
                let end = utf8.firstIndex { !isWordByte($0) } ?? utf8.endIndex
                if message.utf8[start..<end].contains(where: \.isASCIIDigit) {
                    pieces.append(cut(pieceStart, start))
                    arguments.append(cut(start, end))
                    pieceStart = end
                }
                utf8 = message.utf8[end...]
            } else {
                utf8 = utf8.dropFirst()
            }
        }
        pieces.append(cut(pieceStart, message.utf8.endIndex))
        return (pieces, arguments)
    }

    /// The message back from a split.
    static func join(pieces: [String], arguments: [String]) -> String {
        var message = pieces.first ?? ""
        for (argument, piece) in zip(arguments, pieces.dropFirst()) { message += argument + piece }
        return message
    }

    /// The index of the `"` that ends a string whose inside starts `text`, skipping `\` escapes.
    private static func closingQuote(after text: Substring.UTF8View) -> String.Index? {
        var rest = text
        while let byte = rest.first {
            if byte == UInt8(ascii: "\"") { return rest.startIndex }
            rest = rest.dropFirst(byte == UInt8(ascii: "\\") ? 2 : 1)
        }
        return nil
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
