/// A template that cannot make a whole page: a placeholder it needs is
/// missing (the page would lose the data, the script or its security policy),
/// or it names one the renderer does not know (it would show as `{{name}}`).
public struct TemplateProblem: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the placeholder.
    public enum Kind: Sendable, Equatable {
        case missingPlaceholder
        case unknownPlaceholder
    }

    /// The template's file name (`report.html`).
    public var file: String
    /// The placeholder's name, without braces.
    public var placeholder: String
    /// Missing or unknown.
    public var kind: Kind
    /// Where an unknown placeholder first is in the file; `nil` for a missing one.
    public var position: TextPosition?

    /// Says which file and placeholder, and what to do.
    public var description: String {
        switch kind {
        case .missingPlaceholder:
            "\(file) has no {{\(placeholder)}}, which the page needs; copy it from the built-in template."
        case .unknownPlaceholder:
            "\(file) uses {{\(placeholder)}}, which is not a placeholder of the report; known ones: "
                + PageTemplates.placeholders.sorted().map { "{{\($0)}}" }.joined(separator: ", ") + "."
        }
    }
}

extension PageTemplates {
    /// Every placeholder the page's HTML may use.
    public static let placeholders: Set<String> = [
        "csp", "css", "js", "data", "diagnostics", "diagnosticCount", "summaryHeading", "summary", "title", "documentTitle", "facts",
        "lastFrame",
        "lastFrameText",
        "frameCount", "stateName", "frameTime", "frameOffset", "frameLine", "itemCount", "items", "creatingHidden", "partialName",
        "placeholderHidden",
        "addDisabled", "stateJSON", "diagnosticData", "activityStrip", "funnelChart", "redaction", "unverifiedFrom",
        "unverifiedRanges", "unverifiedHidden",
    ]

    /// The placeholders without which the page loses data, its script or its policy.
    public static let requiredPlaceholders = ["csp", "css", "js", "data", "summary", "diagnostics"]

    /// What is wrong with these templates, in the order found (empty when they can make a page).
    public var problems: [TemplateProblem] {
        let used = htmlSegments.compactMap { segment -> String? in
            if case .placeholder(let name) = segment { return name }
            return nil
        }
        let bytes = Array(html.utf8)
        let unknown = used.filter { !Self.placeholders.contains($0) }.map { name in
            let position = bytes.firstRange(of: Array("{{\(name)}}".utf8)).map { TextPosition(offset: $0.lowerBound, in: bytes) }
            return TemplateProblem(file: Self.fileNames.html, placeholder: name, kind: .unknownPlaceholder, position: position)
        }
        let missing = Self.requiredPlaceholders.filter { !used.contains($0) }
            .map { TemplateProblem(file: Self.fileNames.html, placeholder: $0, kind: .missingPlaceholder) }
        return unknown + missing
    }
}
