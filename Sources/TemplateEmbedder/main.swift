// Turns template files into one Swift source file of string constants, so the
// built tool carries its page templates wherever it is copied.
//
// Usage: TemplateEmbedder OUTPUT.swift INPUT...
// (an INPUT in a folder NAME.parts is a piece of the template NAME; page.css
// is what every page shares, put before each other stylesheet).
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

// `page.css` is the part of the stylesheet every page shares (the palette,
// the type, focus): each page's stylesheet begins with it.
if let shared = templates.removeValue(forKey: "page.css") {
    for name in templates.keys where name.hasSuffix(".css") {
        templates[name] = shared + (templates[name] ?? "")
    }
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
