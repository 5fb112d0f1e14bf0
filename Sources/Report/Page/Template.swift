/// A template cut into literal text and `{{name}}` placeholders, so a page
/// can be written piece by piece. Values are inserted literally and never
/// scanned again: a value holding `{{…}}`, `$1` or `\` stays as it is.
struct Template {
    enum Segment: Equatable {
        case text(Substring)
        case placeholder(String)
    }

    let segments: [Segment]

    init(_ text: String) {
        var segments: [Segment] = []
        var rest = text[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            segments.append(.text(rest[..<open.lowerBound]))
            segments.append(.placeholder(String(rest[open.upperBound..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        segments.append(.text(rest))
        self.segments = segments
    }
}
