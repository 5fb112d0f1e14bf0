import Foundation
import TemplateMinifier
import Testing

@Suite("Minified scripts and stylesheets")
struct MinifierTests {
    @Test(
        "a script keeps every token, string, template literal, regular expression and every line break a semicolon could depend on",
        arguments: [
            ("let a = 1;  // a note\nlet b = 2;", "let a=1;let b=2;"),
            ("let a = b\n(c)", "let a=b\n(c)"),
            ("return\nx", "return\nx"),
            ("a - -b; a + ++b; a++ + b", "a- -b;a+ ++b;a++ +b"),
            (#"f("a  // b", 'it\'s  /* x */')"#, #"f("a  // b",'it\'s  /* x */')"#),
            (#"s.replace(/\/\*  x/g, ',')"#, #"s.replace(/\/\*  x/g,',')"#),
            ("x = /[/]  /.test(y)", "x=/[/]  /.test(y)"),
            ("a / b / c", "a/b/c"),
            ("(a) / 2 / (b)", "(a)/2/(b)"),
            ("return /a b/.test(s)", "return/a b/.test(s)"),
            ("`a  ${ b + `c  ${ d }` }  e`", "`a  ${b+`c  ${d}`}  e`"),
            ("`${ {a: 1}.a }` / 2", "`${{a:1}.a}`/2"),
            ("`a\\`  ${ x }` + y", "`a\\`  ${x}`+y"),
            ("1 .toString()", "1 .toString()"),
            ("a /*\n*/ b", "a\nb"),
            ("a /* x */ b", "a b"),
            ("if (x) {\n  y();\n} else {\n  z()\n}\n", "if(x){y();}else{z()}"),
            ("typeof x === 'y'", "typeof x==='y'"),
            ("const f = (a,\n  b) => {\n  return a\n}", "const f=(a,b)=>{return a}"),
            ("x\n++y", "x\n++y"),
            ("  \n  ", ""),
        ])
    func script(source: String, expected: String) {
        #expect(ScriptMinifier.minify(source, shorteningNames: false) == expected)
    }

    @Test(
        "a function's own names become the shortest free ones; globals, properties, keys and catch names stay",
        arguments: [
            // Parameters and vars, the most used first; the global and the property kept. The
            // inner function does not read `total`, so its own names may take `a` again.
            (
                "var G=(function(){function total(items,extra){var sum=0,i;for(i=0;i<items.length;i++)sum+=items[i];return sum+extra;}return{total:total};})();",
                "var G=(function(){function a(b,d){var c=0,a;for(a=0;a<b.length;a++)c+=b[a];return c+d;}return{total:a};})();"
            ),
            // An inner function reads its parent's `outer`: its own names avoid that name's new one.
            (
                "(function(){var outer=1;function f(x){return x+outer;}f(2);})();",
                "(function(){var a=1;function b(b){return b+a;}b(2);})();"
            ),
            // A global read inside keeps its name, and no new name takes it.
            (
                "(function(a){var value=a;return value+b;})(1);",
                "(function(a){var c=a;return c+b;})(1);"
            ),
            // A catch parameter keeps its name, and nothing else becomes it.
            (
                "(function(){var e=1,first=2;try{first();}catch(e){return e;}return e+first;})();",
                "(function(){var e=1,a=2;try{a();}catch(e){return e;}return e+a;})();"
            ),
            // A named function expression names itself only inside.
            (
                "(function(){var step=function again(n){return n?again(n-1):0;};return step(3)+again;})();",
                "(function(){var a=function b(a){return a?b(a-1):0;};return a(3)+again;})();"
            ),
            // for-in, a var spread over lines, and a ternary inside an object literal.
            (
                "(function(o){var k,\n  out=[];for(var key in o){out.push({key:key?o[key]:k});}return out;})({});",
                "(function(a){var d,b=[];for(var c in a){b.push({key:c?a[c]:d});}return b;})({});"
            ),
            // A var statement ends at a line break where a semicolon is inserted: `two` is a global.
            ("(function(){var one=1\ntwo=2;return one+two;})();", "(function(){var a=1\ntwo=2;return a+two;})();"),
            // Scripts that have scopes of other kinds are left as they are.
            ("(function(){let long=1;return long;})();", "(function(){let long=1;return long;})();"),
            ("(function(){var f=(value)=>value;return f;})();", "(function(){var f=(value)=>value;return f;})();"),
            ("(function(){var first=1;return `${first}`;})();", "(function(){var first=1;return`${first}`;})();"),
            ("(function(){var first=1;return [...first];})();", "(function(){var first=1;return[...first];})();"),
        ])
    func shortenedNames(source: String, expected: String) {
        #expect(ScriptMinifier.minify(source) == expected)
    }

    @Test(
        "a stylesheet keeps every selector, value and string; the space a descendant selector or calc() needs stays",
        arguments: [
            ("a { color: red; }", "a{color:red;}"),
            ("a :hover { }", "a :hover{}"),
            ("/* c */ .x > .y , .z { margin: 0 auto }", ".x>.y,.z{margin:0 auto}"),
            ("a { width: calc(100% - 8px) }", "a{width:calc(100% - 8px)}"),
            (#"a::after { content: "a  /* b */  c" }"#, #"a::after{content:"a  /* b */  c"}"#),
            ("@media (max-width: 600px) {\n  a { b: c }\n}\n", "@media (max-width: 600px){a{b:c}}"),
            ("a + b ~ c { x: 1px !important }", "a + b ~ c{x:1px !important}"),
            (":root {\n  --ink: #1c1c1e;\n}", ":root{--ink:#1c1c1e;}"),
        ])
    func style(source: String, expected: String) {
        #expect(StyleMinifier.minify(source) == expected)
    }

    /// The package's own templates, as the build embeds them.
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Templates")

    static func read(_ names: [String]) throws -> String {
        try names.map { try String(contentsOf: templates.appendingPathComponent($0), encoding: .utf8) }.joined()
    }

    static var reportScript: [String] {
        let parts = (try? FileManager.default.contentsOfDirectory(atPath: templates.appendingPathComponent("report.js.parts").path)) ?? []
        return parts.filter { $0.hasSuffix(".js") }.sorted().map { "report.js.parts/" + $0 }
    }

    @Test("the templates shrink, minifying twice changes nothing, and the strings and regular expressions are the same")
    func templatesShrink() throws {
        for names in [Self.reportScript, ["index.js"], ["diff.js"], ["page.js"], ["rows.js"], ["text.js"], ["frames.js"], ["phone.js"]] {
            let source = try Self.read(names)
            let minified = ScriptMinifier.minify(source)
            let namesKept = ScriptMinifier.minify(source, shorteningNames: false)
            #expect(
                minified.utf8.count < source.utf8.count * 4 / 5, "\(names.first ?? "") \(minified.utf8.count) of \(source.utf8.count) bytes"
            )
            // Every template is a script whose scopes the shortener follows.
            #expect(
                minified.utf8.count < namesKept.utf8.count * 19 / 20,
                "\(names.first ?? "") \(minified.utf8.count) of \(namesKept.utf8.count) bytes with its names")
            #expect(ScriptMinifier.minify(minified) == minified, "\(names.first ?? "")")
            #expect(Self.literals(in: minified) == Self.literals(in: source), "\(names.first ?? "")")
        }
        for name in ["page.css", "phone.css", "report.css", "index.css", "diff.css"] {
            let source = try Self.read([name])
            let minified = StyleMinifier.minify(source)
            #expect(minified.utf8.count < source.utf8.count * 9 / 10, "\(name) \(minified.utf8.count) of \(source.utf8.count) bytes")
            #expect(StyleMinifier.minify(minified) == minified, "\(name)")
        }
    }

    /// The quoted strings of a script, in order (single-line ones, which is
    /// all the templates use), comments aside.
    static func literals(in script: String) -> [Substring] {
        let withoutComments = script.replacing(/\/\*[\s\S]*?\*\//, with: " ").split(separator: "\n").map { line in
            line.trimmingPrefix(while: \.isWhitespace).hasPrefix("//") ? "" : line
        }.joined(separator: "\n")
        return withoutComments.matches(of: /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/).map(\.output)
    }
}
