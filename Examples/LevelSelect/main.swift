// LevelSelect: a game's level select with scrolling that snaps (docs/scrolling.md, "Snapping"). A shelf of 60 level
// cards (a horizontal LazyGrid, one row) comes to rest with a card at its left edge (`snapping = .items`); a pager of
// four tutorial pages turns one page a fling (`.paging`); a story panel scrolls under the controller's right stick
// (docs/focus.md). On frame 1 the app routes input as a player would: two wheel notches over the shelf (80 points,
// less than half a card); on frames 2-4 a quick drag across the pager; on frame 5 it focuses the story's button and
// leans the right stick down, letting go on frame 15. On frame 60 it checks that the shelf settled on the second card
// (220 points), the pager on the second page (360) and the story 200 points down (ten frames at 20 points).
//
//   swift run LevelSelect                  a window (needs a display): wheel, drag and a controller's right stick
//   swift run LevelSelect --headless       61 frames offscreen, then one result line; exit status 1 if it failed
//   swift run LevelSelect --headless --screenshot level-select.png      the same, and a picture of the last frame
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneRuntime
import GlasspaneScene
#if canImport(Glibc)
import Glibc
#endif

@MainActor
final class LevelSelectApp: SessionApp {
    let bus: MessageBus
    let stage: OverlayStage
    let sceneRenderer: any SceneRenderer
    let shelf: LazyGrid
    let pager: ScrollView
    let story: ScrollView
    let start: Button
    var wantsQuit = false
    var result: (line: String, passed: Bool) = ("LevelSelect: nothing checked (run at least 61 frames)", false)

    /// A card or page: a rounded, colored label that lets presses through to the scroll view (which drags it).
    static func tile(width: Double, height: Double, fontSize: Double = 16) -> Label {
        let tile = Label(text: "", fontSize: fontSize, alignment: .center)
        tile.preferredWidth = width; tile.preferredHeight = height
        tile.cornerRadius = 10
        tile.isUserInteractionEnabled = false
        return tile
    }

    init(resources: SessionResources) throws {
        bus = resources.bus
        sceneRenderer = resources.sceneRenderer
        let overlay = Overlay(windowSize: resources.windowSize, fonts: resources.fonts)
        let layer = overlay.addLayer(name: "levels", level: LayerLevel.panel)
        // The shelf: cards 200 points wide, 20 apart; only the cards in sight exist.
        shelf = try LazyGrid(identifier: "shelf", itemCount: 60, rows: .fixed(1), itemWidth: 200, spacing: 20,
                             makeCell: { LevelSelectApp.tile(width: 200, height: 140) },
                             configureCell: { cell, index in
                                 let tile = cell as? Label
                                 tile?.text = "Level \(index + 1)  " + String(repeating: "★", count: index % 3 + 1)
                                 tile?.backgroundColor = Color(r: 0.18 + 0.05 * Double(index % 4), g: 0.22, b: 0.34, a: 1)
                             })
        shelf.preferredWidth = 728; shelf.preferredHeight = 140
        shelf.snapping = .items
        // The pager: four pages as wide as the viewport, side by side.
        let pages = ["Move with the left stick", "Jump with A", "Scroll the story with the right stick", "Good luck"]
            .enumerated().map { i, text -> View in
                let page = LevelSelectApp.tile(width: 360, height: 150, fontSize: 15)
                page.text = "\(i + 1)/4  \(text)"
                page.backgroundColor = Color(r: 0.16, g: 0.3 + 0.06 * Double(i), b: 0.26, a: 1)
                page.cornerRadius = 0
                return page
            }
        pager = ScrollView(identifier: "pager", axes: .horizontal, content: HStack(identifier: "pages", spacing: 0, pages))
        pager.preferredWidth = 360; pager.preferredHeight = 150
        pager.snapping = .paging
        // The story: a button to focus, then lines of text, in a panel the right stick scrolls.
        start = Button(identifier: "story.start", title: "Start level 1")
        let lines = (1...24).map { Label(text: "  Chapter \($0): the road winds past milestone \($0 * 7).", fontSize: 13) }
        story = ScrollView(identifier: "story", content: VStack(identifier: "story.lines", spacing: 6, [start] + lines))
        story.preferredWidth = 352; story.preferredHeight = 150
        story.backgroundColor = Color(r: 0.1, g: 0.11, b: 0.14, a: 0.9)
        story.cornerRadius = 8
        layer.addSubview(VStack(identifier: "levels.column", spacing: 14, [
            Label(identifier: "levels.title", text: "Choose a level", fontSize: 18), shelf,
            HStack(identifier: "levels.row", spacing: 16, [pager, story]),
        ]), at: Point(x: 16, y: 12))
        stage = OverlayStage(overlay: overlay, renderer: resources.overlayRenderer)
    }

    func beginFrame(index: Int) {
        let overlay = stage.overlay
        let p = pager.windowFrame
        switch index {
        case 1:
            for _ in 0..<2 { overlay.route(.wheel(location: shelf.windowFrame.center, dx: 0, dy: -1)) }
        case 2: overlay.route(.pointerDown(PointerEvent(location: Point(x: p.maxX - 40, y: p.center.y))))
        case 3: overlay.route(.pointerMove(PointerEvent(location: Point(x: p.maxX - 70, y: p.center.y))))
        case 4:
            // 60 points in two frames: a fling fast enough to turn the page.
            overlay.route(.pointerMove(PointerEvent(location: Point(x: p.maxX - 100, y: p.center.y))))
            overlay.route(.pointerUp(PointerEvent(location: Point(x: p.maxX - 100, y: p.center.y))))
        case 5:
            overlay.focus(start)
            overlay.route(.controllerAxis(ControllerAxisEvent(axis: .rightY, value: 1)))
        case 15:
            overlay.route(.controllerAxis(ControllerAxisEvent(axis: .rightY, value: 0)))
        case 60:
            let passed = shelf.contentOffset.x == 220 && shelf.liveCellCount <= 6 && pager.contentOffset.x == 360
                && story.contentOffset.y == 200 && overlay.focusedView === start
            result = ("LevelSelect: shelf at \(shelf.contentOffset.x) with \(shelf.liveCellCount) live cards, pager at "
                      + "\(pager.contentOffset.x), story at \(story.contentOffset.y)", passed)
        default:
            break
        }
    }

    func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.key == .escape { wantsQuit = true }
    }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        sceneRenderer.render(RenderScene(eye: Vec3(0, 1, 5), objects: []), viewport: metrics.drawableSize)
    }
}

exit(await ExampleRunner.run("LevelSelect", size: PixelSize(width: 760, height: 380), defaultFrames: 61,
                             make: { try LevelSelectApp(resources: $0) }) { $0.result })
