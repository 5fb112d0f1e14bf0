/// Makes a page's stylesheet smaller without changing what it selects or
/// sets: comments go, runs of white space become one space, and the space
/// next to `{ } ; , >` and after `:` goes, except inside strings and inside
/// parentheses (where `calc(1px + 2px)` and `:is(a, b)` keep theirs as
/// written). A space before `:` is kept, since `a :hover` and `a:hover`
/// select different elements.
public enum StyleMinifier {
    /// The minified form of `source`.
    public static func minify(_ source: String) -> String {
        let bytes = Array(source.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var pendingSpace = false
        var parentheses = 0
        func dropsSpace(_ byte: UInt8, after: Bool) -> Bool {
            if parentheses > 0 { return false }
            return Self.tight.contains(byte) || (after && byte == UInt8(ascii: ":"))
        }
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count
                    && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 2
                pendingSpace = true
                continue
            }
            if current == UInt8(ascii: " ") || current == UInt8(ascii: "\n") || current == UInt8(ascii: "\t")
                || current == UInt8(ascii: "\r")
            {
                pendingSpace = true
                index += 1
                continue
            }
            if pendingSpace, let previous = output.last, !dropsSpace(previous, after: true), !dropsSpace(current, after: false) {
                output.append(UInt8(ascii: " "))
            }
            pendingSpace = false
            if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                output.append(current)
                index += 1
                while index < bytes.count {
                    let byte = bytes[index]
                    output.append(byte)
                    index += 1
                    if byte == UInt8(ascii: "\\") && index < bytes.count {
                        output.append(bytes[index])
                        index += 1
                    } else if byte == current {
                        break
                    }
                }
                continue
            }
            if current == UInt8(ascii: "(") { parentheses += 1 }
            if current == UInt8(ascii: ")") { parentheses = max(0, parentheses - 1) }
            output.append(current)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Punctuation a space next to which never matters outside parentheses.
    private static let tight: Set<UInt8> = Set("{};,>".utf8)
}
