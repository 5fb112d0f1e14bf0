import ByteLevel
import Report

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `todo-report templates -o DIR`: the report's built-in templates written
/// out, as the start of a `--templates` folder. They are composed from the
/// package's `Templates/` when it is built, so without this a person with the
/// binary alone would have no copy to change.
enum TemplatesCommand: Subcommand {
    static let output = OptionSpec.value(
        "--output", "-o", valueName: "DIR", help: "The folder to write report.html, report.css and report.js into\n(it must exist).")

    static let force = OptionSpec.flag(
        "--force",
        help:
            "Replace template files in DIR that differ from the built-in ones\n(without it, changes of your own are kept and nothing is written)."
    )

    static let name = "templates"
    static let abstract = "Write the report's built-in templates, to change and use with --templates."
    static let usage = "todo-report templates -o DIR [--force] [--quiet]"
    static let options = [output, force, .quietLine]
    static let discussion = """
        The three files are the ones built into this todo-report: report.html with its
        {{placeholders}}, report.css and report.js (made smaller at build time). A report made
        with --templates DIR from an unchanged copy is byte for byte the one made without.
        A file in DIR that differs from the built-in one (a stylesheet you changed) is never
        replaced without --force: nothing is written and the exit code is 73.
        """

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("templates takes no INPUT; it writes the built-in templates.") }
        guard let folder = arguments.path(output), !folder.isStandardStream else {
            throw .usage("templates needs -o DIR, a folder to write report.html, report.css and report.js into.")
        }
        let templates = PageTemplates.builtIn
        let names = PageTemplates.fileNames
        let files = [(names.html, templates.html), (names.css, templates.css), (names.js, templates.js)]
        if !arguments.has(force) {
            for (name, text) in files { try keepChanges(of: name, in: folder, builtIn: text) }
        }
        let outputs = try OutputSet(
            files.map { .init(path: folder.appending(Array($0.0.utf8)), role: "template") }, streams: streams, input: nil)
        try outputs.commit { index, descriptor throws(SystemCallError) in
            try writeAll(Array(files[index].1.utf8), to: descriptor)
        }
        if !arguments.has(.quiet) {
            streams.printError("\(names.html), \(names.css) and \(names.js) -> \(folder.display)")
        }
    }

    /// Refuses to replace a regular file `name` in `folder` that is not
    /// `builtIn`: a template someone changed (or a file of theirs that has the
    /// name). A copy written before, unchanged, is replaced by the same bytes.
    private static func keepChanges(of name: String, in folder: Path, builtIn: String) throws(CLIError) {
        let path = folder.appending(Array(name.utf8))
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        let differs: Bool
        do {
            differs = try SmallFile.read(path, limit: builtIn.utf8.count) != Array(builtIn.utf8)
        } catch {
            differs = true
        }
        if differs {
            throw .cannotWrite(
                path: path.display,
                reason:
                    "it differs from the built-in \(name), so it may hold changes of your own; nothing was written. Write the templates into another folder, or add --force to replace it"
            )
        }
    }
}
