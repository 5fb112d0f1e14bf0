/// What the command line asks for.
enum Invocation: Equatable {
    case help
    case version
    case render(RenderOptions)
    case validate(input: String, strict: Bool)
    case simulate(events: Int, seed: UInt64, output: String?)
}

/// The options of the main command.
struct RenderOptions: Equatable {
    var input: String
    var output: String?
    var summary: String?
    var strict = false
    var title: String?
    var templates: String?
    var quiet = false
}

extension Invocation {
    /// Parses the arguments (without the program name). Options may come
    /// before or after INPUT, as `--name value` or `--name=value`; `--` ends
    /// the options.
    static func parse(_ arguments: [String]) throws(CLIError) -> Invocation {
        var rest = arguments[...]
        var positionals: [String] = []
        var options = RenderOptions(input: "")
        var onlyPositionals = false
        var events: Int?
        var seed: UInt64?

        func value(for name: String, inline: String?) throws(CLIError) -> String {
            if let inline { return inline }
            guard let next = rest.popFirst() else {
                throw .usage("\(name) needs a value, as in \(name) \(placeholder(for: name)).")
            }
            return next
        }

        while let argument = rest.popFirst() {
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = argument.hasPrefix("--") && parts.count == 2 ? parts[1] : nil
            switch name {
            case "--": onlyPositionals = true
            case "-h", "--help": return .help
            case "--version": return .version
            case "-o", "--output": options.output = try value(for: name, inline: inline)
            case "--summary": options.summary = try value(for: name, inline: inline)
            case "--title": options.title = try value(for: name, inline: inline)
            case "--templates": options.templates = try value(for: name, inline: inline)
            case "--events":
                let text = try value(for: name, inline: inline)
                guard let count = Int(text), count >= 0 else { throw .usage("--events takes a whole number ≥ 0, as in --events 1000000; got '\(text)'.") }
                events = count
            case "--seed":
                let text = try value(for: name, inline: inline)
                guard let number = UInt64(text) else { throw .usage("--seed takes a whole number ≥ 0, as in --seed 42; got '\(text)'.") }
                seed = number
            case "--strict", "--quiet":
                if inline != nil { throw .usage("\(name) takes no value.") }
                if name == "--strict" { options.strict = true } else { options.quiet = true }
            default:
                throw .usage("unknown option '\(argument)'.")
            }
        }

        if positionals.first == "simulate" {
            guard positionals.count == 1 else { throw .usage("simulate takes no INPUT; it writes a new session log.") }
            guard let events else { throw .usage("simulate needs --events N, as in simulate --events 1000 -o session.jsonl.") }
            return .simulate(events: events, seed: seed ?? 1, output: options.output)
        }
        if events != nil || seed != nil { throw .usage("--events and --seed belong to simulate.") }
        if positionals.first == "validate" {
            positionals.removeFirst()
            let extra = [options.output.map { _ in "-o" }, options.summary.map { _ in "--summary" },
                         options.title.map { _ in "--title" }, options.templates.map { _ in "--templates" }].compactMap { $0 }
            if let first = extra.first { throw .usage("validate writes nothing, so \(first) does not apply.") }
            return .validate(input: try single(positionals), strict: options.strict)
        }
        options.input = try single(positionals)
        if options.output == "-" && options.summary == "-" {
            throw .usage("the report and the summary cannot both go to standard output; give one of them a file.")
        }
        return .render(options)
    }

    private static func single(_ positionals: [String]) throws(CLIError) -> String {
        guard let input = positionals.first else {
            throw .usage("missing INPUT: name a todo-session/1 log, or - for standard input.")
        }
        guard positionals.count == 1 else {
            throw .usage("one INPUT at a time; got \(positionals.count): \(positionals.joined(separator: " ")).")
        }
        return input
    }

    private static func placeholder(for name: String) -> String {
        switch name {
        case "-o", "--output": "report.html"
        case "--summary": "summary.md"
        case "--title": "\"Checkout test\""
        case "--events": "1000"
        case "--seed": "42"
        default: "DIR"
        }
    }
}
