// The scene's MSAA changed while a session runs (the demo's Options picker calls `Session.setMSAA`): the frame after
// the choice has anti-aliased cube edges, and nothing else moved; back to Off gives the first frame's pixels again.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneHost
import GlasspaneRender
import GlasspaneRuntime
import XCTest

/// Reads each frame back before its present.
@MainActor
private final class FrameGrabber: FrameObserver {
    var image: PixelImage?
    func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool) {
        image = FramebufferCapture.readBackBuffer(size: loop.platform.metrics.drawableSize)
    }
}

@MainActor
final class SessionMSAATests: XCTestCase {
    func testTheFrameAfterChoosing4xHasAntiAliasedEdgesAndOffRestoresThePixels() async throws {
        var d = SessionDescription()
        d.headless = true
        d.windowSize = PixelSize(width: 320, height: 200)
        d.msaaSamples = 1
        // A cube that does not spin: only the sample count differs between the frames compared.
        let session = try Session.open(d) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts, windowSize: r.windowSize,
                    initial: CubeState(spinning: false), bus: r.bus, content: DemoApp.Content(showsPanel: false))
        }
        defer { session.close() }
        let grabber = FrameGrabber()
        session.loop.addObserver(grabber, order: .screenshots)
        for _ in 0..<3 { _ = session.loop.runFrame() }
        let off = try XCTUnwrap(grabber.image)
        _ = session.loop.runFrame()
        XCTAssertEqual(grabber.image, off, "a still scene gives the same pixels frame after frame")
        XCTAssertEqual(session.msaaSamples, 1)
        let counts = session.supportedMSAASampleCounts
        XCTAssertEqual(counts.first, 1)
        guard counts.contains(4) else { throw XCTSkip("this GL context offers no 4x MSAA (\(counts))") }

        XCTAssertEqual(session.setMSAA(4), 4)
        XCTAssertEqual(session.msaaSamples, 4)
        _ = session.loop.runFrame()
        let on = try XCTUnwrap(grabber.image)
        // Pixels that changed, and of those, any whose 3x3 neighbourhood in the Off frame was one flat color (not an
        // edge): multisampling changes edges only.
        var changed = 0, flat = 0
        let w = off.size.width, h = off.size.height
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let a = off.pixel(x: x, y: y), b = on.pixel(x: x, y: y)
                guard (a.r, a.g, a.b) != (b.r, b.g, b.b) else { continue }
                changed += 1
                let neighbours = (-1...1).flatMap { dy in (-1...1).map { dx in off.pixel(x: x + dx, y: y + dy) } }
                if neighbours.allSatisfy({ abs(Int($0.r) - Int(a.r)) + abs(Int($0.g) - Int(a.g)) + abs(Int($0.b) - Int(a.b)) <= 6 }) { flat += 1 }
            }
        }
        XCTAssertGreaterThan(changed, 100, "the cube's edges are smoothed in the frame after the choice")
        XCTAssertLessThan(changed, w * h / 10, "only edges changed (\(changed) pixels)")
        XCTAssertEqual(flat, 0, "no pixel inside a face changed")

        XCTAssertEqual(session.setMSAA(1), 1)
        _ = session.loop.runFrame()
        XCTAssertEqual(grabber.image, off, "Off gives the first frame's pixels again")
        // A count the context lacks applies the nearest one below it.
        XCTAssertEqual(session.setMSAA(3), counts.last { $0 <= 3 })
    }
}
