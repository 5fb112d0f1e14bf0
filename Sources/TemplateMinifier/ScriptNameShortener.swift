/// Gives the names a script's functions declare (parameters, `var`s, inner
/// functions) the shortest names free where they are used: `function
/// grouped(count) { var text = … }` inside a module becomes `function a(b) {
/// var c = … }`. The script's own globals and every property name stay.
///
/// It reads the tokens ``ScriptMinifier`` wrote and knows the scripts of
/// these pages, which are ES5: functions, `var` and `catch` scopes. A script
/// with `let`, `const`, `class`, arrows, template literals, spreads, `with` or
/// `eval` is left as it is, since its scopes (or its `{ a, b }` objects) would
/// need more than that.
enum ScriptNameShortener {
    /// `script` with the declared names shortened.
    static func shorten(_ script: [UInt8], tokens: [ScriptMinifier.Token]) -> [UInt8] {
        var analysis = Analysis(script: script, tokens: tokens)
        guard analysis.run() else { return script }
        let renamed = analysis.newNames()
        var output: [UInt8] = []
        output.reserveCapacity(script.count)
        var written = 0
        for (index, token) in tokens.enumerated() {
            guard let name = renamed[index] else { continue }
            output += script[written..<token.range.lowerBound]
            output += name.utf8
            written = token.range.upperBound
        }
        output += script[written...]
        return output
    }

    /// A name read in a scope, with the scope that declares it (`nil`: a global).
    struct OuterName: Hashable {
        var owner: Scope?
        var name: String

        static func == (left: OuterName, right: OuterName) -> Bool {
            left.owner === right.owner && left.name == right.name
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(owner.map(ObjectIdentifier.init))
            hasher.combine(name)
        }
    }

    /// A function's scope: what it declares and what the code inside it reads
    /// from the scopes around it.
    final class Scope {
        let parent: Scope?
        var children: [Scope] = []
        /// Declared names, in the order first declared.
        var declared: [String] = []
        var declaredSet: Set<String> = []
        /// How many tokens name each declared name, for giving the shortest
        /// names to the most used.
        var uses: [String: Int] = [:]
        /// The names read here or in an inner scope that belong to a scope
        /// around this one (or are globals), which a new name here must not hide.
        var outerNames: Set<OuterName> = []
        var newNames: [String: String] = [:]

        init(parent: Scope?) {
            self.parent = parent
            parent?.children.append(self)
        }

        func declare(_ name: String) {
            if declaredSet.insert(name).inserted { declared.append(name) }
        }

        /// The scope that declares `name`, looking outward from here; `nil` for a global.
        func owner(of name: String) -> Scope? {
            var scope: Scope? = self
            while let current = scope {
                if current.declaredSet.contains(name) { return current }
                scope = current.parent
            }
            return nil
        }
    }

    struct Analysis {
        let script: [UInt8]
        let tokens: [ScriptMinifier.Token]
        let top = Scope(parent: nil)
        /// For each word token that names a variable, the scope it was read in.
        var references: [Int: Scope] = [:]
        /// `catch` parameters: never renamed, never given to another name.
        var catchNames: Set<String> = []

        init(script: [UInt8], tokens: [ScriptMinifier.Token]) {
            self.script = script
            self.tokens = tokens
        }

        func text(_ index: Int) -> String? {
            guard tokens.indices.contains(index) else { return nil }
            return String(decoding: script[tokens[index].range], as: UTF8.self)
        }

        func isIdentifier(_ index: Int) -> Bool {
            guard tokens.indices.contains(index), tokens[index].kind == .word, let first = script[tokens[index].range].first
            else { return false }
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
            return !isDigit && !ScriptNameShortener.reserved.contains(text(index) ?? "")
        }

        /// Finds the scopes, what each declares and where each name is read.
        /// `false` when the script uses what this does not follow.
        mutating func run() -> Bool {
            var scope = top
            /// For each open `{`: the scope it closes when it is a function's body.
            var braces: [Scope?] = []
            var index = 0
            /// A `var` statement being read: the nesting depth it started at,
            /// and whether the next identifier is a name it declares.
            var declaring: (depth: Int, expectsName: Bool)?
            var depth = 0
            while index < tokens.count {
                let word = tokens[index].kind == .word ? text(index) : nil
                let punctuation = tokens[index].kind == .punctuation ? script[tokens[index].range.lowerBound] : nil
                if let word, Self.unsupported.contains(word) { return false }
                // Arrows, template literals and spreads: a script of ES2015 or later, whose
                // object literals may also name a variable by its key alone (`{ a, b }`).
                if punctuation == UInt8(ascii: "=") && text(index + 1) == ">" { return false }
                if tokens[index].kind == .template { return false }
                if punctuation == UInt8(ascii: ".") && text(index + 1) == "." && text(index + 2) == "." { return false }
                if let state = declaring, depth == state.depth, tokens[index].followsBreak, index > 0,
                    Self.endsStatementBeforeBreak(tokens[index - 1], script)
                {
                    declaring = nil
                }
                switch (word, punctuation) {
                case ("function", _):
                    let previous = index > 0 ? text(index - 1) : nil
                    let isDeclaration = previous == nil || previous == "{" || previous == "}" || previous == ";"
                    let inner = Scope(parent: scope)
                    var next = index + 1
                    if isIdentifier(next), let name = text(next) {
                        (isDeclaration ? scope : inner).declare(name)
                        references[next] = isDeclaration ? scope : inner
                        next += 1
                    }
                    guard text(next) == "(" else { return false }
                    next += 1
                    while text(next) != ")" {
                        guard isIdentifier(next), let name = text(next) else { return false }
                        inner.declare(name)
                        references[next] = inner
                        next += 1
                        if text(next) == "," { next += 1 }
                    }
                    guard text(next + 1) == "{" else { return false }
                    braces.append(inner)
                    depth += 1
                    scope = inner
                    index = next + 2
                    continue
                case ("catch", _):
                    guard text(index + 1) == "(", isIdentifier(index + 2), let name = text(index + 2), text(index + 3) == ")" else {
                        return false
                    }
                    catchNames.insert(name)
                    index += 4
                    continue
                case ("var", _):
                    declaring = (depth, true)
                    index += 1
                    continue
                case (_, UInt8(ascii: "{")?):
                    braces.append(nil)
                    depth += 1
                case (_, UInt8(ascii: "(")?), (_, UInt8(ascii: "[")?):
                    depth += 1
                case (_, UInt8(ascii: "}")?):
                    guard let closed = braces.popLast() else { return false }
                    if let closed { scope = closed.parent ?? top }
                    depth -= 1
                    if let state = declaring, depth < state.depth { declaring = nil }
                case (_, UInt8(ascii: ")")?), (_, UInt8(ascii: "]")?):
                    depth -= 1
                    if let state = declaring, depth < state.depth { declaring = nil }
                case (_, UInt8(ascii: ";")?):
                    if let state = declaring, depth == state.depth { declaring = nil }
                case (_, UInt8(ascii: ",")?):
                    if let state = declaring, depth == state.depth { declaring = (depth, true) }
                default:
                    break
                }
                if let state = declaring, depth == state.depth, word == "in" || word == "of" { declaring = nil }
                if isIdentifier(index), let name = text(index) {
                    let afterDot = index > 0 && text(index - 1) == "."
                    let isKey = index > 0 && (text(index - 1) == "{" || text(index - 1) == ",") && text(index + 1) == ":"
                    if let state = declaring, state.expectsName, depth == state.depth {
                        scope.declare(name)
                        declaring = (depth, false)
                        references[index] = scope
                    } else if !afterDot && !isKey {
                        references[index] = scope
                    }
                }
                index += 1
            }
            return braces.isEmpty
        }

        /// Whether a `var` statement ends at a line break after `token`, as
        /// automatic semicolon insertion ends it: after a name, a number, a
        /// string or a closing bracket, not after an operator or a comma.
        static func endsStatementBeforeBreak(_ token: ScriptMinifier.Token, _ script: [UInt8]) -> Bool {
            switch token.kind {
            case .word, .string, .template, .regularExpression: return true
            case .punctuation:
                let byte = script[token.range.lowerBound]
                return byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            }
        }

        /// The new name of each token to rename, by token index.
        func newNames() -> [Int: String] {
            // What each scope reads from around it, and how often each declared name is used.
            for (index, scope) in references {
                guard let name = text(index) else { continue }
                let owner = scope.owner(of: name)
                owner?.uses[name, default: 0] += 1
                var current: Scope? = scope
                while let inner = current, inner !== owner {
                    inner.outerNames.insert(OuterName(owner: owner, name: name))
                    current = inner.parent
                }
            }
            // Outer scopes first, so that an inner scope knows the new names it must not hide.
            var pending = top.children
            while let scope = pending.first {
                pending.removeFirst()
                assignNames(in: scope)
                pending += scope.children
            }
            var renamed: [Int: String] = [:]
            for (index, scope) in references {
                guard let name = text(index), let owner = scope.owner(of: name), owner !== top, let new = owner.newNames[name] else {
                    continue
                }
                if new != name { renamed[index] = new }
            }
            return renamed
        }

        func assignNames(in scope: Scope) {
            var taken = catchNames
            for outer in scope.outerNames {
                if let owner = outer.owner, owner !== top {
                    taken.insert(owner.newNames[outer.name] ?? outer.name)
                } else {
                    taken.insert(outer.name)
                }
            }
            let byUse = scope.declared.enumerated().sorted { left, right in
                let leftUses = scope.uses[left.element, default: 0]
                let rightUses = scope.uses[right.element, default: 0]
                return leftUses != rightUses ? leftUses > rightUses : left.offset < right.offset
            }
            var candidates = ShortNames()
            for (_, name) in byUse {
                if catchNames.contains(name) {
                    scope.newNames[name] = name
                    continue
                }
                var candidate = candidates.next()
                while taken.contains(candidate) { candidate = candidates.next() }
                taken.insert(candidate)
                scope.newNames[name] = candidate
            }
        }

        /// Words that end the analysis: their scopes are not those of functions and `var`s.
        static let unsupported: Set<String> = ["let", "const", "class", "with", "eval", "import", "export", "yield", "await"]
    }

    /// `a` … `z`, `A` … `Z`, then two characters and more, skipping reserved words.
    struct ShortNames {
        static let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        static let rest = first + Array("0123456789_$")
        var count = 0

        mutating func next() -> String {
            while true {
                var number = count
                count += 1
                var name = String(Self.first[number % Self.first.count])
                number /= Self.first.count
                while number > 0 {
                    number -= 1
                    name.append(Self.rest[number % Self.rest.count])
                    number /= Self.rest.count
                }
                if !ScriptNameShortener.reserved.contains(name) { return name }
            }
        }
    }

    /// Keywords, literals and the names a function has without declaring them.
    static let reserved: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export",
        "extends", "false", "finally", "for", "function", "if", "implements", "import", "in", "instanceof", "interface", "let",
        "new", "null", "package", "private", "protected", "public", "return", "static", "super", "switch", "this", "throw",
        "true", "try", "typeof", "var", "void", "while", "with", "yield", "await", "async", "of", "get", "set",
        "arguments", "eval", "undefined", "NaN", "Infinity",
    ]
}
