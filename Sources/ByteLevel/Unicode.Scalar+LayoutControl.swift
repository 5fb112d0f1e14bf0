extension Unicode.Scalar {
    /// Whether the scalar changes how the text around it is laid out: the
    /// bidirectional marks, embeddings, overrides and isolates (U+200E,
    /// U+200F, U+202A…U+202E, U+2066…U+2069) and the line and paragraph
    /// separators (U+2028, U+2029). A log's text that holds one can reverse
    /// or break the text a page or a message writes around it.
    @inlinable
    package var isLayoutControl: Bool {
        (0x200E...0x200F).contains(value) || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Whether the scalar is a control character: C0 (U+0000…U+001F), DEL or
    /// C1 (U+0080…U+009F). Written to a terminal as it is, one can start an
    /// escape sequence (ESC, and U+009B for some terminals) that sets the
    /// window's title, clears the screen or types at the prompt.
    @inlinable
    package var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

    /// `\u{202E}`: how a message or a summary shows a scalar that it must not
    /// write as it is.
    package var escapedForDisplay: String {
        "\\u{\(ASCIIHex.text(of: value, uppercase: true))}"
    }
}

extension String {
    /// The text with every layout control (``Unicode/Scalar/isLayoutControl``)
    /// shown as `\u{202E}`: for log text written into the tool's own prose (a
    /// summary, a page's table), where it would otherwise reorder that prose.
    package var showingLayoutControls: String {
        // Every layout control is in U+2000…U+2FFF, whose UTF-8 starts with 0xE2: most texts have none.
        guard utf8Contains(0xE2), unicodeScalars.contains(where: \.isLayoutControl) else { return self }
        return escapingScalars { $0.isLayoutControl ? $0.escapedForDisplay : nil }
    }
}
