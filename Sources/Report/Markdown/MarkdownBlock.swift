/// A CommonMark document as a tree, so that text from a log is always a text
/// node and never parsed as Markdown: nothing typed can become emphasis, a
/// link or HTML.
public indirect enum MarkdownBlock: Hashable, Sendable {
    case heading(level: Int, [MarkdownInline])
    case paragraph([MarkdownInline])
    /// Each item is a list of blocks.
    case bulletList([[MarkdownBlock]])
}

/// Inline content of a ``MarkdownBlock``.
public indirect enum MarkdownInline: Hashable, Sendable {
    /// Literal text, shown exactly as given.
    case text(String)
    case strong([MarkdownInline])
    case emphasis([MarkdownInline])
    /// A code span, for names and values.
    case code(String)
}
