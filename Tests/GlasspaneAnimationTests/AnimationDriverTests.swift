// The driver: the same values as `AnimatedValue`, settled rows removed, handles stay valid across removals.
import XCTest
import GlasspaneCore
@testable import GlasspaneAnimation

final class AnimationDriverTests: XCTestCase {
    func testDriverMatchesAnimatedValueBitForBit() throws {
        var driver = AnimationDriver<Point>(time: 1)
        let animations: [Animation] = [.default, .spring(response: 0.3, dampingFraction: 0.4), .easeOut(duration: 0.4),
                                       .interpolatingSpring(stiffness: 50, damping: 30)]
        var values: [AnimatedValue<Point>] = []
        var handles: [AnimationHandle] = []
        for (i, animation) in animations.enumerated() {
            let target = Point(x: Double(i + 1) * 40, y: -Double(i) * 10)
            handles.append(try XCTUnwrap(driver.add(from: .zero, to: target, animation: animation)))
            var value = AnimatedValue(Point.zero)
            value.advance(to: 1)
            value.set(target, animation: animation)
            values.append(value)
        }
        for k in 1...30 {
            let t = 1 + Double(k) / 60
            driver.advance(to: t)
            for i in values.indices {
                values[i].advance(to: t)
                if values[i].isSettled {
                    XCTAssertNil(driver.presentation(of: handles[i]), "settled rows are removed")
                } else {
                    XCTAssertEqual(driver.presentation(of: handles[i]), values[i].presentation, "animation \(i) frame \(k)")
                    XCTAssertEqual(driver.velocity(of: handles[i]), values[i].velocity, "animation \(i) frame \(k)")
                }
            }
        }
    }

    func testSettledAnimationsAreRemovedAndOthersKeepTheirHandles() throws {
        var driver = AnimationDriver<Double>()
        let short = try XCTUnwrap(driver.add(from: 0, to: 1, animation: .linear(duration: 0.1)))
        let long = try XCTUnwrap(driver.add(from: 0, to: 10, animation: .linear(duration: 1)))
        let middle = try XCTUnwrap(driver.add(from: 0, to: 5, animation: .linear(duration: 0.5)))
        XCTAssertEqual(driver.count, 3)
        XCTAssertEqual(driver.advance(to: 0.2), 2)
        XCTAssertEqual(driver.settled, [short])
        XCTAssertNil(driver.presentation(of: short))
        XCTAssertEqual(try XCTUnwrap(driver.presentation(of: long)), 2, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(driver.presentation(of: middle)), 2, accuracy: 1e-12)
        // A slot is reused, but the stale handle does not see the new animation.
        let reused = try XCTUnwrap(driver.add(from: 0, to: 3, animation: .linear(duration: 1)))
        XCTAssertNil(driver.presentation(of: short))
        XCTAssertEqual(driver.presentation(of: reused), 0)
        driver.advance(to: 2)
        XCTAssertEqual(driver.count, 0)
        XCTAssertEqual(Set(driver.settled), [long, middle, reused])
        XCTAssertNil(driver.add(from: 4, to: 4, animation: .default), "nothing to move")
    }

    func testRetargetCarriesSpringVelocity() throws {
        var driver = AnimationDriver<Double>()
        let handle = try XCTUnwrap(driver.add(from: 0, to: 100, animation: .default))
        driver.advance(to: 0.1)
        let position = try XCTUnwrap(driver.presentation(of: handle)), velocity = try XCTUnwrap(driver.velocity(of: handle))
        let next = try XCTUnwrap(driver.retarget(handle, to: -100, animation: .default))
        XCTAssertNil(driver.presentation(of: handle))
        XCTAssertEqual(driver.presentation(of: next), position)
        XCTAssertEqual(driver.velocity(of: next), velocity)
        XCTAssertGreaterThan(velocity, 100)
    }
}
