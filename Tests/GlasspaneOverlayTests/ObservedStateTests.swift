// Shared state through Observation: a change re-runs exactly the bindings that read the changed property, in any
// layer, before the next layout (the same frame), and repaints only those views.
import XCTest
import Observation
import GlasspaneCore
@testable import GlasspaneOverlay

@Observable
final class SharedScore {
    var score = 0
    var player = "Ada"
    var unrelated = 0
}

final class ObservedStateTests: XCTestCase {
    func testAChangeRerunsOnlyItsReadersAcrossTwoLayersInTheSameUpdate() {
        let store = SharedScore()
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let panel = overlay.addLayer(name: "panel", level: LayerLevel.panel)
        let toast = overlay.addLayer(name: "toast", level: LayerLevel.toast)
        let scoreLabel = Label(identifier: "panel.score", text: "")
        let playerLabel = Label(identifier: "panel.player", text: "")
        let banner = Label(identifier: "toast.banner", text: "")
        panel.addSubview(VStack([scoreLabel, playerLabel]), at: Point(x: 10, y: 10))
        toast.addSubview(banner, at: Point(x: 300, y: 10))
        scoreLabel.bind { [unowned scoreLabel] in scoreLabel.text = "score \(store.score)" }
        playerLabel.bind { [unowned playerLabel] in playerLabel.text = store.player }
        banner.bind { [unowned banner] in banner.text = "\(store.player): \(store.score)" }
        overlay.update()
        XCTAssertEqual([scoreLabel.bindingRuns, playerLabel.bindingRuns, banner.bindingRuns], [1, 1, 1])

        store.score = 7
        XCTAssertEqual(scoreLabel.text, "score 0", "the binding runs at layout, not inside the setter")
        let before = overlay.stats
        overlay.update()
        XCTAssertEqual(scoreLabel.text, "score 7")
        XCTAssertEqual(banner.text, "Ada: 7")
        XCTAssertEqual([scoreLabel.bindingRuns, playerLabel.bindingRuns, banner.bindingRuns], [2, 1, 2])
        XCTAssertEqual(overlay.stats.bindingUpdates - before.bindingUpdates, 2)
        XCTAssertTrue(panel.drawList.commands.contains { if case .glyphs(let r) = $0 { r.text == "score 7" } else { false } })
        XCTAssertTrue(toast.drawList.commands.contains { if case .glyphs(let r) = $0 { r.text == "Ada: 7" } else { false } })

        // Two changes in one frame: each reader runs once.
        store.player = "Grace"
        store.player = "Linus"
        overlay.update()
        XCTAssertEqual([scoreLabel.bindingRuns, playerLabel.bindingRuns, banner.bindingRuns], [2, 2, 3])
        XCTAssertEqual(banner.text, "Linus: 7")

        // A property nobody reads invalidates nothing: the next update does no work at all.
        let quiet = overlay.stats
        store.unrelated = 1
        XCTAssertFalse(overlay.needsUpdate)
        overlay.update()
        XCTAssertEqual(overlay.stats, quiet)
    }

    func testTrackingFollowsWhatTheLastRunRead() {
        let store = SharedScore()
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let label = Label(identifier: "l", text: "")
        ui.addSubview(label, at: .zero)
        // Reads `player` only while the score is zero.
        label.bind { [unowned label] in label.text = store.score == 0 ? store.player : "\(store.score)" }
        overlay.update()
        store.score = 1
        overlay.update()
        XCTAssertEqual(label.bindingRuns, 2)
        store.player = "Grace"
        overlay.update()
        XCTAssertEqual(label.bindingRuns, 2, "the last run did not read player")
        label.unbindAll()
        store.score = 2
        overlay.update()
        XCTAssertEqual(label.text, "1")
    }

    func testADetachedViewCatchesUpWhenItIsAdded() {
        let store = SharedScore()
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let label = Label(identifier: "l", text: "")
        label.bind { [unowned label] in label.text = "\(store.score)" }
        store.score = 5
        ui.addSubview(label, at: .zero)
        overlay.update()
        XCTAssertEqual(label.text, "5")
    }
}
