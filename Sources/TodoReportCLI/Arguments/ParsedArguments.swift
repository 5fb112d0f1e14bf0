import ByteLevel

/// A subcommand's command line, checked against the options it takes.
struct ParsedArguments {
    /// Value options, by canonical name, as raw bytes (a path need not be UTF-8).
    private(set) var values: [String: [UInt8]] = [:]
    /// Flags given, by canonical name.
    private(set) var flags: Set<String> = []
    /// Everything that is not an option, in order.
    private(set) var positionals: [Path] = []
    /// The other commands and their options, for the hint to an option this one does not take.
    private let otherCommands: [(name: String, options: [OptionSpec])]

    /// Parses `arguments` for `command`. Options may come before or after the
    /// positionals, as `--name value` or `--name=value`; `--` ends the options,
    /// and `-` alone is a positional (standard input or output).
    ///
    /// A mistake is thrown after the whole line is read, unless `--help` is
    /// among the options: someone who asks for help while unsure of the
    /// options (`diff -x -h`) gets the help, not an error about them.
    ///
    /// An option `command` does not take is refused with a hint: its likely
    /// spelling, or the commands that take it (`otherCommands`, by name).
    init(
        _ arguments: ArraySlice<[UInt8]>, options: [OptionSpec], command: String,
        otherCommands: [(name: String, options: [OptionSpec])] = []
    ) throws(CLIError) {
        self.otherCommands = otherCommands
        var rest = arguments
        var onlyPositionals = false
        var firstMistake: CLIError?
        while let argument = rest.popFirst() {
            do {
                try take(argument, rest: &rest, onlyPositionals: &onlyPositionals, options: options, command: command)
            } catch {
                firstMistake = firstMistake ?? error
            }
        }
        if let firstMistake, !flags.contains(OptionSpec.help.canonicalName) { throw firstMistake }
    }

    /// Reads one argument, and the value after it when it is an option that takes one.
    private mutating func take(
        _ argument: [UInt8], rest: inout ArraySlice<[UInt8]>, onlyPositionals: inout Bool, options: [OptionSpec], command: String
    ) throws(CLIError) {
        if onlyPositionals || argument.first != UInt8(ascii: "-") || argument == [UInt8(ascii: "-")] {
            if argument.isEmpty { throw .usage("an argument is empty; name a file or a folder.") }
            positionals.append(Path(bytes: argument))
            return
        }
        if argument == Array("--".utf8) {
            onlyPositionals = true
            return
        }
        let equals = argument.starts(with: "--".utf8) ? argument.firstIndex(of: UInt8(ascii: "=")) : nil
        let name = String(decoding: argument[..<(equals ?? argument.endIndex)], as: UTF8.self)
        let inline = equals.map { Array(argument[($0 + 1)...]) }
        guard let spec = options.first(where: { $0.names.contains(name) }) else {
            let shown = Path(bytes: argument[..<(equals ?? argument.endIndex)]).display
            // A question ends the sentence itself.
            let spelling = Self.hint(forUnknown: argument, among: options)
            let hint = spelling.isEmpty ? ownersHint(of: name) : spelling
            throw .usage("'\(shown)' is not an option of \(command)\(hint)\(hint.hasSuffix("?") ? "" : ".")")
        }
        let key = spec.canonicalName
        guard spec.valueName != nil else {
            if inline != nil { throw .usage("\(name) takes no value.") }
            flags.insert(key)
            return
        }
        guard let value = inline ?? rest.first else {
            throw .usage("\(name) needs a value, as in \(name) \(spec.valueName ?? "VALUE").")
        }
        // `--summary --strict` means a forgotten value, not a file named `--strict`
        // (a text such as `--title`'s may be anything); the option is left to be read as one.
        if inline == nil, spec.valueName != "TEXT", let option = Self.optionName(value, among: options) {
            throw .usage(
                "\(name) needs a value, and the next argument is the option \(option); for a file of that name write \(key)=\(option) or ./\(option)."
            )
        }
        if inline == nil { rest.removeFirst() }
        // An empty name is no file: `-o ''` (an unset variable in a script) must not become `/report.html`.
        if value.isEmpty, spec.valueName != "TEXT" {
            throw .usage("\(name) is empty; give it a \(spec.valueName ?? "value").")
        }
        if values[key] != nil { throw .usage("\(name) is given twice; give it once.") }
        values[key] = value
    }

    /// What an unknown option was likely meant to be: a short option given its
    /// value with `=` (`-o=x.html`), or a slip of a long one (`--sumary`).
    private static func hint(forUnknown argument: [UInt8], among options: [OptionSpec]) -> String {
        let text = String(decoding: argument, as: UTF8.self)
        if !text.hasPrefix("--"), let equals = text.firstIndex(of: "="),
            let spec = options.first(where: { $0.names.contains(String(text[..<equals])) }), spec.valueName != nil
        {
            let value = text[text.index(after: equals)...]
            return
                "; a short option's value follows a space (\(text[..<equals]) \(value)), a long one's its = (\(spec.canonicalName)=\(value))"
        }
        guard text.hasPrefix("--"), text.count >= 5 else { return "" }
        let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
        let longNames = options.flatMap(\.names).filter { $0.hasPrefix("--") }
        return Misspelling.meant(name, among: longNames).map { "; did you mean \($0)?" } ?? ""
    }

    /// `; it is an option of batch` for an option only other commands take; empty when none does.
    private func ownersHint(of name: String) -> String {
        let owners = otherCommands.filter { $0.options.contains { $0.names.contains(name) } }.map(\.name)
        guard let last = owners.last else { return "" }
        let named = owners.count == 1 ? last : owners.dropLast().joined(separator: ", ") + " and " + last
        return "; it is an option of \(named)"
    }

    /// The option `argument` names (`--strict`, or `--title` of `--title=x`), if it is one of `options`.
    private static func optionName(_ argument: [UInt8], among options: [OptionSpec]) -> String? {
        guard argument.count > 1, argument.first == UInt8(ascii: "-") else { return nil }
        let equals = argument.starts(with: "--".utf8) ? argument.firstIndex(of: UInt8(ascii: "=")) : nil
        let name = String(decoding: argument[..<(equals ?? argument.endIndex)], as: UTF8.self)
        return options.contains { $0.names.contains(name) } ? name : nil
    }

    func has(_ flag: OptionSpec) -> Bool { flags.contains(flag.canonicalName) }

    func path(_ option: OptionSpec) -> Path? { values[option.canonicalName].map { Path(bytes: $0) } }

    /// The value as text (invalid UTF-8 repaired with U+FFFD).
    func text(_ option: OptionSpec) -> String? { values[option.canonicalName].map { String(decoding: $0, as: UTF8.self) } }

    /// The value as a whole number in `range`, or a usage error that shows an example.
    func integer<Number: FixedWidthInteger>(
        _ option: OptionSpec, in range: ClosedRange<Number>, example: String
    ) throws(CLIError) -> Number? {
        guard let text = text(option) else { return nil }
        guard let number = Number(text), range.contains(number) else {
            let bounds =
                range.upperBound == Number.max
                ? "a whole number ≥ \(range.lowerBound)" : "a whole number from \(range.lowerBound) to \(range.upperBound)"
            // Digits beyond the type's largest value are too large, not a mistake of form.
            let isTooLarge =
                !text.isEmpty && text.utf8.allSatisfy(\.isASCIIDigit) && Number(text) == nil
            let largest = isTooLarge && range.upperBound == Number.max ? ", larger than the largest, \(Number.max)" : ""
            throw .usage("\(option.canonicalName) takes \(bounds), as in \(option.canonicalName) \(example); got '\(text)'\(largest).")
        }
        return number
    }

    /// The single positional, or a usage error. `what` names it, as in
    /// `INPUT: name a log`; its first word names it when there are several.
    func single(_ what: String) throws(CLIError) -> Path {
        guard let first = positionals.first else { throw .usage("missing \(what).") }
        guard positionals.count == 1 else {
            let name = what.prefix { $0 != ":" }
            throw .usage("one \(name) at a time; got \(positionals.count): \(positionals.map(\.display).joined(separator: " ")).")
        }
        return first
    }
}
