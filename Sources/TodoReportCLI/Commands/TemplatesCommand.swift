import ByteLevel
import Report

/// `todo-report templates -o DIR`: the report's built-in templates written
/// out, as the start of a `--templates` folder. They are composed from the
/// package's `Templates/` when it is built, so without this a person with the
/// binary alone would have no copy to change.
enum TemplatesCommand: Subcommand {
    static let output = OptionSpec.value(
        "--output", "-o", valueName: "DIR", help: "The folder to write report.html, report.css and report.js into\n(it must exist).")

    static let name = "templates"
    static let abstract = "Write the report's built-in templates, to change and use with --templates."
    static let usage = "todo-report templates -o DIR [--quiet]"
    static let options = [output, .quiet]
    static let discussion = """
        The three files are the ones built into this todo-report: report.html with its
        {{placeholders}}, report.css and report.js (made smaller at build time). A report made
        with --templates DIR from an unchanged copy is byte for byte the one made without.
        """

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("templates takes no INPUT; it writes the built-in templates.") }
        guard let folder = arguments.path(output), !folder.isStandardStream else {
            throw .usage("templates needs -o DIR, a folder to write report.html, report.css and report.js into.")
        }
        let templates = PageTemplates.builtIn
        let names = PageTemplates.fileNames
        let files = [(names.html, templates.html), (names.css, templates.css), (names.js, templates.js)]
        let outputs = try OutputSet(
            files.map { .init(path: folder.appending(Array($0.0.utf8)), role: "template") }, streams: streams, input: nil)
        try outputs.commit { index, descriptor throws(SystemCallError) in
            try writeAll(Array(files[index].1.utf8), to: descriptor)
        }
        if !arguments.has(.quiet) {
            streams.printError("\(names.html), \(names.css) and \(names.js) -> \(folder.display)")
        }
    }
}
