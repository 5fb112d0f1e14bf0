import Foundation
import SessionLog
import Report

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
            throw .cannotRead(path: directory.appending(Array(problem.file.utf8)).display, reason: problem.description)
        }
        return templates
    }

    private static func read(_ path: Path) throws(CLIError) -> String {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file; --templates needs report.html, report.css and report.js" : SystemCallError("", errno: errno).reason
            throw .cannotRead(path: path.display, reason: reason)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: path.display, reason: SystemCallError("", errno: errno).reason) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .cannotRead(path: path.display, reason: "it is not UTF-8 text")
        }
        return text
    }
}
