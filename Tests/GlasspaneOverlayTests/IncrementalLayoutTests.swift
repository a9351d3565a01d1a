// Cached, incremental layout: a change lays out only the changed view and the ancestors whose size depends on it,
// counted per view (`layoutCount`) and per measurement (a counting view).
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

/// A view of a given size that counts how often its content is measured.
private final class CountingView: View {
    var size: Size
    var measurements = 0
    init(_ id: String, _ size: Size) { self.size = size; super.init(identifier: id) }
    override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size { measurements += 1; return size }
}

/// A stack that, the first time it lays out, invalidates a child's measurement (a label whose text a layout changes).
private final class InvalidatingStack: StackView {
    var victim: View?
    init(identifier: String, _ children: [View]) { super.init(axis: .vertical, identifier: identifier, spacing: 4, children: children) }
    override func layoutSubviews(fonts: any FontMetrics) {
        super.layoutSubviews(fonts: fonts)
        victim?.invalidateMeasurement()
        victim = nil
    }
}

final class IncrementalLayoutTests: XCTestCase {
    /// row ─┬─ left (VStack) ─┬─ title (Label)
    ///      │                 └─ counted (CountingView)
    ///      └─ right (VStack) ─┬─ other (Label)
    ///                         └─ fixedBox (100 x 40) ── inner (Label)
    private struct Tree {
        let layer: OverlayLayer
        let row: HStack, left: VStack, right: VStack
        let title: Label, other: Label, inner: Label
        let counted: CountingView
        let fixedBox: View
        var all: [View] { [layer.root, row, left, right, title, other, inner, counted, fixedBox] }
        static let names = ["root", "row", "left", "right", "title", "other", "inner", "counted", "fixedBox"]
        func counts() -> [Int] { all.map(\.layoutCount) }
    }

    private func makeTree() -> Tree {
        let title = Label(identifier: "title", text: "Title", fontSize: 10)
        let counted = CountingView("counted", Size(width: 20, height: 20))
        let other = Label(identifier: "other", text: "Other", fontSize: 10)
        let inner = Label(identifier: "inner", text: "in", fontSize: 10)
        let fixedBox = box("fixedBox", 100, 40)
        fixedBox.addSubview(inner, at: .zero)
        let left = VStack(identifier: "left", spacing: 4, [title, counted])
        let right = VStack(identifier: "right", spacing: 4, [other, fixedBox])
        let row = HStack(identifier: "row", spacing: 8, [left, right])
        let layer = layOutForTest(row)
        return Tree(layer: layer, row: row, left: left, right: right, title: title, other: other, inner: inner,
                    counted: counted, fixedBox: fixedBox)
    }

    /// How many times each view of the tree was laid out by the change.
    private func relayouts(_ tree: Tree, _ change: () -> Void) -> [String: Int] {
        let before = tree.counts()
        change()
        tree.layer.layoutIfNeeded()
        var result: [String: Int] = [:]
        for (name, (old, new)) in zip(Tree.names, zip(before, tree.counts())) where new != old { result[name] = new - old }
        return result
    }

    func testAChangeLaysOutOnlyItsViewAndTheAncestorsWhoseSizeDependsOnIt() {
        let tree = makeTree()
        XCTAssertTrue(tree.all.allSatisfy { $0.layoutCount == 1 }, "the first pass lays out every view once")
        let cases: [(name: String, change: (Tree) -> Void, expected: [String: Int])] = [
            ("a longer title: the title, its column, the row, the root (the other column keeps its frame)",
             { $0.title.text = "A much longer title" }, ["title": 1, "left": 1, "row": 1, "root": 1]),
            ("a same-size text: nothing", { $0.title.text = "B much longer title" }, [:]),
            ("text inside a fixed-size box: the label and the box only",
             { $0.inner.text = "a longer inner text" }, ["inner": 1, "fixedBox": 1]),
            ("a frame modifier on the other label: it, its column, the row, the root",
             { $0.other.frame(minWidth: 300) }, ["other": 1, "right": 1, "row": 1, "root": 1]),
            ("hiding the counted view: its column, the row, the root", { $0.counted.isHidden = true },
             ["left": 1, "row": 1, "root": 1]),
            ("resizing the fixed box itself: it and its ancestors", { $0.fixedBox.preferredHeight = 60 },
             ["fixedBox": 1, "right": 1, "row": 1, "root": 1]),
        ]
        for c in cases {
            XCTAssertEqual(relayouts(tree) { c.change(tree) }, c.expected, c.name)
        }
    }

    func testAMeasurementInvalidatedWhileItsStackLaysOutLeavesNoViewFlaggedAndUnreached() {
        // root ── screen (fills the window) ── panel (Panel) ── column (InvalidatingStack) ── label
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        let layer = overlay.addLayer(name: "ui", level: 0)
        let label = Label(identifier: "label", text: "Back", fontSize: 12)
        let column = InvalidatingStack(identifier: "column", [label])
        column.victim = label
        let panel = Panel(identifier: "panel", padding: EdgeInsets(all: 10), content: column)
        let screen = CenteringContainer(identifier: "screen", content: panel)
        layer.addSubview(screen)
        overlay.update()
        var stale: [String] = []
        func collect(_ v: View) {
            if v.needsLayout { stale.append(v.identifier) }
            v.subviews.forEach(collect)
        }
        collect(layer.root)
        XCTAssertEqual(stale, [], "views still flagged for layout after the pass: their ancestors' flags were cleared")
        // The point of it: a later size change of the panel lays its content out again.
        XCTAssertGreaterThan(column.frame.width, 0)
        XCTAssertEqual(column.frame.width, panel.frame.width - 20)
        label.text = "A much longer title"
        overlay.update()
        XCTAssertEqual(column.frame.width, panel.frame.width - 20, "the panel's content follows its new size")
        XCTAssertGreaterThanOrEqual(column.frame.width, label.frame.width)
    }

    func testAHiddenSubtreeIsNotLaidOutUntilShownAndThenTakesWhatChangedMeanwhile() {
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        let layer = overlay.addLayer(name: "ui", level: 0)
        let title = Label(identifier: "title", text: "Short", fontSize: 12)
        let back = Button(identifier: "back", title: "Back")
        let column = VStack(identifier: "column", spacing: 4, [title, back])
        let panel = Panel(identifier: "panel", padding: EdgeInsets(all: 10), content: column)
        let screen = CenteringContainer(identifier: "screen", content: panel)
        screen.isHidden = true
        layer.addSubview(screen)
        overlay.update()
        XCTAssertEqual([screen, panel, column, title, back].map(\.layoutCount), [0, 0, 0, 0, 0], "a hidden screen costs no layout")
        title.text = "A much longer title"   // changed while hidden
        overlay.update()
        XCTAssertEqual(column.layoutCount, 0)
        screen.isHidden = false
        overlay.update()
        XCTAssertEqual(screen.frame.size, Size(width: 400, height: 300), "shown: it fills the layer")
        XCTAssertEqual(column.frame.width, panel.frame.width - 20)
        XCTAssertEqual(title.frame.width, column.frame.width, "the title changed while hidden sets the column's width")
        XCTAssertGreaterThan(back.frame.width, 0)
        XCTAssertEqual([screen, panel, column].map(\.layoutCount), [1, 1, 1], "laid out once when shown")
        // Hidden again and changed again: shown, it has the new size.
        screen.isHidden = true
        overlay.update()
        title.text = "Tiny"
        overlay.update()
        screen.isHidden = false
        overlay.update()
        XCTAssertEqual(column.frame.width, max(title.frame.width, back.frame.width), "as wide as its widest child")
        XCTAssertEqual(column.frame.width, panel.frame.width - 20)
        XCTAssertLessThan(panel.frame.width, 100, "narrowed to the new title")
    }

    func testMeasurementsAreRememberedUntilTheViewChanges() {
        let tree = makeTree()
        let measured = tree.counted.measurements
        XCTAssertGreaterThan(measured, 0)
        // A change in the other column lays the row out again, which measures this column again: the counted
        // view's size for the same proposal is remembered.
        XCTAssertEqual(relayouts(tree) { tree.other.text = "Another, longer text" }, ["other": 1, "right": 1, "row": 1, "root": 1])
        XCTAssertEqual(tree.counted.measurements, measured, "a change elsewhere measures it again")
        // Its own change forgets what it measured.
        tree.counted.size = Size(width: 50, height: 20)
        tree.counted.invalidateMeasurement()
        tree.layer.layoutIfNeeded()
        XCTAssertGreaterThan(tree.counted.measurements, measured)
        XCTAssertEqual(tree.counted.frame.size, Size(width: 50, height: 20))
        // New metrics (another scale) are never answered from the old ones.
        let before = tree.counted.measurements
        _ = tree.counted.measure(proposed: Size(width: 10, height: 10), fonts: MonospaceFontMetrics())
        XCTAssertEqual(tree.counted.measurements, before + 1)
    }

    func testDeepStacksMeasureEachViewAFewTimesNotExponentially() {
        // Twelve nested stacks: without the cache each level measures its child at least twice per pass, 2^12
        // measurements of the leaf; remembered, a handful.
        let leaf = CountingView("leaf", Size(width: 10, height: 10))
        var top: View = leaf
        for i in 0..<12 { top = (i % 2 == 0 ? VStack(spacing: 0, [top]) : HStack(spacing: 0, [top])) as View }
        layOutForTest(top)
        print("layout: 12 nested stacks measured their leaf \(leaf.measurements) times in the first pass")
        XCTAssertLessThanOrEqual(leaf.measurements, 8)
        XCTAssertEqual(leaf.frame.size, Size(width: 10, height: 10))
    }
}
