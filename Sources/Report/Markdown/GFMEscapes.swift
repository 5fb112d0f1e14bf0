/// The backslashes GitHub-Flavored Markdown needs beyond CommonMark's, for
/// text from a log: before `~` (strikethrough), the `.` of `www.` and the
/// `:` of `://` (extended autolinks). libcmark's CommonMark renderer knows
/// none of them and would escape a backslash put in the text, so a text
/// node carries a private-use marker where one belongs (``mark(_:)``), and
/// the rendered document has each marker made a backslash (``apply(_:)``).
/// A marker already in the text is doubled, and comes out as itself.
enum GFMEscapes {
    /// U+E000, a private-use character: no Markdown syntax, kept as it is by the renderer.
    static let marker: Unicode.Scalar = "\u{E000}"

    /// `text` with a marker before each character that needs a backslash in GFM.
    static func mark(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var marked = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let escaped =
                scalar == marker || scalar == "~"
                || (scalar == "." && scalars[..<index].suffix(3).map { $0.properties.lowercaseMapping }.joined() == "www")
                || (scalar == ":" && scalars[(index + 1)...].starts(with: "//".unicodeScalars))
            if escaped { marked.append(marker) }
            marked.append(scalar)
        }
        return String(marked)
    }

    /// The rendered document with each marker made a backslash (a doubled one, the marker itself).
    static func apply(_ rendered: String) -> String {
        guard rendered.unicodeScalars.contains(marker) else { return rendered }
        var output = String.UnicodeScalarView()
        var pending = false
        for scalar in rendered.unicodeScalars {
            if pending {
                pending = false
                output.append(scalar == marker ? marker : "\\")
                if scalar != marker { output.append(scalar) }
            } else if scalar == marker {
                pending = true
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }
}
