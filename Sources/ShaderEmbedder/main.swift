// Writes a Swift file holding each shader source as a string literal: `ShaderEmbedder OUT.swift IN...`.
import Foundation

let args = CommandLine.arguments.dropFirst()
guard let outPath = args.first else {
    FileHandle.standardError.write(Data("usage: ShaderEmbedder OUT.swift SHADER...\n".utf8))
    exit(2)
}
var out = "// Generated from Shaders/ by the EmbedShaders plugin. Do not edit.\n\n"
out += "/// Shader sources from the package's Shaders/ folder, by file name.\n"
out += "enum EmbeddedShaders {\n    /// File name to GLSL source.\n    static let sources: [String: String] = [\n"
for path in args.dropFirst() {
    let url = URL(fileURLWithPath: path)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        FileHandle.standardError.write(Data("ShaderEmbedder: cannot read \(path)\n".utf8))
        exit(1)
    }
    // A raw string with enough #s that no shader text can end it early.
    var hashes = "#"
    while text.contains("\"" + hashes) { hashes += "#" }
    out += "        \"\(url.lastPathComponent)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
}
out += "    ]\n}\n"
do { try out.write(toFile: outPath, atomically: true, encoding: .utf8) } catch {
    FileHandle.standardError.write(Data("ShaderEmbedder: cannot write \(outPath): \(error)\n".utf8))
    exit(1)
}
