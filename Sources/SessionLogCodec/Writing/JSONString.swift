import ByteLevel

/// JSON string literals, written the one way this package writes them:
/// `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00xx`
/// (as `JSON.stringify` does), everything else as UTF-8.
public enum JSONString {
    /// `text` as a JSON string literal.
    public static func literal(_ text: String) -> String {
        JSONStringWriter.literal(text, scriptSafe: false)
    }
}
