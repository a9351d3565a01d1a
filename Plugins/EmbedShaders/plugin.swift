// Build-tool plugin: embeds every file under the package's Shaders/ folder into the target as Swift string
// constants, so the built binary finds its shaders from any working directory without resource bundles.
import Foundation
import PackagePlugin

@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let shaderDir = context.package.directoryURL.appending(path: "Shaders")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shaderDir.path())) ?? []
        let inputs = names.filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") }.sorted()
            .map { shaderDir.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [.buildCommand(
            displayName: "Embedding \(inputs.count) shaders from Shaders/",
            executable: try context.tool(named: "ShaderEmbedder").url,
            arguments: [output.path()] + inputs.map { $0.path() },
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
