import Foundation
import PackagePlugin

/// Embeds the files of the package's top-level `Templates/` folder into the
/// target as Swift string constants (`EmbeddedTemplates.files`), so the
/// `todo-report` binary needs no resource bundle beside it. The files of a
/// folder `NAME.parts` (say `report.js.parts`) become one template, NAME,
/// joined in the order of their names; the parts pages share (`page.css`,
/// `page.js`, and for the report and the diff the rows', the long text's, the
/// phone's and the frames')
/// are put before each page's own stylesheet and script, and `head.html`,
/// the one `<head>`, before each page's HTML.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Templates")
        let fileManager = FileManager.default
        let names = try fileManager.contentsOfDirectory(atPath: folder.path())
            .filter { !$0.hasPrefix(".") }
            .sorted()
        // A folder `NAME.parts` holds the pieces of the template NAME, joined in name order.
        var inputs: [URL] = []
        for name in names {
            let url = folder.appending(path: name)
            if name.hasSuffix(".parts") {
                let parts = try fileManager.contentsOfDirectory(atPath: url.path()).filter { !$0.hasPrefix(".") }.sorted()
                inputs += parts.map { url.appending(path: $0) }
            } else {
                inputs.append(url)
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) template files from Templates/",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
