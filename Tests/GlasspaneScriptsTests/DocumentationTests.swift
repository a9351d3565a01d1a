// Every `jsonl` example in docs/scripts.md must parse: the documentation cannot drift from the parser.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

final class DocumentationTests: XCTestCase {
    func testEveryJSONLExampleInTheDocsParses() throws {
        // Resolve symlinks so the path also works from a development package that links the test folder.
        let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        let doc = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/scripts.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```jsonl" { current = [] }
            else if line == "```", let c = current { blocks.append(c.joined(separator: "\n") + "\n"); current = nil }
            else if current != nil { current!.append(String(line)) }
        }
        XCTAssertGreaterThanOrEqual(blocks.count, 6)
        for (i, block) in blocks.enumerated() {
            do {
                let script = try Script.parse(block, file: "scripts.md#\(i)")
                XCTAssertFalse(script.lines.isEmpty && script.timing.isEmpty, "example \(i) is empty")
                _ = try playAll(script, locator: StaticViewLocator([
                    "picker.sv": Rect(x: 1000, y: 40, width: 200, height: 200),
                    "picker.hue": Rect(x: 1000, y: 250, width: 200, height: 16),
                    "picker.hex": Rect(x: 1000, y: 280, width: 200, height: 24),
                ]))
            } catch {
                XCTFail("docs example \(i) does not load:\n\(error)")
            }
        }
    }
}
