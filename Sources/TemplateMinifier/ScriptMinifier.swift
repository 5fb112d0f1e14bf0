/// Makes a page's JavaScript smaller without changing what it does: comments
/// go, indentation and runs of white space shrink to the one character that
/// keeps the tokens apart, and the text of strings, template literals and
/// regular expressions is kept byte for byte.
///
/// Line breaks are kept wherever the code could depend on one (automatic
/// semicolon insertion, `return` followed by a line break): only a break
/// after `{ ( [ , ;` or before `) ] } , ;` is dropped, where no semicolon can
/// be inserted. The names a function declares are shortened
/// (``ScriptNameShortener``); the script's own global names are kept.
public enum ScriptMinifier {
    /// The minified form of `source`; with `shorteningNames` false, every
    /// name is kept as written.
    public static func minify(_ source: String, shorteningNames: Bool = true) -> String {
        var scanner = Scanner(Array(source.utf8))
        scanner.run()
        guard shorteningNames else { return String(decoding: scanner.output, as: UTF8.self) }
        return String(decoding: ScriptNameShortener.shorten(scanner.output, tokens: scanner.tokens), as: UTF8.self)
    }

    /// One token of the minified script: where it is in the output and what it is.
    struct Token {
        enum Kind {
            case word, string, template, regularExpression, punctuation
        }

        var range: Range<Int>
        var kind: Kind
        /// Whether a line break stands before it in the output.
        var followsBreak: Bool
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var output: [UInt8] = []
        /// The tokens written to `output`, in order.
        var tokens: [Token] = []
        /// The template substitutions (`${ … }`) the scanner is inside,
        /// innermost last: for each, how many braces are open in it.
        var openBraces: [Int] = []
        /// White space seen since the last token: none, some, or some with a line break.
        var pendingSpace = false
        var pendingBreak = false
        /// Whether a `/` here would start a regular expression (not divide).
        var regexAllowed = true

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            output.reserveCapacity(bytes.count)
        }

        func byte(at offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        mutating func run() {
            while let current = byte(at: 0) {
                switch current {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    pendingSpace = true
                    index += 1
                case UInt8(ascii: "\n"):
                    pendingBreak = true
                    index += 1
                case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
                    while let next = byte(at: 0), next != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    emitToken(first: current, kind: .string) { $0.copyQuoted(current) }
                    regexAllowed = false
                case UInt8(ascii: "`"):
                    emitToken(first: current, kind: .template) { $0.copyTemplate() }
                case UInt8(ascii: "/") where regexAllowed:
                    emitToken(first: current, kind: .regularExpression) { $0.copyRegularExpression() }
                    regexAllowed = false
                case UInt8(ascii: "}") where closesSubstitution():
                    // The end of `${ … }`: the template literal goes on.
                    openBraces.removeLast()
                    pendingSpace = false
                    pendingBreak = false
                    let start = output.count
                    output.append(current)
                    index += 1
                    copyTemplate(openingQuoteDone: true)
                    tokens.append(Token(range: start..<output.count, kind: .template, followsBreak: false))
                default:
                    if Self.isWord(current) {
                        let start = index
                        emitToken(first: current, kind: .word) { scanner in
                            while let next = scanner.byte(at: 0), Self.isWord(next) {
                                scanner.output.append(next)
                                scanner.index += 1
                            }
                        }
                        let word = bytes[start..<index]
                        regexAllowed = Self.keywordsBeforeExpression.contains { $0.elementsEqual(word) }
                    } else {
                        emitToken(first: current, kind: .punctuation) { scanner in
                            scanner.output.append(current)
                            scanner.index += 1
                        }
                        trackBraces(current)
                        regexAllowed = !(current == UInt8(ascii: ")") || current == UInt8(ascii: "]") || current == UInt8(ascii: "}"))
                    }
                }
            }
        }

        /// Whether the `}` here ends the innermost template substitution.
        func closesSubstitution() -> Bool {
            openBraces.last == 0
        }

        mutating func trackBraces(_ punctuation: UInt8) {
            guard !openBraces.isEmpty else { return }
            if punctuation == UInt8(ascii: "{") { openBraces[openBraces.count - 1] += 1 }
            if punctuation == UInt8(ascii: "}") { openBraces[openBraces.count - 1] -= 1 }
        }

        /// Writes the white space the next token needs, then the token.
        mutating func emitToken(first: UInt8, kind: Token.Kind, _ copy: (inout Scanner) -> Void) {
            if let previous = output.last, pendingSpace || pendingBreak {
                if pendingBreak && !Self.noBreakAfter.contains(previous) && !Self.noBreakBefore.contains(first) {
                    output.append(UInt8(ascii: "\n"))
                } else if Self.needsSpace(between: previous, and: first) {
                    output.append(UInt8(ascii: " "))
                }
            }
            pendingSpace = false
            pendingBreak = false
            let start = output.count
            copy(&self)
            tokens.append(Token(range: start..<output.count, kind: kind, followsBreak: output[..<start].last == UInt8(ascii: "\n")))
        }

        mutating func skipBlockComment() {
            index += 2
            while let current = byte(at: 0) {
                if current == UInt8(ascii: "*") && byte(at: 1) == UInt8(ascii: "/") {
                    index += 2
                    return
                }
                // A comment with a line break in it counts as a line break.
                if current == UInt8(ascii: "\n") { pendingBreak = true }
                index += 1
            }
        }

        /// Copies a string in `quote`s, escapes included.
        mutating func copyQuoted(_ quote: UInt8) {
            output.append(quote)
            index += 1
            while let current = byte(at: 0) {
                output.append(current)
                index += 1
                if current == UInt8(ascii: "\\"), let escaped = byte(at: 0) {
                    output.append(escaped)
                    index += 1
                } else if current == quote || current == UInt8(ascii: "\n") {
                    return
                }
            }
        }

        /// Copies a template literal up to its end or to a `${`, which opens
        /// a substitution that the main loop scans as code (where a `/` may
        /// start a regular expression; after the literal's end it divides).
        mutating func copyTemplate(openingQuoteDone: Bool = false) {
            if !openingQuoteDone {
                output.append(UInt8(ascii: "`"))
                index += 1
            }
            while let current = byte(at: 0) {
                if current == UInt8(ascii: "\\"), let escaped = byte(at: 1) {
                    output.append(contentsOf: [current, escaped])
                    index += 2
                    continue
                }
                output.append(current)
                index += 1
                if current == UInt8(ascii: "`") {
                    regexAllowed = false
                    return
                }
                if current == UInt8(ascii: "$") && byte(at: 0) == UInt8(ascii: "{") {
                    output.append(UInt8(ascii: "{"))
                    index += 1
                    openBraces.append(0)
                    regexAllowed = true
                    return
                }
            }
        }

        /// Copies `/…/flags`, a `/` inside `[…]` included.
        mutating func copyRegularExpression() {
            output.append(UInt8(ascii: "/"))
            index += 1
            var inClass = false
            while let current = byte(at: 0) {
                output.append(current)
                index += 1
                switch current {
                case UInt8(ascii: "\\"):
                    if let escaped = byte(at: 0) {
                        output.append(escaped)
                        index += 1
                    }
                case UInt8(ascii: "["): inClass = true
                case UInt8(ascii: "]"): inClass = false
                case UInt8(ascii: "/") where !inClass:
                    while let flag = byte(at: 0), Self.isWord(flag) {
                        output.append(flag)
                        index += 1
                    }
                    return
                case UInt8(ascii: "\n"): return
                default: break
                }
            }
        }

        /// Letters, digits, `_`, `$` and every byte of a non-ASCII character.
        static func isWord(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
                return true
            default:
                return false
            }
        }

        /// Whether dropping the space between two tokens would join them into
        /// another: two words, `+ +`, `- -`, `/ /`, or a number and a `.`.
        static func needsSpace(between previous: UInt8, and next: UInt8) -> Bool {
            if isWord(previous) && isWord(next) { return true }
            if previous == next && (next == UInt8(ascii: "+") || next == UInt8(ascii: "-") || next == UInt8(ascii: "/")) { return true }
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(previous) && next == UInt8(ascii: ".") { return true }
            return false
        }

        /// After these no semicolon is ever inserted, so a line break can go.
        static let noBreakAfter: Set<UInt8> = Set("{([,;".utf8)
        /// Before these a line break ends nothing that would not end anyway.
        static let noBreakBefore: Set<UInt8> = Set(")]},;".utf8)

        /// Words after which a `/` starts a regular expression.
        static let keywordsBeforeExpression: [[UInt8]] = [
            "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await",
        ].map { Array($0.utf8) }
    }
}
