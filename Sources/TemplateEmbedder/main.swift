// Turns template files into one Swift source file of string constants, so the
// built tool carries its page templates wherever it is copied.
//
// Usage: TemplateEmbedder OUTPUT.swift INPUT...
// (an INPUT in a folder NAME.parts is a piece of the template NAME; the
// parts pages share, `sharedParts` below, are put before each page's own,
// and `head.html` before each page's HTML).
// Scripts (.js) and stylesheets (.css) are minified: every page carries them
// whole, and the readable sources stay in Templates/.
import Foundation
import TemplateMinifier

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: TemplateEmbedder OUTPUT.swift INPUT...\n".utf8))
    exit(64)
}

/// A raw string literal that holds `text` exactly, with enough `#` that
/// nothing inside can close it.
func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

// A file in a folder `NAME.parts` is a piece of the template NAME: the
// pieces are joined in the order of their file names.
var templates: [String: String] = [:]
for path in arguments.dropFirst().sorted() {
    let url = URL(fileURLWithPath: path)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        FileHandle.standardError.write(Data("TemplateEmbedder: cannot read \(path) as UTF-8\n".utf8))
        exit(65)
    }
    let folder = url.deletingLastPathComponent().lastPathComponent
    if folder.hasSuffix(".parts") {
        templates[String(folder.dropLast(".parts".count)), default: ""] += text
    } else {
        templates[url.lastPathComponent] = text
    }
}

// What pages share, put before a page's own stylesheet or script in this
// order: every page begins with `page.css` and `page.js` (the palette, the
// type, focus; counts and durations as text), and the two that draw frames
// (the report and the diff) also with rows drawn in view, long text, the
// phone's look and code and the frames' engine.
let sharedParts: [(part: String, pages: [String])] = [
    ("page.css", ["report.css", "index.css", "diff.css"]),
    ("phone.css", ["report.css", "diff.css"]),
    ("page.js", ["report.js", "index.js", "diff.js"]),
    ("rows.js", ["report.js", "diff.js"]),
    ("text.js", ["report.js", "diff.js"]),
    ("frames.js", ["report.js", "diff.js"]),
    ("phone.js", ["report.js", "diff.js"]),
]
var prefixes: [String: String] = [:]
for (part, pages) in sharedParts {
    guard let text = templates.removeValue(forKey: part) else {
        FileHandle.standardError.write(Data("TemplateEmbedder: the shared part \(part) is missing\n".utf8))
        exit(66)
    }
    for page in pages { prefixes[page, default: ""] += text }
}
for (page, prefix) in prefixes {
    guard let text = templates[page] else {
        FileHandle.standardError.write(Data("TemplateEmbedder: \(page), which shares parts, is missing\n".utf8))
        exit(66)
    }
    templates[page] = prefix + text
}

// Every page's HTML begins with `head.html`, the one `<head>`: a page's file
// starts with its `<title>` line, which takes the place of the head's
// marker line; the rest of the file (its `<body>`) follows the head.
let headMarker = "<!-- the page's <title> line -->\n"
let headPages = ["report.html", "index.html", "diff.html"]
guard let head = templates.removeValue(forKey: "head.html"), head.contains(headMarker) else {
    FileHandle.standardError.write(Data("TemplateEmbedder: head.html, with the line \(headMarker), is missing\n".utf8))
    exit(66)
}
for page in headPages {
    guard let text = templates[page], text.hasPrefix("<title>"), let titleEnd = text.firstIndex(of: "\n") else {
        FileHandle.standardError.write(Data("TemplateEmbedder: \(page) must begin with its <title> line\n".utf8))
        exit(66)
    }
    let titleLine = String(text[...titleEnd])
    templates[page] = head.replacingOccurrences(of: headMarker, with: titleLine) + text[text.index(after: titleEnd)...]
}

for (name, text) in templates {
    if name.hasSuffix(".js") {
        templates[name] = ScriptMinifier.minify(text)
    } else if name.hasSuffix(".css") {
        templates[name] = StyleMinifier.minify(text)
    }
}

var source = "// Generated from Templates/ by TemplateEmbedder. Do not edit.\n\n"
source += "enum EmbeddedTemplates {\n    static let files: [String: String] = [\n"
for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
    source += "        \"\(name)\": \(rawLiteral(text)),\n"
}
source += "    ]\n}\n"
do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("TemplateEmbedder: cannot write \(output): \(error)\n".utf8))
    exit(73)
}
