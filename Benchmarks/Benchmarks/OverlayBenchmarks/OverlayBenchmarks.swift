// Overlay micro-benchmarks: hit testing on 10,000-view trees, layout and paint of the demo's panel, and the
// overlay's CPU cost per frame (idle and while the picker is dragged). Pure logic: no SDL, no GL.
import Benchmark
import BenchmarkSupport
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

// MARK: - Trees for hit testing

/// An overlay with one interactive layer holding `content` at the window's origin, 1280x720 points.
func makeOverlay(holding content: View) -> Overlay {
    let overlay = Overlay(windowSize: Size(width: 1280, height: 720))
    let layer = overlay.addLayer(name: "bench", level: 0)
    layer.addSubview(content)
    overlay.update()
    return overlay
}

/// 10,000 filled views side by side in one plain container (a 100x100 grid of 12.8x7.2 cells). Hit testing asks
/// children front to back, so a point on the backmost cell (index 0, top-left) checks all 10,000.
func makeWideTree() -> (Overlay, backmost: Point) {
    let container = View(identifier: "wide", frame: Rect(x: 0, y: 0, width: 1280, height: 720))
    for i in 0..<10_000 {
        let cell = View(identifier: "", frame: Rect(x: Double(i % 100) * 12.8, y: Double(i / 100) * 7.2, width: 12.8, height: 7.2))
        cell.backgroundColor = Color(r: 0.5, g: 0.5, b: 0.5, a: 0.5)
        container.addSubview(cell)
    }
    return (makeOverlay(holding: container), Point(x: 5, y: 3))
}

/// 10,000 views nested in one chain, each inset by 0.03 points on every side; only the innermost draws, so a
/// point in the middle descends all 10,000 levels.
func makeDeepTree() -> (Overlay, center: Point) {
    let outer = View(identifier: "deep.0", frame: Rect(x: 0, y: 0, width: 1280, height: 720))
    var parent = outer
    for _ in 1..<10_000 {
        let size = parent.frame.size
        let child = View(identifier: "", frame: Rect(x: 0.03, y: 0.03, width: size.width - 0.06, height: size.height - 0.06))
        parent.addSubview(child)
        parent = child
    }
    parent.backgroundColor = .white
    return (makeOverlay(holding: outer), Point(x: 640, y: 360))
}

/// A balanced tree: 10 children per view, 4 levels (10,000 filled leaves, 11,110 views), alternating column and
/// row splits. A point in the backmost leaf of each level checks 10 siblings per level.
func makeBalancedTree() -> (Overlay, backmost: Point) {
    func fill(_ view: View, level: Int) {
        let size = view.frame.size
        for i in 0..<10 {
            let frame = level % 2 == 0
                ? Rect(x: Double(i) * size.width / 10, y: 0, width: size.width / 10, height: size.height)
                : Rect(x: 0, y: Double(i) * size.height / 10, width: size.width, height: size.height / 10)
            let child = View(identifier: "", frame: frame)
            if level == 3 {
                child.backgroundColor = Color(r: 0.5, g: 0.5, b: 0.5, a: 0.5)
            } else {
                fill(child, level: level + 1)
            }
            view.addSubview(child)
        }
    }
    let root = View(identifier: "tree", frame: Rect(x: 0, y: 0, width: 1280, height: 720))
    fill(root, level: 0)
    return (makeOverlay(holding: root), Point(x: 5, y: 3))
}

// MARK: - The demo

/// The demo app (real bus, engine and overlay; no renderer) driven by the frame loop on a fake platform, a few
/// frames in so that the ready handshake and the first state are done and the overlay is clean.
@MainActor
final class DemoFixture {
    let platform = FakePlatform(size: Size(width: 1280, height: 720))
    let demo = DemoApp(sceneRenderer: nil)
    let loop: FrameLoop
    var overlay: Overlay { demo.stage.overlay }
    /// Every view of the panel's subtree.
    let panelViews: [View]
    /// The saturation/value square's rectangle in window points.
    let svFrame: Rect

    init() {
        loop = FrameLoop(platform: platform, app: demo, configuration: .init(fixedFrameDuration: 16_666_667))
        for _ in 0..<4 { loop.runFrame() }
        var views: [View] = []
        func collect(_ v: View) { views.append(v); v.subviews.forEach(collect) }
        collect(demo.panel)
        panelViews = views
        svFrame = demo.picker.saturationValue.windowFrame
    }

    /// A point inside the saturation/value square, alternating between two places so every move changes the color.
    func svPoint(_ i: Int) -> Point {
        Point(x: svFrame.minX + svFrame.width * (i & 1 == 0 ? 0.3 : 0.7), y: svFrame.minY + svFrame.height * 0.5)
    }

    /// Presses in the square and keeps the pointer held, so later moves are captured drags.
    func beginDrag() {
        overlay.route(.pointerDown(PointerEvent(pointerID: 1, location: svPoint(0))))
        overlay.update()
        _ = overlay.drawList
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    // MARK: Hit testing (10,000 views)

    mainActorBenchmark(
        "Overlay.hitTest.wide10k",
        fixture: { makeWideTree() },
        body: { f, benchmark in
            let (overlay, point) = f
            let root = overlay.layers[0].root
            for _ in benchmark.scaledIterations { blackHole(root.hitTest(point)?.view) }
        })

    mainActorBenchmark(
        "Overlay.hitTest.deep10k",
        configuration: .init(timeUnits: .microseconds),
        fixture: { makeDeepTree() },
        body: { f, benchmark in
            let (overlay, point) = f
            let root = overlay.layers[0].root
            for _ in benchmark.scaledIterations { blackHole(root.hitTest(point)?.view) }
        })

    mainActorBenchmark(
        "Overlay.hitTest.tree10k",
        configuration: .init(scalingFactor: .kilo),
        fixture: { makeBalancedTree() },
        body: { f, benchmark in
            let (overlay, point) = f
            let root = overlay.layers[0].root
            for _ in benchmark.scaledIterations { blackHole(root.hitTest(point)?.view) }
        })

    // Through the router: pointer down (layers top to bottom, hit test, passthrough check, capture, delivery)
    // and the matching up (captured). One iteration = one down + one up.
    mainActorBenchmark(
        "Overlay.route.wide10k",
        fixture: { makeWideTree() },
        body: { f, benchmark in
            let (overlay, point) = f
            let down = InputEvent.pointerDown(PointerEvent(pointerID: 0, location: point))
            let up = InputEvent.pointerUp(PointerEvent(pointerID: 0, location: point))
            for _ in benchmark.scaledIterations {
                blackHole(overlay.route(down).target.isEngine)
                overlay.route(up)
            }
        })

    mainActorBenchmark(
        "Overlay.route.deep10k",
        configuration: .init(timeUnits: .microseconds),
        fixture: { makeDeepTree() },
        body: { f, benchmark in
            let (overlay, point) = f
            let down = InputEvent.pointerDown(PointerEvent(pointerID: 0, location: point))
            let up = InputEvent.pointerUp(PointerEvent(pointerID: 0, location: point))
            for _ in benchmark.scaledIterations {
                blackHole(overlay.route(down).target.isEngine)
                overlay.route(up)
            }
        })

    // MARK: The demo panel: layout and paint

    // Every view of the panel (title, picker parts, hex field, presets, status) asks for layout, then one layout
    // pass: measurement and placement of the whole panel. Frames come out unchanged, so nothing repaints.
    mainActorBenchmark(
        "Overlay.layout.demoPanel",
        configuration: .init(scalingFactor: .kilo),
        fixture: { DemoFixture() },
        body: { f, benchmark in
            let before = f.overlay.stats.viewsLaidOut
            for _ in benchmark.scaledIterations {
                for view in f.panelViews { view.setNeedsLayout() }
                f.overlay.layoutIfNeeded()
            }
            let laidOut = f.overlay.stats.viewsLaidOut - before
            if laidOut < benchmark.scaledIterations.count * f.panelViews.count {
                benchmark.error("expected \(f.panelViews.count) views laid out per pass, got \(laidOut / benchmark.scaledIterations.count)")
            }
        })

    // A full repaint of the demo's overlay (the panel and everything in it) and the combined draw list:
    // toggling `clipsToBounds` on the status label (a leaf: its commands do not change) forces the full pass.
    mainActorBenchmark(
        "Overlay.paint.demoPanel.full",
        configuration: .init(scalingFactor: .kilo),
        fixture: { DemoFixture() },
        body: { f, benchmark in
            let before = f.overlay.stats.fullRepaints
            var commands = 0
            for _ in benchmark.scaledIterations {
                f.demo.statusLabel.clipsToBounds.toggle()
                f.overlay.paintIfNeeded()
                commands &+= f.overlay.drawList.commands.count
            }
            blackHole(commands)
            if f.overlay.stats.fullRepaints - before != benchmark.scaledIterations.count {
                benchmark.error("expected one full repaint per iteration")
            }
        })

    // MARK: Overlay CPU per frame (phase 7 plus the list the renderer reads)

    // A clean demo tree: `update()` (layout + paint) must find nothing to do and `drawList` returns the cache.
    mainActorBenchmark(
        "Overlay.frame.idle",
        configuration: .init(scalingFactor: .kilo),
        fixture: { DemoFixture() },
        body: { f, benchmark in
            let overlay = f.overlay
            let before = overlay.stats
            for _ in benchmark.scaledIterations {
                overlay.update()
                blackHole(overlay.drawList.commands.count)
            }
            if overlay.stats != before { benchmark.error("an idle frame did layout or paint work") }
        })

    // Dragging in the picker's saturation/value square: a captured pointer move routed to `picker.sv` (the picker
    // recomputes its color, marks the square, hue bar, preview and hex field dirty), then update (partial
    // repaint) and the rebuilt draw list. The bus send happens in phase 3 and is not part of this figure.
    mainActorBenchmark(
        "Overlay.frame.dragging",
        configuration: .init(scalingFactor: .kilo),
        fixture: { let f = DemoFixture(); f.beginDrag(); return f },
        body: { f, benchmark in
            let overlay = f.overlay
            for i in benchmark.scaledIterations {
                let decision = overlay.route(.pointerMove(PointerEvent(pointerID: 1, location: f.svPoint(i + 1))))
                blackHole(decision.target.isEngine)
                overlay.update()
                blackHole(overlay.drawList.commands.count)
            }
            if overlay.router.captureTarget(forPointer: 1)?.view !== f.demo.picker.saturationValue {
                benchmark.error("the drag is not captured by picker.sv")
            }
        })

    // MARK: Controller focus moves (docs/focus.md, figures)

    // One D-pad press and release in a column of 6 buttons (down five times, then up five times), then the
    // overlay's update: routing, spatial navigation, and the repaint of the two buttons whose ring moved.
    mainActorBenchmark(
        "Overlay.focusMove.dpad",
        fixture: { () -> Overlay in
            let column = View(identifier: "column", frame: Rect(x: 0, y: 0, width: 400, height: 400))
            for i in 0..<6 {
                let button = Button(identifier: "menu.\(i)", title: "Item \(i)")
                button.frame = Rect(x: 20, y: 20 + Double(i) * 40, width: 220, height: 30)
                column.addSubview(button)
            }
            let overlay = makeOverlay(holding: column)
            overlay.route(.controllerButton(ControllerButtonEvent(button: .dpadDown)))
            overlay.route(.controllerButton(ControllerButtonEvent(button: .dpadDown, phase: .up)))
            overlay.update()
            return overlay
        },
        body: { overlay, benchmark in
            for i in benchmark.scaledIterations {
                let button: ControllerButton = i % 10 < 5 ? .dpadDown : .dpadUp
                overlay.route(.controllerButton(ControllerButtonEvent(button: button)))
                overlay.route(.controllerButton(ControllerButtonEvent(button: button, phase: .up)))
                blackHole(overlay.update())
            }
        })

    // MARK: Whole frames of the headless demo (FrameLoop + FakePlatform, no renderer)

    // All phases of an idle frame: poll, route, bus deliveries, one fixed simulation step (the cube spins),
    // animations, overlay update, render calls with no renderer, present.
    mainActorBenchmark(
        "Host.frame.demoIdle",
        configuration: .init(scalingFactor: .kilo),
        fixture: { DemoFixture() },
        body: { f, benchmark in
            for _ in benchmark.scaledIterations { f.loop.runFrame() }
        })

    // A frame while dragging in the picker: the move is routed to `picker.sv`, the demo sends one `change-color`,
    // the engine handles it and reports `state-changed`, the overlay repaints what changed.
    mainActorBenchmark(
        "Host.frame.demoDragging",
        configuration: .init(scalingFactor: .kilo),
        fixture: { let f = DemoFixture(); f.beginDrag(); return f },
        body: { f, benchmark in
            let sent = f.demo.colorMessagesSent
            for i in benchmark.scaledIterations {
                f.platform.pendingEvents.append(.pointerMove(PointerEvent(pointerID: 1, location: f.svPoint(i + 1))))
                f.loop.runFrame()
            }
            if f.demo.colorMessagesSent - sent != benchmark.scaledIterations.count {
                benchmark.error("expected one change-color per dragged frame, got \(f.demo.colorMessagesSent - sent)")
            }
        })
}

extension Overlay {
    /// Every visible layer's commands, back to front: the whole overlay of a frame, for comparisons and golden dumps.
    /// (The product draws layer by layer, each from its own cache.)
    var drawList: DrawList {
        var combined = DrawList()
        for layer in layers where layer.visibility != .hidden { combined.append(contentsOf: layer.drawList) }
        return combined
    }
}
