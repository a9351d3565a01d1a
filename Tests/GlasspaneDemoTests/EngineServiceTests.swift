// The engine's message API and scene input.
import GlasspaneBus
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneScene
import XCTest

@MainActor
final class EngineServiceTests: XCTestCase {
    func testChangeColorPostedDuringInputIsAppliedAndReportedInTheSameFrame() async {
        let h = EngineHarness()
        await h.frame() // ready reaches the overlay
        let green = Color(hex: "#33aa55")!
        var colorAfterEnginePhase: Color?
        h.bus.frameIndex += 1
        let frame = h.bus.frameIndex
        h.bus.phase = .routing
        h.client.setColor(green)
        h.bus.phase = .busToEngine
        h.bus.deliver(to: .engine)
        colorAfterEnginePhase = h.engine.simulation.current.color
        h.bus.phase = .simulation
        h.engine.step(dt: 1.0 / 120)
        h.bus.phase = .busToOverlay
        h.bus.deliver(to: .overlay)
        XCTAssertEqual(colorAfterEnginePhase?.hex, "#33aa55", "applied in phase 3 of the same frame")
        XCTAssertEqual(h.changes.last?.color.hex, "#33aa55")
        XCTAssertEqual(h.changeSeenAt.last?.0, frame, "state-changed reaches the overlay in the same frame")
        XCTAssertEqual(h.changeSeenAt.last?.1, .busToOverlay)
        XCTAssertEqual(h.client.lastReportedState?.spinning, true)
        XCTAssertEqual(h.errors, [])
    }

    func testStateRequestRoundTripsWithinOneFrame() async throws {
        let h = EngineHarness()
        var state: EngineState?
        var task: Task<Void, any Error>?
        await h.frame {
            h.client.setSpinning(false)
            task = Task.immediate { @MainActor in state = try await h.client.state() } // posts before this returns
        }
        XCTAssertEqual(state?.spinning, false, "the set-spin before it was applied first (order)")
        XCTAssertEqual(state?.frame, 1)
        XCTAssertEqual(state?.color, h.engine.simulation.current.color)
        XCTAssertEqual(state?.angle ?? -1, CubeState().angle, accuracy: 1e-12, "not spinning: the angle stays")
        try await task?.value
    }

    func testRequestStateWithCompletion() async {
        let h = EngineHarness()
        var got: EngineState?
        await h.frame { h.client.requestState { got = try? $0.get() } }
        XCTAssertEqual(got?.spinning, true)
    }

    func testStateChangedOnlyWhenSomethingChanges() async {
        let h = EngineHarness()
        let initial = h.engine.simulation.current.color
        await h.frame {
            h.client.setSpinning(true) // already spinning
            h.client.setColor(initial) // same color
        }
        XCTAssertEqual(h.changes, [])
        await h.frame { h.client.setSpinning(false) }
        XCTAssertEqual(h.changes, [StateChanged(spinning: false, color: initial)])
    }

    func testMessagesBeforeReadyAreQueuedAndApplied() async {
        let h = EngineHarness(announceReady: false)
        var readyCalls = 0
        h.client.onReady = { readyCalls += 1 }
        XCTAssertFalse(h.client.isEngineReady)
        await h.frame {
            h.client.setColor(Color(r: 0, g: 0, b: 1))
            h.client.setSpinning(false)
        }
        XCTAssertEqual(h.engine.simulation.current.spinning, true, "not applied before ready")
        h.engine.announceReady()
        await h.frame()
        XCTAssertEqual(h.engine.simulation.current.color, Color(r: 0, g: 0, b: 1))
        XCTAssertEqual(h.engine.simulation.current.spinning, false)
        XCTAssertTrue(h.client.isEngineReady)
        XCTAssertEqual(readyCalls, 1)
        XCTAssertEqual(h.changes.count, 2)
    }

    func testStateChangeStream() async {
        let h = EngineHarness()
        let stream = h.client.stateChanges()
        await h.frame { h.client.setSpinning(false) }
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first?.spinning, false)
    }

    func testSpinStopsTheAngle() async {
        let h = EngineHarness()
        await h.frame()
        let a0 = h.engine.simulation.current.angle
        await h.frame()
        XCTAssertGreaterThan(h.engine.simulation.current.angle, a0)
        await h.frame { h.client.setSpinning(false) }
        let a1 = h.engine.simulation.current.angle
        await h.frame()
        XCTAssertEqual(h.engine.simulation.current.angle, a1)
    }

    // MARK: - Scene input

    func testPressAndReleaseTogglesTheSpinOnce() async {
        let h = EngineHarness()
        await h.frame {
            h.engine.handle(.pointerDown(pointer(300, 300)))
            h.engine.handle(.pointerMove(pointer(302, 301))) // jitter under the threshold
            h.engine.handle(.pointerUp(pointer(302, 301)))
        }
        XCTAssertFalse(h.engine.simulation.current.spinning)
        XCTAssertEqual(h.changes.map(\.spinning), [false])
        XCTAssertEqual(h.engine.simulation.current.camera, OrbitCamera(), "a tap does not orbit")
        await h.frame {
            h.engine.handle(.pointerDown(pointer(10, 10)))
            h.engine.handle(.pointerUp(pointer(10, 10)))
        }
        XCTAssertTrue(h.engine.simulation.current.spinning)
        XCTAssertEqual(h.changes.map(\.spinning), [false, true])
    }

    func testDragOrbitsAndDoesNotToggle() async {
        let h = EngineHarness()
        await h.frame {
            h.engine.handle(.pointerDown(pointer(300, 300)))
            for i in 1...10 { h.engine.handle(.pointerMove(pointer(300 + Double(i) * 5, 300 + Double(i) * 2))) }
            h.engine.handle(.pointerUp(pointer(350, 320)))
        }
        XCTAssertTrue(h.engine.simulation.current.spinning, "a drag must not toggle")
        XCTAssertEqual(h.changes, [])
        let camera = h.engine.simulation.current.camera
        XCTAssertEqual(camera.yaw, -50 * h.engine.orbitRadiansPerPoint, accuracy: 1e-9, "yaw follows the whole horizontal motion")
        XCTAssertEqual(camera.pitch, OrbitCamera().pitch + 20 * h.engine.orbitRadiansPerPoint, accuracy: 1e-9)
    }

    func testReleaseFarFromThePressWithoutMovesIsADrag() async {
        let h = EngineHarness()
        h.engine.handle(.pointerDown(pointer(100, 100)))
        h.engine.handle(.pointerUp(pointer(140, 100)))
        XCTAssertTrue(h.engine.simulation.current.spinning)
        XCTAssertNotEqual(h.engine.simulation.current.camera.yaw, 0)
    }

    func testCancelAndHoverDoNothing() async {
        let h = EngineHarness()
        h.engine.handle(.pointerMove(PointerEvent(button: .none, location: Point(x: 5, y: 5))))
        h.engine.handle(.pointerDown(pointer(100, 100)))
        h.engine.handle(.pointerCancel(pointer(100, 100)))
        h.engine.handle(.pointerUp(pointer(100, 100)))
        XCTAssertTrue(h.engine.simulation.current.spinning)
        XCTAssertEqual(h.engine.simulation.current.camera, OrbitCamera())
    }

    func testTwoPointersAreTrackedSeparately() async {
        let h = EngineHarness()
        h.engine.handle(.pointerDown(pointer(100, 100, id: 1)))
        h.engine.handle(.pointerDown(pointer(400, 400, id: 2)))
        h.engine.handle(.pointerMove(pointer(200, 100, id: 1)))
        h.engine.handle(.pointerUp(pointer(200, 100, id: 1)))
        XCTAssertTrue(h.engine.simulation.current.spinning, "pointer 1 dragged")
        h.engine.handle(.pointerUp(pointer(400, 400, id: 2)))
        XCTAssertFalse(h.engine.simulation.current.spinning, "pointer 2 tapped")
    }

    func testWheelZoomsWithinLimits() async {
        let h = EngineHarness()
        let d0 = h.engine.simulation.current.camera.distance
        h.engine.handle(.wheel(location: Point(x: 0, y: 0), dx: 0, dy: 1))
        XCTAssertLessThan(h.engine.simulation.current.camera.distance, d0, "scrolling up moves closer")
        for _ in 0..<200 { h.engine.handle(.wheel(location: .zero, dx: 0, dy: 3)) }
        XCTAssertEqual(h.engine.simulation.current.camera.distance, OrbitCamera.distanceRange.lowerBound)
        for _ in 0..<200 { h.engine.handle(.wheel(location: .zero, dx: 0, dy: -3)) }
        XCTAssertEqual(h.engine.simulation.current.camera.distance, OrbitCamera.distanceRange.upperBound)
        h.engine.handle(.wheel(location: .zero, dx: 0, dy: .nan))
        XCTAssertEqual(h.engine.simulation.current.camera.distance, OrbitCamera.distanceRange.upperBound)
        XCTAssertEqual(h.changes, [], "zoom is not part of state-changed")
    }
}

@MainActor
final class EngineFrameStatsTests: XCTestCase {
    func testStatsStreamToTheHUDOverTheFastChannel() async throws {
        let h = EngineHarness()
        let hudChannel = try h.bus.fastChannel(named: EngineFrameStats.channelName, of: Double.self,
                                               writePhases: [], readPhases: [])
        XCTAssertTrue(hudChannel === h.engine.statsChannel, "the HUD finds the engine's channel by name")
        for _ in 0..<3 {
            await h.frame()
            h.bus.phase = .simulation
            try h.engine.publishFrameStats()
        }
        h.bus.phase = .overlayLayout
        let stats = try XCTUnwrap(try hudChannel.receiveLatest().flatMap(EngineFrameStats.init(values:)))
        XCTAssertEqual(stats.frame, 3)
        XCTAssertEqual(stats.stepCount, 3)
        XCTAssertEqual(stats.spinning, true)
        XCTAssertEqual(stats.camera, h.engine.simulation.current.camera)
    }

    func testPublishingOutsideTheSimulationPhaseIsAnError() async {
        let h = EngineHarness()
        h.bus.phase = .sceneRender
        XCTAssertThrowsError(try h.engine.publishFrameStats()) { error in
            XCTAssertEqual((error as? FastChannelError)?.code, .wrongPhase)
        }
    }
}
