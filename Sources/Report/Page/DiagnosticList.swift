import SessionLog

/// The page's diagnostics list, rendered to HTML as diagnostics arrive and
/// kept in a spill file, so a log with a million bad lines still streams.
struct DiagnosticList {
    let html = SpillFile()
    private(set) var count = 0
    private(set) var errors = 0

    var warnings: Int { count - errors }

    mutating func add(_ diagnostic: Diagnostic) {
        count += 1
        if diagnostic.severity == .error { errors += 1 }
        let location = "\(diagnostic.line)" + (diagnostic.column.map { ":\($0)" } ?? "")
        html.append(
            "<li class=\"\(diagnostic.severity.rawValue)\"><span class=\"location\">line \(location)</span> "
                + "<span class=\"severity\">\(diagnostic.severity.rawValue)</span> "
                + "<code class=\"code\">\(diagnostic.code.rawValue)</code> "
                + "<span class=\"message\">\(diagnostic.message.htmlEscaped)</span></li>\n")
    }
}
