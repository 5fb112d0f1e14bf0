#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The page's HTML skeleton, stylesheet and script: the ones built into the
/// tool, or a customised copy of `Templates/`.
public struct PageTemplates: Sendable {
    /// The names of the three template files in a `--templates` folder.
    public static let fileNames = (html: "report.html", css: "report.css", js: "report.js")

    /// The line in the `<head>` of every page the built-in templates make
    /// (report, diff and index): what tells a page todo-report wrote from
    /// another file, as `batch` asks before it removes a report whose
    /// session is gone.
    public static let generatorLine = "<meta name=\"generator\" content=\"todo-report\">"

    /// The skeleton, with `{{name}}` placeholders.
    public var html: String {
        didSet { htmlSegments = Template(html).segments }
    }
    /// ``html`` cut at its placeholders, once for the templates rather than for every page.
    private(set) var htmlSegments: [Template.Segment]
    /// Inlined in a `<style>` allowed by its SHA-256.
    public var css: String {
        didSet { contentSecurityPolicy = ContentSecurityPolicy.policy(css: css, js: js) }
    }
    /// Inlined in a `<script>` allowed by its SHA-256.
    public var js: String {
        didSet { contentSecurityPolicy = ContentSecurityPolicy.policy(css: css, js: js) }
    }
    /// The page's policy, which names ``css`` and ``js`` by their SHA-256:
    /// worked out once for the templates, not again for every page made with them.
    private(set) var contentSecurityPolicy: String

    /// The templates compiled into the binary from the package's `Templates/`.
    public static let builtIn: PageTemplates = {
        let files = EmbeddedTemplates.files
        return PageTemplates(
            html: files[fileNames.html] ?? "", css: files[fileNames.css] ?? "", js: files[fileNames.js] ?? "")
    }()

    /// Templates from text: `html` with `{{name}}` placeholders, and the stylesheet and script it inlines.
    public init(html: String, css: String, js: String) {
        self.html = html
        self.htmlSegments = Template(html).segments
        self.css = css
        self.js = js
        self.contentSecurityPolicy = ContentSecurityPolicy.policy(css: css, js: js)
    }

    /// Reads `report.html`, `report.css` and `report.js` from `directory`.
    public init(directory: URL) throws {
        func read(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        self.init(html: try read(Self.fileNames.html), css: try read(Self.fileNames.css), js: try read(Self.fileNames.js))
    }
}
