import ByteLevel

/// JSON string literals, written the one way this package writes them:
/// `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00xx`
/// (as `JSON.stringify` does), everything else as UTF-8.
public enum JSONString {
    /// `text` as a JSON string literal.
    public static func literal(_ text: String) -> String {
        literal(text, scriptSafe: false)
    }

    /// `text` as a JSON string literal that can stand inside an HTML
    /// `<script>` block: `<`, `>`, `&`, U+2028 and U+2029 also escaped as `\u`
    /// escapes, so it cannot close the block or open a comment. For the page.
    package static func scriptSafeLiteral(_ text: String) -> String {
        literal(text, scriptSafe: true)
    }

    private static func literal(_ text: String, scriptSafe: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        JSONStringWriter.write(text, scriptSafe: scriptSafe) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
