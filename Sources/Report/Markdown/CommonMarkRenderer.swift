import ByteLevel
import CCmark

/// Renders a ``MarkdownBlock`` tree with libcmark: to HTML for the page and to
/// CommonMark for `--summary`. The only file that talks to libcmark.
///
/// libcmark runs in its default safe mode: `CMARK_OPT_UNSAFE` is never passed.
enum CommonMarkRenderer {
    static func html(_ blocks: [MarkdownBlock]) -> String {
        render(blocks) { cmark_render_html($0, CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8) }.showingControlsForbiddenInHTML
    }

    /// CommonMark that GitHub-Flavored Markdown (a CI job summary, say) also
    /// reads as text: libcmark escapes what CommonMark would parse, and text
    /// that GFM alone would make a link (`www.`, `https://`) or strike
    /// through (`~`) gets a backslash too. An e-mail address is still linked
    /// (`mailto:`): GFM sees through every escape of one.
    static func commonMark(_ blocks: [MarkdownBlock]) -> String {
        GFMEscapes.apply(render(blocks, markingGFM: true) { cmark_render_commonmark($0, CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8, 0) })
    }

    private static func render(
        _ blocks: [MarkdownBlock], markingGFM: Bool = false, with renderer: (OpaquePointer) -> UnsafeMutablePointer<CChar>?
    ) -> String {
        guard let document = cmark_node_new(CMARK_NODE_DOCUMENT) else { return "" }
        defer { cmark_node_free(document) }
        for block in blocks { append(block, to: document, markingGFM: markingGFM) }
        guard let rendered = renderer(document) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    private static func append(_ block: MarkdownBlock, to parent: OpaquePointer, markingGFM: Bool) {
        switch block {
        case .heading(let level, let inlines):
            guard let node = child(of: parent, CMARK_NODE_HEADING) else { return }
            cmark_node_set_heading_level(node, Int32(min(max(level, 1), 6)))
            for inline in inlines { append(inline, to: node, markingGFM: markingGFM) }
        case .paragraph(let inlines):
            guard let node = child(of: parent, CMARK_NODE_PARAGRAPH) else { return }
            for inline in inlines { append(inline, to: node, markingGFM: markingGFM) }
        case .bulletList(let items):
            // A list right after a list continues it: two lists in a row are
            // written with `<!-- end list -->` between them, raw HTML that a
            // renderer which escapes HTML shows as text.
            let previous = cmark_node_last_child(parent)
            let list: OpaquePointer
            if let previous, cmark_node_get_type(previous) == CMARK_NODE_LIST {
                list = previous
            } else {
                guard let made = child(of: parent, CMARK_NODE_LIST) else { return }
                list = made
                cmark_node_set_list_type(list, CMARK_BULLET_LIST)
                cmark_node_set_list_tight(list, 1)
            }
            for item in items {
                guard let itemNode = child(of: list, CMARK_NODE_ITEM) else { continue }
                for inline in item { append(inline, to: itemNode, markingGFM: markingGFM) }
            }
        }
    }

    private static func append(_ inline: MarkdownInline, to parent: OpaquePointer, markingGFM: Bool) {
        switch inline {
        case .text(let text):
            literal(of: child(of: parent, CMARK_NODE_TEXT), markingGFM ? GFMEscapes.mark(text) : text)
        case .code(let text):
            // A line break in a code span would end its line in the Markdown, and a log's text after it
            // could begin a heading, a list or a link there: it is shown as `\u{A}`. The other control
            // characters too: a code span has no character references, so an ESC would reach a terminal
            // that shows the summary (`--summary -`) as it is.
            literal(of: child(of: parent, CMARK_NODE_CODE), text.showingControlCharacters)
        case .strong(let inlines):
            guard let node = child(of: parent, CMARK_NODE_STRONG) else { return }
            for inline in inlines { append(inline, to: node, markingGFM: markingGFM) }
        case .emphasis(let inlines):
            guard let node = child(of: parent, CMARK_NODE_EMPH) else { return }
            for inline in inlines { append(inline, to: node, markingGFM: markingGFM) }
        }
    }

    private static func child(of parent: OpaquePointer, _ type: cmark_node_type) -> OpaquePointer? {
        guard let node = cmark_node_new(type) else { return nil }
        guard cmark_node_append_child(parent, node) == 1 else {
            cmark_node_free(node)
            return nil
        }
        return node
    }

    /// Sets a node's text. libcmark stops at a NUL byte, so NUL becomes U+FFFD;
    /// a layout control (U+202E…) is shown as `\u{202E}`, so that a log's
    /// text cannot reverse or break the summary's own words around it (the
    /// summary's own text holds none).
    private static func literal(of node: OpaquePointer?, _ text: String) {
        guard let node else { return }
        // By bytes: a String's `contains` of a String is Foundation's, which bridges every text to NSString.
        let safe = (text.utf8Contains(0) ? text.replacingNUL() : text).showingLayoutControls
        _ = cmark_node_set_literal(node, safe)
    }
}

extension String {
    /// The text with each control character but the tab shown as `\u{1B}`, line breaks
    /// as `\u{A}` and `\u{D}`.
    fileprivate var showingControlCharacters: String {
        guard unicodeScalars.contains(where: { $0.isControlCharacter && $0 != "\t" }) else { return self }
        return escapingScalars { $0.isControlCharacter && $0 != "\t" ? $0.escapedForDisplay : nil }
    }

    fileprivate func replacingNUL() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
    }
}
