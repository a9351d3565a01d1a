// The flat hit table (HitTable.swift) against a plain recursive walk written from the documented rules, on random
// trees mixing deep chains and wide branching, with transforms, clips, hidden, transparent, disabled and
// passthrough views, before and after random mutations; and the router using the table for delivery and focus.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay
import GlasspaneTesting

final class HitTableTests: XCTestCase {
    /// The rules of docs/routing.md as a plain recursion: skip hidden, alpha < 0.01, disabled and out-of-bounds
    /// subtrees; ask subviews front to back with the point minus their origin; else the view if it claims.
    private func referenceHit(_ view: View, _ point: Point) -> (View, Point)? {
        guard point.x >= 0, point.y >= 0, point.x < view.frame.width, point.y < view.frame.height,
              !view.isHidden, view.alpha >= View.minimumHitAlpha, view.isUserInteractionEnabled else { return nil }
        for child in view.subviews.reversed() {
            let local = Point(x: point.x - child.frame.minX, y: point.y - child.frame.minY)
            if let hit = referenceHit(child, local) { return hit }
        }
        return view.claimsOwnBounds ? (view, point) : nil
    }

    /// A random tree: most views extend one spine (hundreds deep), one in eight goes under a random view
    /// (branches at every depth); random frames, skip rules, claims, transforms, clips and passthrough tags.
    private func randomTree(_ rng: inout SplitMix64, into root: View, count: Int) -> [View] {
        var all = [root]
        var spine = root
        for i in 0..<count {
            let onSpine = rng.next() % 8 != 0
            let parent = onSpine ? spine : all[Int(rng.next() % UInt64(all.count))]
            // The spine: about the parent's size, a little offset, so points reach deep. Branches: small rectangles
            // anywhere in (or sticking out of) their parent.
            let size = parent.frame.size
            let frame = onSpine
                ? Rect(x: rng.unit() * 0.6 - 0.2, y: rng.unit() * 0.6 - 0.2,
                       width: size.width * (0.99 + rng.unit() * 0.02), height: size.height * (0.99 + rng.unit() * 0.02))
                : Rect(x: rng.unit() * size.width - 10, y: rng.unit() * size.height - 10,
                       width: 5 + rng.unit() * 60, height: 5 + rng.unit() * 60)
            let v = View(identifier: "v\(i)", frame: frame)
            randomize(v, &rng)
            parent.addSubview(v)
            all.append(v)
            if onSpine { spine = v }
        }
        return all
    }

    private func randomize(_ v: View, _ rng: inout SplitMix64) {
        v.isHidden = rng.next() % 250 == 0
        v.alpha = rng.next() % 250 == 0 ? 0.005 : [1, 0.5, 0.01][Int(rng.next() % 3)]
        v.isUserInteractionEnabled = rng.next() % 250 != 0
        v.hitTestBehavior = [.automatic, .automatic, .opaque, .deferToChildren][Int(rng.next() % 4)]
        v.backgroundColor = rng.next() % 5 == 0 ? .white : .clear
        v.transform = rng.next() % 3 == 0 ? ViewTransform(translation: Point(x: rng.unit() * 50, y: -rng.unit() * 50), scale: 0.5 + rng.unit()) : .identity
        v.clipsToBounds = rng.next() % 2 == 0
        v.tags = rng.next() % 9 == 0 ? [.passthrough] : []
    }

    private func randomPoints(_ rng: inout SplitMix64, _ count: Int) -> [Point] {
        (0..<count).map { _ in Point(x: rng.unit() * 420 - 10, y: rng.unit() * 320 - 10) }
    }

    /// Compares the layer root's answers (table or walk, whatever `hitTest` picks) and the router's with the
    /// reference, point by point; returns how many points the table answered.
    @discardableResult
    private func compare(_ overlay: Overlay, _ layer: OverlayLayer, _ points: [Point], _ context: String) -> Int {
        var byTable = 0
        for p in points {
            let expected = referenceHit(layer.root, p)
            let hit = layer.root.hitTest(p)
            if hit?.table != nil { byTable += 1 }
            XCTAssertTrue(hit?.view === expected?.0, "\(context), \(p): \(hit?.view.identifier ?? "nil") vs \(expected?.0.identifier ?? "nil")")
            XCTAssertEqual(hit?.point, expected?.1, "\(context), \(p)")
            // The router: a hit on a passthrough view (the layer's root is one) passes to the engine.
            var passes: [LayerPass] = []
            let routed = overlay.router.hitTest(at: p, passes: &passes).flatMap { $0.isOutsideModal ? nil : $0 }
            let expectedRouted = expected.flatMap { $0.0.isPassthrough ? nil : $0 }
            XCTAssertTrue(routed?.view === expectedRouted?.0, "\(context), routed \(p)")
            XCTAssertEqual(routed?.point, expectedRouted?.1, "\(context), routed \(p)")
        }
        return byTable
    }

    func testTableAnswersAsTheRecursiveWalkOnRandomTreesAndAfterMutations() {
        var rng = SplitMix64(seed: 1414)
        var answeredByTable = 0
        for round in 0..<8 {
            let overlay = Overlay(windowSize: Size(width: 400, height: 300))
            let layer = overlay.addLayer(name: "ui", level: 0)
            var all = randomTree(&rng, into: layer.root, count: 700)
            let points = randomPoints(&rng, 150)
            answeredByTable += compare(overlay, layer, points, "round \(round)")
            layer.root.hitTable = HitTable(root: layer.root)
            answeredByTable += compare(overlay, layer, points, "round \(round), forced table")
            for step in 0..<12 {
                // A few random changes, then the same points again (the table must notice every one that matters).
                for _ in 0..<3 {
                    let v = all[1 + Int(rng.next() % UInt64(all.count - 1))]
                    switch rng.next() % 9 {
                    case 0: v.frame.origin = Point(x: v.frame.minX + rng.unit() * 20 - 10, y: v.frame.minY + rng.unit() * 20 - 10)
                    case 1: v.frame.size = Size(width: v.frame.width * (0.5 + rng.unit()), height: v.frame.height)
                    case 2: v.isHidden.toggle()
                    case 3: v.isUserInteractionEnabled.toggle()
                    case 4: v.alpha = v.alpha < 0.01 ? 1 : 0.005
                    case 5:
                        let added = View(identifier: "added\(round).\(step)", frame: Rect(x: 0, y: 0, width: v.frame.width, height: v.frame.height))
                        randomize(added, &rng)
                        added.hitTestBehavior = .opaque
                        v.addSubview(added)
                        all.append(added)
                    case 6:
                        v.removeFromSuperview()
                        all.removeAll { $0 === v || !$0.isDescendant(of: layer.root) }
                    case 7: randomize(v, &rng)   // claims, transform, clip, tags (read live or ignored)
                    default: v.frame = Rect(x: 0, y: 0, width: 0, height: 0)
                    }
                    if all.count < 2 { break }
                }
                answeredByTable += compare(overlay, layer, points, "round \(round), step \(step)")
                layer.root.hitTable = HitTable(root: layer.root)
                answeredByTable += compare(overlay, layer, points, "round \(round), step \(step), forced table")
            }
        }
        XCTAssertGreaterThan(answeredByTable, 10_000, "most answers came from tables")
    }

    /// A `depth`-deep chain in a `ui` layer: links offset by (0.25, 0.125), 0.25 x 0.125 smaller each; a recording
    /// leaf at (1, 1) in the last link. Exact in binary, so points are known exactly.
    private func makeChain(depth: Int, log: EventLog, in overlay: Overlay,
                           focusableAt focusable: Int? = nil) -> (links: [View], leaf: RecordingView) {
        let ui = overlay.addLayer(name: "ui", level: 0)
        let leaf = RecordingView("leaf", Rect(x: 1, y: 1, width: 100, height: 100), log: log)
        var links: [View] = []
        var child: View = leaf
        for i in stride(from: depth - 1, through: 0, by: -1) {
            let frame = Rect(x: 0.25, y: 0.125, width: 700 - Double(i) * 0.25, height: 500 - Double(i) * 0.125)
            let link: View
            if i == focusable {
                let r = RecordingView("focusable", frame, log: log, focusable: true)
                r.hitTestBehavior = .deferToChildren
                link = r
            } else {
                link = View(identifier: "l\(i)", frame: frame)
            }
            link.addSubview(child)
            links.insert(link, at: 0)
            child = link
        }
        ui.addSubview(child)
        return (links, leaf)
    }

    func testCapturedEventsConvertThroughTheTableAndByWalkingAfterAChange() throws {
        let log = EventLog()
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let (links, _) = makeChain(depth: 2_000, log: log, in: overlay)
        XCTAssertEqual(overlay.route(down(600, 300)).summary, "ui/leaf")
        let root = try XCTUnwrap(overlay.layer(named: "ui")?.root)
        XCTAssertNotNil(root.hitTable, "a 2,000-deep chain is hit-tested through a table")
        // 2,000 links of 0.25 / 0.125, then the leaf at (1, 1).
        XCTAssertEqual(overlay.route(drag(610, 305)).summary, "ui/leaf")
        // A link half-way down moves 4 points right while the pointer is held: later points convert through it.
        links[1_000].frame.origin.x += 4
        XCTAssertEqual(overlay.route(drag(620, 310)).summary, "ui/leaf")
        XCTAssertEqual(overlay.route(up(620, 310)).summary, "ui/leaf")
        XCTAssertEqual(log.lines, [
            "leaf:down#0@\(Point(x: 600 - 500 - 1, y: 300 - 250 - 1))",
            "leaf:move#0@\(Point(x: 610 - 500 - 1, y: 305 - 250 - 1))",
            "leaf:move#0@\(Point(x: 620 - 500 - 1 - 4, y: 310 - 250 - 1))",
            "leaf:up#0@\(Point(x: 620 - 500 - 1 - 4, y: 310 - 250 - 1))",
        ])
    }

    func testAPressFocusesTheNearestFocusableAncestorFoundThroughTheTable() throws {
        let log = EventLog()
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let (links, leaf) = makeChain(depth: 300, log: log, in: overlay, focusableAt: 40)
        let focusable = try XCTUnwrap(links[40] as? RecordingView)
        // The leaf's window origin is (300 x 0.25 + 1, 300 x 0.125 + 1) = (76, 38.5).
        XCTAssertEqual(overlay.route(down(100, 80)).summary, "ui/leaf")
        overlay.route(up(100, 80))
        XCTAssertNotNil(overlay.layer(named: "ui")?.root.hitTable)
        XCTAssertTrue(overlay.focusedView === focusable, "the leaf's nearest focusable ancestor, 260 levels up")
        // It stops taking focus: a press inside it keeps its focus (the leaf is its descendant)...
        focusable.focusable = false
        overlay.route(down(100, 80)); overlay.route(up(100, 80))
        XCTAssertTrue(overlay.focusedView === focusable)
        // ...and a press on a view outside it clears focus.
        let outside = RecordingView("outside", Rect(x: 0, y: 0, width: 0.5, height: 300), log: log)
        links[20].addSubview(outside)
        XCTAssertEqual(overlay.route(down(5.5, 100)).summary, "ui/outside")
        XCTAssertNil(overlay.focusedView)
        XCTAssertEqual(log.lines.filter { $0.hasPrefix("leaf:down") }, ["leaf:down#0@\(Point(x: 24, y: 41.5))", "leaf:down#0@\(Point(x: 24, y: 41.5))"])
        _ = leaf
    }
}
