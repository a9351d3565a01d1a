// Springs against independently written closed-form solutions, velocity against finite differences, settling bounds.
import Foundation
import XCTest
@testable import GlasspaneAnimation

final class SpringTests: XCTestCase {
    private let times: [Double] = [0.01, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.3, 2.0]

    func testPerceptualFormConvertsToPhysicalForm() {
        let spring = Spring(response: 0.5, dampingFraction: 0.3)
        let omega = 2 * Double.pi / 0.5
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, omega * omega, accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 0.3 * 2 * sqrt(spring.stiffness * spring.mass), accuracy: 1e-9)
        // The physical form with those numbers is the same spring.
        let physical = Spring(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        XCTAssertEqual(physical.naturalFrequency, omega, accuracy: 1e-9)
        XCTAssertEqual(physical.dampingRatio, 0.3, accuracy: 1e-12)
        XCTAssertEqual(physical.response, 0.5, accuracy: 1e-12)
        // Mass scales stiffness and damping: m = 2, k = 2ω², c = ζ·2·√(km).
        let heavy = Spring(mass: 2, stiffness: 2 * omega * omega, damping: 0.3 * 2 * sqrt(2 * omega * omega * 2))
        XCTAssertEqual(heavy.naturalFrequency, omega, accuracy: 1e-9)
        XCTAssertEqual(heavy.dampingRatio, 0.3, accuracy: 1e-12)
        XCTAssertEqual(Spring(response: 0.5, dampingFraction: 0.3).regime, .underDamped)
        XCTAssertEqual(Spring(response: 0.5, dampingFraction: 1).regime, .criticallyDamped)
        XCTAssertEqual(Spring(response: 0.5, dampingFraction: 1.8).regime, .overDamped)
    }

    func testUnderDampedMatchesAmplitudePhaseSolution() {
        let spring = Spring(response: 0.4, dampingFraction: 0.25)
        let w = 2 * Double.pi / 0.4, z = 0.25, wd = w * sqrt(1 - z * z)
        let start = 0.0, target = 10.0, v0 = 30.0
        let x0 = start - target
        // x(t) = R·e^(-ζωt)·cos(ωd·t - φ)
        let q = (v0 + z * w * x0) / wd
        let r = sqrt(x0 * x0 + q * q), phi = atan2(q, x0)
        for t in times {
            let expected = target + r * exp(-z * w * t) * cos(wd * t - phi)
            XCTAssertEqual(spring.value(from: start, to: target, initialVelocity: v0, at: t), expected, accuracy: 1e-9, "t=\(t)")
        }
        // It overshoots: some sample lies past the target.
        XCTAssertTrue(times.contains { spring.value(from: start, to: target, initialVelocity: v0, at: $0) > target })
    }

    func testCriticallyDampedMatchesClosedForm() {
        let spring = Spring(response: 0.55, dampingFraction: 1)
        let w = 2 * Double.pi / 0.55
        let start = 4.0, target = -6.0, v0 = -12.0, x0 = start - target
        for t in times {
            let expected = target + (x0 + (v0 + w * x0) * t) * exp(-w * t)
            XCTAssertEqual(spring.value(from: start, to: target, initialVelocity: v0, at: t), expected, accuracy: 1e-9, "t=\(t)")
            XCTAssertGreaterThanOrEqual(spring.value(from: start, to: target, initialVelocity: 0, at: t), target, "no overshoot from rest")
        }
    }

    func testOverDampedMatchesClosedForm() {
        let spring = Spring(mass: 2, stiffness: 80, damping: 60)
        let w = sqrt(80.0 / 2), z = 60 / (2 * sqrt(80.0 * 2))
        XCTAssertEqual(spring.regime, .overDamped)
        let r1 = -w * z + w * sqrt(z * z - 1), r2 = -w * z - w * sqrt(z * z - 1)
        let start = 1.0, target = 0.0, v0 = 5.0, x0 = start - target
        // c1 + c2 = x0, r1·c1 + r2·c2 = v0
        let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
        for t in times {
            let expected = target + c1 * exp(r1 * t) + c2 * exp(r2 * t)
            XCTAssertEqual(spring.value(from: start, to: target, initialVelocity: v0, at: t), expected, accuracy: 1e-9, "t=\(t)")
        }
    }

    func testVelocityMatchesFiniteDifferenceInEveryRegime() {
        let springs = [Spring(response: 0.3, dampingFraction: 0.2), Spring(response: 0.55, dampingFraction: 1),
                       Spring(response: 0.5, dampingFraction: 2.5), Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2)]
        let h = 1e-6
        for spring in springs {
            for t in times {
                let difference = (spring.value(at: t + h) - spring.value(at: t - h)) / (2 * h)
                XCTAssertEqual(spring.velocity(at: t), difference, accuracy: 1e-5 * max(1, abs(difference)), "\(spring) t=\(t)")
                let generic = spring.velocity(from: 3.0, to: 7.0, initialVelocity: -1.0, at: t)
                let genericDifference = (spring.value(from: 3.0, to: 7.0, initialVelocity: -1.0, at: t + h)
                    - spring.value(from: 3.0, to: 7.0, initialVelocity: -1.0, at: t - h)) / (2 * h)
                XCTAssertEqual(generic, genericDifference, accuracy: 1e-5 * max(1, abs(genericDifference)), "\(spring) t=\(t)")
            }
        }
    }

    func testUnitValueStartsAtZeroAndReachesOne() {
        let spring = Spring(response: 0.5, dampingFraction: 0.7)
        XCTAssertEqual(spring.value(at: 0), 0)
        XCTAssertEqual(spring.velocity(at: 0), 0)
        XCTAssertEqual(spring.value(at: 10), 1, accuracy: 1e-9)
        let pushed = Spring(response: 0.5, dampingFraction: 0.7, initialVelocity: 4)
        XCTAssertEqual(pushed.velocity(at: 0), 4)
    }

    func testSettlingDurationBoundsTheMotionInEveryRegime() {
        let epsilon = 0.001
        let springs = [Spring(response: 0.3, dampingFraction: 0.15), Spring(response: 0.55, dampingFraction: 1),
                       Spring(response: 0.4, dampingFraction: 3), Spring(response: 0.55, dampingFraction: 1, initialVelocity: -6)]
        for spring in springs {
            let settle = spring.settlingDuration(epsilon: epsilon)
            XCTAssertGreaterThan(settle, 0)
            XCTAssertLessThan(settle, Spring.maximumSettlingDuration)
            // From the settling time on, every sample stays inside the band (sampled densely, 20 s long).
            var t = settle
            while t < settle + 20 {
                XCTAssertLessThanOrEqual(abs(spring.value(at: t) - 1), epsilon, "\(spring) at \(t) (settle \(settle))")
                t += 0.0007
            }
        }
    }

    func testCriticallyDampedSettlingDurationIsTight() {
        // From rest the critically damped displacement equals its envelope, so the bound is exact: just before it the
        // motion is still outside the band.
        let spring = Spring(response: 0.55, dampingFraction: 1)
        let settle = spring.settlingDuration(epsilon: 0.001)
        XCTAssertGreaterThan(abs(spring.value(at: settle - 1e-3) - 1), 0.001)
        XCTAssertLessThanOrEqual(abs(spring.value(at: settle) - 1), 0.001)
        // The known figure: (1 + ωt)·e^(-ωt) = 0.001 for ω = 2π/0.55 at t ≈ 0.808 s.
        XCTAssertEqual(settle, 0.8082489, accuracy: 1e-6)
        // Under-damped: the bound is the envelope's crossing, ln(R/ε)/(ζω).
        let bouncy = Spring(response: 0.5, dampingFraction: 0.5)
        let w = 2 * Double.pi / 0.5, wd = w * sqrt(0.75), q = 0.5 * w / wd
        XCTAssertEqual(bouncy.settlingDuration(epsilon: 0.001), log(sqrt(1 + q * q) / 0.001) / (0.5 * w), accuracy: 1e-8)
    }

    func testSettlingDurationIsCapped() {
        let floppy = Spring(response: 60, dampingFraction: 0.01)
        XCTAssertEqual(floppy.settlingDuration(), Spring.maximumSettlingDuration)
    }

    func testValidatedSpringsNameTheBadParameter() {
        XCTAssertThrowsError(try Spring.validated(response: 0, dampingFraction: 1)) { error in
            XCTAssertEqual((error as? AnimationError)?.identifier, "animation.parameter-out-of-range")
            XCTAssertEqual((error as? AnimationError)?.parameter, "response")
        }
        XCTAssertThrowsError(try Spring.validated(response: 0.5, dampingFraction: .nan)) { error in
            XCTAssertEqual((error as? AnimationError)?.parameter, "dampingFraction")
        }
        XCTAssertThrowsError(try Spring.validated(mass: 1, stiffness: 100, damping: 0)) { error in
            XCTAssertEqual((error as? AnimationError)?.parameter, "damping")
        }
        XCTAssertEqual(try Spring.validated(response: 0.3, dampingFraction: 0.8), Spring(response: 0.3, dampingFraction: 0.8))
        // The unchecked initializer clamps instead: a zero damping would never settle.
        XCTAssertEqual(Spring(response: 0.5, dampingFraction: 0).dampingRatio, Spring.dampingFractionRange.lowerBound)
    }
}
