public import Foundation

/// The page's HTML skeleton, stylesheet and script: the ones built into the
/// tool, or a customised copy of `Templates/`.
public struct PageTemplates: Sendable {
    /// The names of the three template files in a `--templates` folder.
    public static let fileNames = (html: "report.html", css: "report.css", js: "report.js")

    /// The skeleton, with `{{name}}` placeholders.
    public var html: String
    /// Inlined in a `<style>` allowed by its SHA-256.
    public var css: String
    /// Inlined in a `<script>` allowed by its SHA-256.
    public var js: String

    /// The templates compiled into the binary from the package's `Templates/`.
    public static var builtIn: PageTemplates {
        let files = EmbeddedTemplates.files
        return PageTemplates(
            html: files[fileNames.html] ?? "", css: files[fileNames.css] ?? "", js: files[fileNames.js] ?? "")
    }

    /// Templates from text: `html` with `{{name}}` placeholders, and the stylesheet and script it inlines.
    public init(html: String, css: String, js: String) {
        self.html = html
        self.css = css
        self.js = js
    }

    /// Reads `report.html`, `report.css` and `report.js` from `directory`.
    public init(directory: URL) throws {
        func read(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        self.init(html: try read(Self.fileNames.html), css: try read(Self.fileNames.css), js: try read(Self.fileNames.js))
    }
}
