// docs/design.md's module table and layers against Package.swift: the map of the modules cannot drift from the
// package. (scripts/check-imports.py checks the other half: Package.swift against the sources' imports.)
import Foundation
import XCTest

final class DesignMapTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every target of Package.swift but the test targets, with the modules it declares (targets and products).
    static func declaredTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: "\n")
        var targets: [String: Set<String>] = [:]
        let kinds = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary(", ".plugin("]
        var starts: [(String.Index, String)] = []
        for kind in kinds {
            var from = code.startIndex
            while let r = code.range(of: kind, range: from..<code.endIndex) { starts.append((r.lowerBound, kind)); from = r.upperBound }
        }
        starts.sort { $0.0 < $1.0 }
        for (i, (start, kind)) in starts.enumerated() where kind == ".target(" || kind == ".executableTarget(" {
            let end = i + 1 < starts.count ? starts[i + 1].0 : code.endIndex
            let body = String(code[start..<end])
            guard let name = Self.quoted(after: "name:", in: body) else { continue }
            let dependencies = body.components(separatedBy: "plugins:")[0].components(separatedBy: "path:")[0]
            var declared = Set(Self.allQuoted(in: dependencies.components(separatedBy: "dependencies:").dropFirst().joined()))
            declared.remove(name)
            // `.product(name: "Logging", package: "swift-log")`: the product, not the package.
            let products = Self.products(in: dependencies)
            declared.subtract(products.map(\.package))
            declared.formUnion(products.map(\.name))
            targets[name] = declared
        }
        return targets
    }

    /// The module table's rows: each target named in the first column, with the third column's modules.
    static func documentedTargets() throws -> (table: [String: Set<String>], layers: [String: Int]) {
        let text = try String(contentsOf: root.appendingPathComponent("docs/design.md"), encoding: .utf8)
        let section = text.components(separatedBy: "## Modules")[1].components(separatedBy: "\n## ")[0]
        var table: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let names = cells[1].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            var imports = Set<String>()
            for token in cells[cells.count - 2].split(separator: ",") {
                let word = token.split(separator: "(")[0].trimmingCharacters(in: .whitespaces)
                guard word != "nothing", !word.isEmpty else { continue }
                let external = ["CSDL2", "CGL", "CText", "CX11Errors", "Logging", "Histogram", "FlyingFox", "FlyingSocks", "ArgumentParser"]
                imports.insert(external.contains(word) ? word : "Glasspane" + word)
            }
            for name in names { table[name] = imports }
        }
        var layers: [String: Int] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("layer ") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard let level = Int(parts[0].dropFirst("layer ".count)) else { continue }
            for name in parts[1].split(separator: ",") { layers[name.trimmingCharacters(in: .whitespaces)] = level }
        }
        return (table, layers)
    }

    func testTheModuleTableNamesEveryTargetWithExactlyItsDeclaredImports() throws {
        let declared = try Self.declaredTargets()
        let documented = try Self.documentedTargets().table
        XCTAssertGreaterThan(declared.count, 20, "Package.swift parsed: \(declared.keys.sorted())")
        for (name, modules) in declared.sorted(by: { $0.key < $1.key }) {
            guard let row = documented[name] else { XCTFail("docs/design.md has no row for \(name)"); continue }
            XCTAssertEqual(row, modules, "docs/design.md's imports for \(name): missing \(modules.subtracting(row).sorted()), "
                           + "extra \(row.subtracting(modules).sorted())")
        }
        for name in documented.keys where declared[name] == nil {
            XCTFail("docs/design.md has a row for \(name), which Package.swift does not declare")
        }
    }

    func testEveryTargetImportsOnlyLowerLayers() throws {
        let declared = try Self.declaredTargets()
        let layers = try Self.documentedTargets().layers
        for (name, modules) in declared.sorted(by: { $0.key < $1.key }) {
            guard let level = layers[name] else { XCTFail("docs/design.md's layers omit \(name)"); continue }
            for module in modules {
                guard let below = layers[module] else { continue } // products of other packages
                XCTAssertLessThan(below, level, "\(name) (layer \(level)) imports \(module) (layer \(below))")
            }
        }
        XCTAssertEqual(layers["GlasspaneDraw"].map { $0 < layers["GlasspaneRender"]! && $0 < layers["GlasspaneOverlay"]! }, true)
        XCTAssertFalse(declared["GlasspaneRender"]?.contains("GlasspaneOverlay") ?? true, "the renderer never imports the overlay")
    }

    private static func quoted(after key: String, in text: String) -> String? {
        guard let r = text.range(of: key) else { return nil }
        return allQuoted(in: String(text[r.upperBound...])).first
    }

    private static func allQuoted(in text: String) -> [String] {
        text.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    private static func products(in text: String) -> [(name: String, package: String)] {
        text.components(separatedBy: ".product(").dropFirst().compactMap { chunk in
            let q = allQuoted(in: chunk)
            return q.count >= 2 ? (q[0], q[1]) : nil
        }
    }
}
