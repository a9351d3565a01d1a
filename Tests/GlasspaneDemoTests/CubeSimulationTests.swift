import XCTest
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneTesting

final class CubeSimulationTests: XCTestCase {
    /// Runs the simulation over frames of the given durations (ns), the way the frame loop does.
    private func simulate(_ frames: [Nanoseconds]) -> CubeSimulation {
        var sim = CubeSimulation()
        var ts = FixedTimestep(stepsPerSecond: 120, maxStepsPerFrame: 8)
        for f in frames { for _ in 0..<ts.advance(by: f) { sim.step(dt: ts.stepSeconds) } }
        return sim
    }

    func testSameTimeSplitDifferentlyGivesBitIdenticalAngle() {
        // 10 s of irregular frame times, then the same time split into halves and merged into pairs.
        var rng = SplitMix64(seed: 42)
        let base: [Nanoseconds] = (0..<600).map { _ in Nanoseconds(8_000_000 + Int64(bitPattern: rng.next() >> 1) % 9_000_000) }
        let halves = base.flatMap { [$0 / 2, $0 - $0 / 2] }
        let pairs = stride(from: 0, to: base.count, by: 2).map { base[$0] + base[$0 + 1] }
        let a = simulate(base), b = simulate(halves), c = simulate(pairs)
        XCTAssertGreaterThan(a.stepCount, 500)
        XCTAssertEqual(a.stepCount, b.stepCount)
        XCTAssertEqual(a.stepCount, c.stepCount)
        XCTAssertEqual(a.current.angle.bitPattern, b.current.angle.bitPattern)
        XCTAssertEqual(a.current.angle.bitPattern, c.current.angle.bitPattern)
    }

    func testAngleAdvancesBySpeedAndWraps() {
        var sim = CubeSimulation(initial: CubeState(angle: 0), spinSpeed: Double.pi)
        for _ in 0..<120 { sim.step(dt: 1.0 / 120) }
        XCTAssertEqual(sim.current.angle, Double.pi, accuracy: 1e-9)
        for _ in 0..<120 { sim.step(dt: 1.0 / 120) }
        XCTAssertLessThan(sim.current.angle, 0.001 + 1e-9) // wrapped to ~0, not 2π
    }

    func testStoppedCubeDoesNotTurn() {
        var sim = CubeSimulation(initial: CubeState(angle: 1, spinning: false))
        for _ in 0..<50 { sim.step(dt: 1.0 / 120) }
        XCTAssertEqual(sim.current.angle, 1)
    }

    func testInterpolationAcrossTheWrap() {
        var sim = CubeSimulation(initial: CubeState(angle: 2 * Double.pi - 0.01), spinSpeed: 2.4)
        sim.step(dt: 1.0 / 120) // +0.02 rad: wraps to 0.01
        let mid = sim.interpolated(0.5).angle
        XCTAssertEqual(mid, 2 * Double.pi, accuracy: 1e-9) // halfway, not a backwards jump through π
    }

    func testMutationAppliesToBothStatesSoNothingInterpolatesFromStaleColor() {
        var sim = CubeSimulation()
        sim.mutate { $0.color = Color(r: 0, g: 1, b: 0) }
        XCTAssertEqual(sim.interpolated(0).color, Color(r: 0, g: 1, b: 0))
        XCTAssertEqual(sim.previous.color, Color(r: 0, g: 1, b: 0))
    }

    func testOrbitAndZoomClamp() {
        var cam = OrbitCamera()
        cam.orbit(dYaw: 0.5, dPitch: 10)
        XCTAssertEqual(cam.pitch, OrbitCamera.pitchRange.upperBound)
        cam.zoom(by: 0.01)
        XCTAssertEqual(cam.distance, OrbitCamera.distanceRange.lowerBound)
        cam.zoom(by: 100)
        XCTAssertEqual(cam.distance, OrbitCamera.distanceRange.upperBound)
    }
}

