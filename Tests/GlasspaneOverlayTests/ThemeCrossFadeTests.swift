// The opt-in theme cross-fade: mid-fade colors lie strictly between the two schemes', each frame repaints exactly the
// views that read a changed token, and the end is the plain switch's draw list (ThemeCrossFade.swift).
import XCTest
import GlasspaneCore
import GlasspaneAnimation
@testable import GlasspaneOverlay

/// A view that fills its bounds with one token's color.
private final class Swatch: View {
    let token: ColorToken
    init(_ id: String, token: ColorToken) {
        self.token = token
        super.init(identifier: id, frame: Rect(x: 0, y: 0, width: 10, height: 10))
    }
    override func draw(in rect: Rect, context: inout PaintContext) {
        context.add(.rect(rect, color: themeColor(token), cornerRadius: 0))
    }
}

final class ThemeCrossFadeTests: XCTestCase {
    private let step = 1.0 / 60

    /// An overlay with a few themed views, laid out and painted, its frame clock started.
    private func makeOverlay(crossFade: Animation?) -> (Overlay, OverlayLayer) {
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        overlay.themeCrossFade = crossFade
        let layer = overlay.addLayer(name: "ui", level: 0)
        let views: [View] = [Swatch("accent", token: .accent), Swatch("marker", token: .markerLight),
                             Button(identifier: "b", title: "OK"), Toggle(identifier: "t", title: "HUD", isOn: true),
                             Label(identifier: "l", text: "themed"), Label(identifier: "fixed", text: "fixed", textColor: .white)]
        for (i, v) in views.enumerated() { layer.root.addSubview(v, at: Point(x: 10, y: 10 + Double(i) * 40)) }
        overlay.update()
        overlay.advanceAnimations(to: 2)
        overlay.update()
        return (overlay, layer)
    }

    private func accentDrawn(_ layer: OverlayLayer) -> Color? {
        let swatch = layer.root.descendant(withIdentifier: "accent")!
        for c in layer.drawList.commands { if case let .rect(r, color, _) = c, r == swatch.windowFrame { return color } }
        return nil
    }

    func testMidFadeColorsLieBetweenTheSchemesEachFrameRepaintsTheChangedViewsAndTheEndIsThePlainSwitch() throws {
        let duration = Theme.standard.motion.standard
        let (faded, fadedLayer) = makeOverlay(crossFade: .easeInOut(duration: duration))
        let (plain, plainLayer) = makeOverlay(crossFade: nil)
        let fadeChange = faded.setColorScheme(.light)
        let plainChange = plain.setColorScheme(.light)
        XCTAssertEqual(fadeChange.changedTokens, plainChange.changedTokens)
        XCTAssertEqual(fadeChange.viewsRepainted, plainChange.viewsRepainted, "the same views repaint")
        XCTAssertEqual(fadeChange.viewsRepainted, 4, "accent swatch, button, toggle, themed label; not the marker or the fixed label")
        XCTAssertTrue(faded.isCrossFadingTheme); XCTAssertFalse(plain.isCrossFadingTheme)
        let dark = Theme.standard[.accent].dark, light = Theme.standard[.accent].light
        var time = 2.0, frame = 0, between = 0
        while faded.isCrossFadingTheme {
            XCTAssertLessThan(time, 2 + duration + 3 * step, "the fade ends after its duration")
            let before = faded.stats
            frame += 1
            time = 2 + Double(frame) / 60   // whole frames: no drift, so the last frame is the end
            faded.advanceAnimations(to: time)
            faded.update()
            let painted = faded.stats.viewsPainted - before.viewsPainted
            XCTAssertEqual(painted, 4, "each frame of the fade repaints exactly the views that read a changed token")
            XCTAssertEqual(faded.stats.fullRepaints, before.fullRepaints, "in place")
            let drawn = try XCTUnwrap(accentDrawn(fadedLayer))
            if faded.isCrossFadingTheme {
                between += 1
                for (c, (a, b)) in zip([drawn.r, drawn.g, drawn.b], [(dark.r, light.r), (dark.g, light.g), (dark.b, light.b)]) where a != b {
                    XCTAssertGreaterThan(c, min(a, b)); XCTAssertLessThan(c, max(a, b))
                }
            }
        }
        XCTAssertGreaterThanOrEqual(between, 10, "about 0.2 s of 60 Hz frames in between")
        plain.advanceAnimations(to: time)
        plain.update()
        XCTAssertEqual(accentDrawn(fadedLayer), light)
        XCTAssertEqual(fadedLayer.drawList, plainLayer.drawList, "the end is exactly the plain switch")
        // Once settled nothing repaints.
        let settled = faded.stats
        faded.advanceAnimations(to: time + step)
        faded.update()
        XCTAssertEqual(faded.stats.viewsPainted, settled.viewsPainted)
    }

    func testSwitchingBackMidFadeBlendsFromTheDrawnColorsAndEndsAtTheFirstScheme() throws {
        let (faded, fadedLayer) = makeOverlay(crossFade: .easeInOut(duration: 0.2))
        let (plain, plainLayer) = makeOverlay(crossFade: nil)
        faded.setColorScheme(.light)
        var time = 2.0
        for _ in 0..<5 { time += step; faded.advanceAnimations(to: time); faded.update() }
        let mid = try XCTUnwrap(accentDrawn(fadedLayer))
        let back = faded.setColorScheme(.dark)
        XCTAssertEqual(back.viewsRepainted, 4)
        time += step; faded.advanceAnimations(to: time); faded.update()
        let next = try XCTUnwrap(accentDrawn(fadedLayer))
        let dark = Theme.standard[.accent].dark
        XCTAssertLessThan(abs(next.g - mid.g), abs(dark.g - Theme.standard[.accent].light.g) / 2, "no jump: it starts where it was drawn")
        for _ in 0..<20 { time += step; faded.advanceAnimations(to: time); faded.update() }
        XCTAssertFalse(faded.isCrossFadingTheme)
        XCTAssertEqual(accentDrawn(fadedLayer), dark)
        XCTAssertEqual(fadedLayer.drawList, plainLayer.drawList, "back at the dark scheme's draw list")
    }

    func testWithoutTheFrameClockOrWithoutACrossFadeTheSwitchIsInstant() {
        let overlay = Overlay(windowSize: Size(width: 200, height: 100))
        overlay.themeCrossFade = .easeInOut(duration: 0.2)
        let layer = overlay.addLayer(name: "ui", level: 0)
        layer.root.addSubview(Swatch("accent", token: .accent), at: Point(x: 10, y: 10))
        overlay.update()
        overlay.setColorScheme(.light)   // the clock never ran: nothing would move the fade
        XCTAssertFalse(overlay.isCrossFadingTheme)
        overlay.update()
        XCTAssertEqual(accentDrawn(layer), Theme.standard[.accent].light)
    }
}
