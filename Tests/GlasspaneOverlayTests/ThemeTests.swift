// The theme: a scheme switch repaints exactly the views that read a changed token; no control keeps a color literal.
import Foundation
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

/// A view that reads one token while drawing (or none).
private final class TokenReader: View {
    let token: ColorToken?
    init(_ id: String, token: ColorToken?) {
        self.token = token
        super.init(identifier: id, frame: Rect(x: 0, y: 0, width: 10, height: 10))
    }
    override func draw(in rect: Rect, context: inout PaintContext) {
        if let token { context.add(.rect(rect, color: themeColor(token), cornerRadius: 0)) }
    }
}

final class ThemeTests: XCTestCase {
    private func makeOverlay() -> (Overlay, OverlayLayer) {
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        let layer = overlay.addLayer(name: "ui", level: 0)
        return (overlay, layer)
    }

    func testSchemeSwitchRepaintsExactlyTheViewsThatReadAChangedToken() {
        let (overlay, layer) = makeOverlay()
        let button = Button(identifier: "b", title: "OK")
        let toggle = Toggle(identifier: "t", title: "HUD")
        let themedLabel = Label(identifier: "l", text: "themed")
        let fixedLabel = Label(identifier: "fixed", text: "fixed", textColor: .white)
        let marker = TokenReader("marker", token: .markerLight)   // the same value in both schemes
        let plain = TokenReader("plain", token: nil)
        let hiddenReader = TokenReader("hidden", token: .accent)
        for (i, v) in [button, toggle, themedLabel, fixedLabel, marker, plain, hiddenReader].enumerated() {
            layer.root.addSubview(v, at: Point(x: 10, y: 10 + Double(i) * 30))
        }
        overlay.update()
        hiddenReader.isHidden = true
        overlay.update()
        let before = overlay.stats
        let change = overlay.setColorScheme(.light)
        XCTAssertEqual(change.viewsRepainted, 4, "button, toggle, themed label and the hidden reader read changed tokens")
        XCTAssertFalse(change.changedTokens.contains(ColorTokenSet(.markerLight)))
        XCTAssertTrue(change.changedTokens.contains(ColorTokenSet(.accent)))
        XCTAssertFalse(change.relaidOut)
        overlay.update()
        let after = overlay.stats
        XCTAssertEqual(after.viewsPainted - before.viewsPainted, 3, "the hidden view is not drawn: three draw calls")
        XCTAssertEqual(after.fullRepaints, before.fullRepaints, "repainted in place, not the whole list")
        XCTAssertEqual(overlay.setColorScheme(.light).viewsRepainted, 0, "the same scheme again changes nothing")
        // The label's glyphs now carry the light text color.
        let glyphColors = layer.drawList.commands.compactMap { c -> Color? in
            if case .glyphs(let run) = c, run.text == "themed" { return run.color }
            return nil
        }
        XCTAssertEqual(glyphColors, [Theme.standard[.text].light])
        XCTAssertNotEqual(Theme.standard[.text].light, Theme.standard[.text].dark)
    }

    func testThemeWithOtherSizesLaysOutAndRepaintsEveryView() {
        let (overlay, layer) = makeOverlay()
        let toggle = Toggle(identifier: "t", title: "Sound", style: .checkbox)
        layer.root.addSubview(toggle, at: Point(x: 10, y: 10))
        overlay.update()
        let width = toggle.frame.width
        var big = Theme.standard
        big.type.body = 28
        let change = overlay.setTheme(big)
        XCTAssertTrue(change.relaidOut)
        XCTAssertEqual(change.viewsRepainted, 2, "the root and the toggle: every view of the tree")
        overlay.update()
        XCTAssertGreaterThan(toggle.frame.width, width + 20, "the larger type scale widened the toggle's title")
    }

    func testCustomTokenValueReachesTheControls() {
        let (overlay, layer) = makeOverlay()
        let picker = Picker(identifier: "p", options: ["A", "B"])
        layer.root.addSubview(picker, at: Point(x: 10, y: 10))
        var theme = Theme.standard
        let orange = Color(hex: "#ff8800")!
        theme[.accent] = ThemeColor(light: orange, dark: orange)
        overlay.setTheme(theme)
        overlay.update()
        let rects = layer.drawList.commands.compactMap { c -> Color? in if case .rect(_, let color, _) = c { return color } else { return nil } }
        XCTAssertTrue(rects.contains(orange), "the selected segment uses the app's accent")
    }

    /// Every control draws with theme tokens: no `Color(r: 0.3...`, `Color(hex: "#...")`, `.white` or `.black` in
    /// Sources/GlasspaneOverlay/Controls (`.clear`, meaning "no color", is allowed; Theme/ holds the values).
    func testControlSourcesHoldNoColorLiterals() throws {
        let controls = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/GlasspaneOverlay/Controls").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: controls.path).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThanOrEqual(files.count, 12, "the scan found the controls")
        let patterns = [#"Color\(\s*r:\s*[0-9.]"#, #"Color\(\s*hex:\s*""#, #"Color\(\s*white:"#, #"Color\(\s*hue:\s*[0-9.]"#,
                        #"[:=(,]\s*\.white\b"#, #"[:=(,]\s*\.black\b"#, #"Color\.(white|black)\b"#]
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: controls.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                for p in patterns where code.range(of: p, options: .regularExpression) != nil {
                    found.append("\(file):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        XCTAssertEqual(found, [], "color literals in the controls")
        // The scan itself catches a literal.
        XCTAssertNotNil("x.fill = Color(r: 0.2, g: 0, b: 0)".range(of: patterns[0], options: .regularExpression))
        XCTAssertNotNil("var c: Color = .white".range(of: patterns[4], options: .regularExpression))
    }
}
