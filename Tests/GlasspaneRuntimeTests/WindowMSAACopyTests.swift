// The MSAA picker in a real window (docs/controls.md, "The MSAA picker"). On an X server of the test's own (Xvfb,
// GLX, llvmpipe), a window whose sample count is changed draws into a framebuffer object, which
// RenderSurface.finishFrame resolves and copies to the window before the swap. What the X server then shows where the
// window is (XGetImage of the screen, after the swap) must be what a headless session renders at the same count: the
// still cube and the picker panel.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneHost
import GlasspanePlatform
import GlasspaneRender
import GlasspaneRuntime
import XCTest

/// Reads each headless frame before its present (the framebuffer object, resolved); in a window, the frame as drawn
/// (to tell when frames stand still), what the screen shows being read separately.
@MainActor
private final class FrameReader: FrameObserver {
    private(set) var image: PixelImage?
    func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool) {
        image = FramebufferCapture.readBackBuffer(size: loop.platform.metrics.drawableSize)
    }
}

/// An Xvfb of the test's own on a free display number, stopped by `stop()`.
private final class PrivateXServer {
    let display: String
    private let process = Process()

    init() throws {
        // Far above where `xvfb-run -a` starts (99), so parallel runs of the CLI tests never collide with it.
        var number = 400 + Int(getpid() % 300)
        let files = FileManager.default
        while files.fileExists(atPath: "/tmp/.X\(number)-lock") || files.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        display = ":\(number)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready once its socket exists: polled with a generous deadline (the machine may be loaded).
        let deadline = Date().addingTimeInterval(120)
        while !files.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw XCTSkip("Xvfb \(display) did not start within 120 s")
            }
            usleep(20_000)
        }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

@MainActor
final class WindowMSAACopyTests: XCTestCase {
    /// A session on the demo with a still cube and its picker panel, `samples` a pixel at the start.
    private func openSession(headless: Bool, samples: Int) throws -> (Session, FrameReader) {
        var d = SessionDescription()
        d.headless = headless
        d.vsync = false
        d.windowSize = PixelSize(width: 640, height: 400)
        d.pointScale = 1
        d.msaaSamples = samples
        let session = try Session.open(d) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts, windowSize: r.windowSize,
                    initial: CubeState(spinning: false), bus: r.bus)
        }
        let reader = FrameReader()
        session.loop.addObserver(reader, order: .screenshots)
        return (session, reader)
    }

    /// Runs frames until two in a row are drawn the same (the panel's entrance, on the wall clock, is over), at most
    /// 600; returns the last.
    @discardableResult
    private func stillFrame(_ session: Session, _ reader: FrameReader) throws -> PixelImage {
        var previous: PixelImage?
        for _ in 0..<600 {
            _ = session.loop.runFrame()
            let image = try XCTUnwrap(reader.image)
            if image == previous { return image }
            previous = image
        }
        XCTFail("the frames never stood still")
        return try XCTUnwrap(previous)
    }

    /// The headless still frames at 1 and 4 samples (nil when the context offers no 4x).
    private func headlessFrames() throws -> (off: PixelImage, fourX: PixelImage)? {
        let (session, reader) = try openSession(headless: true, samples: 1)
        defer { session.close() }
        guard session.supportedMSAASampleCounts.contains(4) else { return nil }
        let off = try stillFrame(session, reader)
        _ = session.setMSAA(4)
        return (off, try stillFrame(session, reader))
    }

    /// Where `a` and `b` differ in red, green or blue (the screen has no alpha), with the two colors.
    private func differences(_ a: PixelImage, _ b: PixelImage) -> [(x: Int, y: Int, a: [UInt8], b: [UInt8])] {
        var found: [(x: Int, y: Int, a: [UInt8], b: [UInt8])] = []
        for y in 0..<min(a.size.height, b.size.height) {
            for x in 0..<min(a.size.width, b.size.width) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                if (p.r, p.g, p.b) != (q.r, q.g, q.b) { found.append((x, y, [p.r, p.g, p.b], [q.r, q.g, q.b])) }
            }
        }
        return found
    }

    /// The largest channel difference between two frames of one size (Int.max when the sizes differ).
    private func largestDifference(_ a: PixelImage, _ b: PixelImage) -> Int {
        guard a.size == b.size else { return .max }
        return differences(a, b).map { zip($0.a, $0.b).map { abs(Int($0) - Int($1)) }.max() ?? 0 }.max() ?? 0
    }

    /// What the screen shows of the window once it shows `expected` (every channel within one step), read again
    /// until then for at most 30 s: the swap reaches the X server over SDL's connection, the read over its own. A
    /// frame that never reached the window fails after the deadline with what the screen showed instead.
    /// Within one step: drawn straight into the window's (BGRX) back buffer, llvmpipe rounds a few hundred pixels of
    /// the scene's background gradient one step away from the RGBA8 object headless draws into.
    private func assertScreen(of session: Session, shows expected: PixelImage, _ what: String, line: UInt = #line) throws -> PixelImage {
        let shown = try screen(of: session, line: line) { self.largestDifference($0, expected) <= 1 }
        if largestDifference(shown, expected) > 1 {
            let found = differences(shown, expected)
            XCTFail("\(what): \(found.count) pixels differ, first \(found.prefix(6))", line: line)
        }
        return shown
    }

    /// What the screen shows of the window once `condition` holds, read again until then for at most 30 s; the
    /// last read when it never does.
    private func screen(of session: Session, line: UInt = #line, until condition: (PixelImage) -> Bool) throws -> PixelImage {
        let deadline = Date().addingTimeInterval(30)
        var shown: PixelImage?
        repeat {
            if let read = session.platform.windowPixelsOnScreen() { shown = PixelImage(size: read.size, rgba: read.rgba) }
            if let shown, condition(shown) { return shown }
            usleep(10_000)
        } while Date() < deadline
        return try XCTUnwrap(shown, "the screen could not be read", line: line)
    }

    /// Points SDL at `display` with its X11 driver (the test process runs with the offscreen one); returns what
    /// puts the environment back.
    private static func useX11(display: String) -> () -> Void {
        let saved = (driver: getenv("SDL_VIDEODRIVER").map { String(cString: $0) }, display: getenv("DISPLAY").map { String(cString: $0) })
        setenv("SDL_VIDEODRIVER", "x11", 1)
        setenv("DISPLAY", display, 1)
        return {
            if let driver = saved.driver { setenv("SDL_VIDEODRIVER", driver, 1) } else { unsetenv("SDL_VIDEODRIVER") }
            if let display = saved.display { setenv("DISPLAY", display, 1) } else { unsetenv("DISPLAY") }
        }
    }

    func testAWindowThatPicks4xShowsTheHeadless4xPixelsAndOffAgainTheFirstOnes() async throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"), "Xvfb is missing (scripts/install-deps.sh installs it)")
        guard let headless = try headlessFrames() else { throw XCTSkip("this GL context offers no 4x MSAA") }
        XCTAssertGreaterThan(differences(headless.off, headless.fourX).count, 100, "4x smooths the cube's edges headless")

        let server = try PrivateXServer()
        defer { server.stop() }
        let restore = Self.useX11(display: server.display)
        defer { restore() }
        let (session, reader) = try openSession(headless: false, samples: 1)
        defer { session.close() }
        XCTAssertEqual(session.platform.videoDriver, "x11")
        XCTAssertEqual(session.platform.metrics.drawableSize, PixelSize(width: 640, height: 400))
        try stillFrame(session, reader)
        let screenOff = try assertScreen(of: session, shows: headless.off, "the window shows what headless draws at 1 sample")

        // 4x: the frame goes through the multisampled object, resolved and copied to the window by finishFrame.
        XCTAssertEqual(session.setMSAA(4), 4)
        _ = session.loop.runFrame()
        let screenFourX = try assertScreen(of: session, shows: headless.fourX, "the copy brought the 4x scene and the overlay to the window")
        XCTAssertGreaterThan(differences(screenFourX, screenOff).count, 100, "the window's cube edges are smoothed")

        // Off again: straight into the window.
        XCTAssertEqual(session.setMSAA(1), 1)
        _ = session.loop.runFrame()
        _ = try assertScreen(of: session, shows: screenOff, "Off gives the window its first pixels back")
    }

    func testAWindowOpenedAt4xThatPicksOffShowsTheHeadlessOffPixels() async throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"), "Xvfb is missing (scripts/install-deps.sh installs it)")
        guard let headless = try headlessFrames() else { throw XCTSkip("this GL context offers no 4x MSAA") }
        let server = try PrivateXServer()
        defer { server.stop() }
        let restore = Self.useX11(display: server.display)
        defer { restore() }
        let (session, reader) = try openSession(headless: false, samples: 4)
        defer { session.close() }
        let still = try stillFrame(session, reader)
        // Straight into the window's own multisampled framebuffer (Xvfb's GLX offers a 4x visual), resolved by the
        // swap with the window system's own sample pattern: smooth edges, not the headless object's exact pixels.
        // Edges only: more than 100 pixels differ from the Off frame, fewer than a tenth of them.
        func smoothed(_ shown: PixelImage) -> Bool {
            let changed = shown.size == headless.off.size ? differences(shown, headless.off).count : .max
            return changed > 100 && changed < shown.size.width * shown.size.height / 10
        }
        let shown = try screen(of: session, until: smoothed)
        XCTAssertTrue(smoothed(shown), "the window's own 4x smooths the cube's edges")
        // A screenshot (FramebufferCapture, read before the swap) resolves the window's samples: what the screen shows.
        XCTAssertLessThanOrEqual(largestDifference(still, shown), 1,
                                 "the screenshot shows the screen's pixels: \(differences(still, shown).count) differ")

        // Off: into a single-sample object, copied to the window by finishFrame.
        XCTAssertEqual(session.setMSAA(1), 1)
        _ = session.loop.runFrame()
        _ = try assertScreen(of: session, shows: headless.off, "the copy brought the Off frame to the window")
    }

    func testAWindowAskedForMoreSamplesThanAnyVisualHasStillShowsTheHeadlessFrame() async throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"), "Xvfb is missing (scripts/install-deps.sh installs it)")
        // Headless, 16 asked: the framebuffer object gets the most the driver offers (llvmpipe: 4).
        let (headlessSession, headlessReader) = try openSession(headless: true, samples: 16)
        let expected = try stillFrame(headlessSession, headlessReader)
        headlessSession.close()
        let server = try PrivateXServer()
        defer { server.stop() }
        let restore = Self.useX11(display: server.display)
        defer { restore() }
        // No 16-sample visual: SDLPlatform opens the window without multisampling. RenderTarget reads the window's
        // real count, so frames go through a multisampled object and finishFrame instead of straight to a window
        // that would drop the anti-aliasing.
        let (session, reader) = try openSession(headless: false, samples: 16)
        defer { session.close() }
        try stillFrame(session, reader)
        _ = try assertScreen(of: session, shows: expected, "a window asked for 16 samples shows the headless frame asked for 16")
    }
}
