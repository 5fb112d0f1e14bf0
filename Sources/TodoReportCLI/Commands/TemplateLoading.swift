import ByteLevel
import Report
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--templates DIR`: the three template files, read and checked before any input is read.
enum TemplateLoading {
    static func load(_ directory: Path?) throws(CLIError) -> PageTemplates {
        guard let directory else { return .builtIn }
        let names = PageTemplates.fileNames
        let templates = PageTemplates(
            html: try read(directory.appending(Array(names.html.utf8))),
            css: try read(directory.appending(Array(names.css.utf8))),
            js: try read(directory.appending(Array(names.js.utf8))))
        if let problem = templates.problems.first {
            // Where in the file, as a compiler says it, when the problem is at one place.
            let at = problem.position.map { ":\($0)" } ?? ""
            throw .cannotRead(path: directory.appending(Array(problem.file.utf8)).display + at, reason: problem.description)
        }
        return templates
    }

    /// The three template files of `--templates DIR`, as inputs no output may be written over.
    static func files(in directory: Path?) throws(CLIError) -> [InputFile] {
        guard let directory else { return [] }
        let names = PageTemplates.fileNames
        return try [names.html, names.css, names.js].map { name throws(CLIError) in
            var file = try InputFile.locate(directory.appending(Array(name.utf8)), standardInput: -1)
            file.role = "a --templates file"
            return file
        }
    }

    private static func read(_ path: Path) throws(CLIError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try SmallFile.read(path, limit: 64 << 20)
        } catch {
            let reason = error.errno == ENOENT ? "no such file; --templates needs report.html, report.css and report.js" : error.reason
            throw .cannotRead(path: path.display, reason: reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .cannotRead(path: path.display, reason: "it is not UTF-8 text")
        }
        return text
    }
}
