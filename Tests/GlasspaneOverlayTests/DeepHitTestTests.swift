// Hit testing deep and large subtrees: the 10,000-deep chain resolves to the right view with the right local
// point, the flattened table (HitTable.swift) answers exactly as the walk does, and any change invalidates it.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay
import GlasspaneTesting

final class DeepHitTestTests: XCTestCase {
    /// A chain of `depth` views, each offset inside its parent by (0.75, 0.5) and 1.5 x 1 points smaller; a decoy
    /// sibling sits in front of every 1,000th link, off to the right of the point we test. Only the leaf draws.
    private func makeChain(depth: Int) -> (root: View, links: [View]) {
        // Built leaf first: attaching a subtree to a detached parent walks no long ancestor chain (adding links
        // under an ever deeper parent would walk the whole chain for every link).
        var links: [View] = []
        var size = Size(width: 20_000, height: 12_000)
        for i in 0..<depth {
            let origin = i == 0 ? Point.zero : Point(x: 0.75, y: 0.5)
            links.append(View(identifier: "chain.\(i)", frame: Rect(origin: origin, size: size)))
            size = Size(width: size.width - 1.5, height: size.height - 1)
        }
        for i in stride(from: depth - 1, to: 0, by: -1) {
            let parent = links[i - 1]
            parent.addSubview(links[i])
            if i % 1000 == 0 {
                let decoy = View(identifier: "decoy.\(i)", frame: Rect(x: parent.frame.size.width - 100, y: 0, width: 50, height: 50))
                decoy.backgroundColor = .white
                parent.addSubview(decoy)
            }
        }
        links[depth - 1].backgroundColor = .white
        return (links[0], links)
    }

    /// The window point minus every link's origin, subtracted root first (what the hit view must receive).
    private func expectedLocal(_ point: Point, through links: [View]) -> Point {
        var p = point
        for link in links.dropFirst() { p = Point(x: p.x - link.frame.origin.x, y: p.y - link.frame.origin.y) }
        return p
    }

    func testTenThousandDeepChainResolvesToTheLeafWithTheAccumulatedPoint() {
        let (root, links) = makeChain(depth: 10_000)
        let point = Point(x: 9_000, y: 6_000)
        let expected = expectedLocal(point, through: links)
        // First test walks the views (and builds the table), second reads the table: both must agree exactly.
        for pass in ["walk", "table"] {
            let hit = root.hitTest(point)
            XCTAssertTrue(hit?.view === links.last, "\(pass): hit \(hit?.view.identifier ?? "nothing")")
            XCTAssertEqual(hit?.point, expected, pass)
        }
        XCTAssertNotNil(root.hitTable, "a 10,000-view walk builds a table")
        // The decoy in front at level 3,000 takes points in its rectangle.
        let decoy = links[2_999].subviews.last!
        XCTAssertEqual(decoy.identifier, "decoy.3000")
        let onDecoy = Point(x: decoy.windowFrame.minX + 25, y: decoy.windowFrame.minY + 25)
        XCTAssertEqual(root.hitTest(onDecoy)?.view.identifier, "decoy.3000")
    }

    func testChangesDeepInTheChainInvalidateTheTable() {
        let (root, links) = makeChain(depth: 10_000)
        let point = Point(x: 9_000, y: 6_000)
        _ = root.hitTest(point)
        XCTAssertTrue(root.hitTest(point)?.view === links.last)
        // Hiding the leaf: nothing else draws, so nothing claims the point.
        links[9_999].isHidden = true
        XCTAssertNil(root.hitTest(point))
        links[9_999].isHidden = false
        XCTAssertTrue(root.hitTest(point)?.view === links.last)
        // Moving a link half-way down shifts every point below it.
        links[5_000].frame.origin.x += 10
        XCTAssertTrue(root.hitTest(point)?.view === links.last)
        XCTAssertEqual(root.hitTest(point)?.point, expectedLocal(point, through: links))
        // Interaction off at level 7,000 with level 6,999 opaque: 6,999 takes the point.
        links[6_999].hitTestBehavior = .opaque
        links[7_000].isUserInteractionEnabled = false
        XCTAssertTrue(root.hitTest(point)?.view === links[6_999])
        // A view added in front at level 8,000... is below the disabled level; enable it again and add one.
        links[7_000].isUserInteractionEnabled = true
        let front = View(identifier: "front", frame: Rect(x: 0, y: 0, width: 19_000, height: 11_000))
        front.hitTestBehavior = .opaque
        links[8_000].addSubview(front)
        XCTAssertTrue(root.hitTest(point)?.view === front)
        front.removeFromSuperview()
        XCTAssertTrue(root.hitTest(point)?.view === links.last)
    }

    func testTableAnswersAsTheWalkOnRandomTrees() {
        var rng = SplitMix64(seed: 14)
        for round in 0..<20 {
            // Random trees of 400 to 1,200 views with random frames, hidden, transparent, disabled and opaque views.
            let root = View(identifier: "r", frame: Rect(x: 0, y: 0, width: 400, height: 300))
            var all = [root]
            for i in 0..<(400 + Int(rng.next() % 800)) {
                let parent = all[Int(rng.next() % UInt64(all.count))]
                let v = View(identifier: "v\(i)", frame: Rect(x: rng.unit() * 300 - 20, y: rng.unit() * 200 - 20,
                                                              width: rng.unit() * 200, height: rng.unit() * 150))
                switch rng.next() % 8 {
                case 0: v.isHidden = true
                case 1: v.alpha = 0.005
                case 2: v.isUserInteractionEnabled = false
                case 3: v.hitTestBehavior = .opaque
                case 4: v.backgroundColor = .white
                case 5: v.hitTestBehavior = .deferToChildren; v.backgroundColor = .white
                default: break
                }
                parent.addSubview(v)
                all.append(v)
            }
            let points = (0..<200).map { _ in Point(x: rng.unit() * 420 - 10, y: rng.unit() * 320 - 10) }
            // The walk: a fresh copy of the answers before any table exists (small walks may not build one).
            root.hitTable = nil
            let walked = points.map { p -> (View, Point)? in root.hitTable = nil; root.hitGeometryDirty = true; return root.hitTest(p).map { ($0.view, $0.point) } }
            // Force the table and compare.
            root.hitTable = HitTable(root: root)
            for (i, p) in points.enumerated() {
                let tabled = root.hitTest(p)
                XCTAssertTrue(tabled?.view === walked[i]?.0, "round \(round), point \(p): table \(tabled?.view.identifier ?? "nil"), walk \(walked[i]?.0.identifier ?? "nil")")
                XCTAssertEqual(tabled?.point, walked[i]?.1, "round \(round), point \(p)")
            }
        }
    }

    func testRoutedDownDeliversTheAccumulatedPointToTheLeaf() {
        let log = EventLog()
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        // Leaf first, then the chain attached to the layer in one step (see makeChain).
        let leaf = RecordingView("leaf", Rect(x: 1, y: 1, width: 100, height: 100), log: log)
        var child: View = leaf
        for i in stride(from: 1_999, through: 0, by: -1) {
            let link = View(identifier: "l\(i)", frame: Rect(x: 0.25, y: 0.125, width: 700 - Double(i) * 0.25, height: 500 - Double(i) * 0.125))
            link.addSubview(child)
            child = link
        }
        ui.addSubview(child)
        let decision = overlay.route(down(600, 300))
        XCTAssertEqual(decision.summary, "ui/leaf")
        // 2,000 links of 0.25 / 0.125, then the leaf at (1, 1): exact in binary, so the point is exactly known.
        XCTAssertEqual(log.lines, ["leaf:down#0@\(Point(x: 600 - 500 - 1, y: 300 - 250 - 1))"])
    }
}

