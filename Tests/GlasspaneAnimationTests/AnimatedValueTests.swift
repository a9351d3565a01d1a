// Model vs presentation, transactions, the frame clock, interruption (retargets) and completions.
import XCTest
import GlasspaneCore
@testable import GlasspaneAnimation

final class AnimatedValueTests: XCTestCase {
    private let frame = 1.0 / 60

    func testModelChangesAtOncePresentationAfterAdvancing() {
        var value = AnimatedValue(0.0)
        value.advance(to: 1)
        withAnimation { value.set(100) }
        XCTAssertEqual(value.model, 100, "the model is the new value right after setting")
        XCTAssertEqual(value.presentation, 0, "the presentation has not moved before the clock advances")
        XCTAssertFalse(value.isSettled)
        value.advance(to: 1 + frame)
        let spring = Spring(response: 0.55, dampingFraction: 1)
        XCTAssertEqual(value.presentation, spring.value(from: 0.0, to: 100.0, initialVelocity: 0.0, at: frame), accuracy: 1e-9)
        XCTAssertGreaterThan(value.presentation, 0)
        XCTAssertLessThan(value.presentation, 100)
    }

    func testOutsideATransactionChangesApplyAtOnce() {
        var value = AnimatedValue(Point(x: 0, y: 0))
        value.advance(to: 0)
        value.set(Point(x: 5, y: 7))
        XCTAssertEqual(value.presentation, Point(x: 5, y: 7))
        XCTAssertTrue(value.isSettled)
        // withAnimation(nil) turns animation off inside an animated scope.
        withAnimation(.easeIn(duration: 1)) {
            withAnimation(nil) { value.set(Point(x: 1, y: 1)) }
            XCTAssertEqual(Transaction.currentAnimation, .easeIn(duration: 1), "the outer scope is back after the inner one")
        }
        XCTAssertEqual(value.presentation, Point(x: 1, y: 1))
        XCTAssertNil(Transaction.current)
    }

    func testTransactionScopeEndsWhenTheBodyThrows() {
        struct Failure: Error {}
        XCTAssertThrowsError(try withAnimation(.linear(duration: 1)) { throw Failure() })
        XCTAssertNil(Transaction.current)
    }

    /// `currentAnimation` skips the task-local read while no transaction exists: one is counted from its creation
    /// until its last copy goes, whatever holds the copies.
    func testTransactionsAreCountedWhileAnyCopyOfThemExists() {
        let before = TransactionLiveness.liveCount
        var kept: [Transaction] = []
        do {
            let t = Transaction(animation: .linear(duration: 1))
            XCTAssertEqual(TransactionLiveness.liveCount, before + 1)
            kept.append(t)
            kept.append(t)
            XCTAssertEqual(TransactionLiveness.liveCount, before + 1, "copies share one count")
        }
        withAnimation(.easeOut(duration: 1)) {
            XCTAssertEqual(TransactionLiveness.liveCount, before + 2, "the scope's own transaction")
            XCTAssertEqual(Transaction.currentAnimation, .easeOut(duration: 1))
        }
        XCTAssertEqual(TransactionLiveness.liveCount, before + 1, "the scope's transaction is gone with it")
        kept.removeAll()
        XCTAssertEqual(TransactionLiveness.liveCount, before)
        XCTAssertEqual(Transaction(animation: .default), Transaction(animation: .default), "equal when they animate alike")
        XCTAssertNotEqual(Transaction(animation: .default), Transaction(animation: nil))
    }

    /// A task created inside a scope inherits its transaction and still animates after the scope returned: the
    /// inherited copy keeps the transaction counted, so the skip never hides it.
    func testATaskInheritsTheTransactionAfterItsScopeReturned() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let task: Task<Animation?, Never> = withAnimation(.linear(duration: 2)) {
            Task {
                for await _ in gate { break }
                return Transaction.currentAnimation
            }
        }
        XCTAssertNil(Transaction.currentAnimation, "outside the scope")
        open.yield()
        let seen = await task.value
        XCTAssertEqual(seen, .linear(duration: 2))
    }

    func testPresentationFollowsTheCurveFrameByFrame() {
        var value = AnimatedValue(10.0)
        value.advance(to: 2)
        value.set(20, animation: .easeInOut(duration: 0.5))
        for k in 1...40 {
            let t = Double(k) * frame
            value.advance(to: 2 + t)
            let expected = t >= 0.5 ? 20 : 10 + 10 * CubicBezier.easeInOut.value(at: t / 0.5)
            XCTAssertEqual(value.presentation, expected, accuracy: 1e-9, "frame \(k)")
            XCTAssertEqual(value.isSettled, t >= 0.5, "frame \(k)")
        }
        XCTAssertEqual(value.presentation, 20, "a settled value is exactly the model")
    }

    func testSameTimesGiveTheSameValuesBitForBitWhateverTheFrameSplit() {
        var a = AnimatedValue(Rect(x: 0, y: 0, width: 10, height: 10))
        var b = a
        a.advance(to: 0); b.advance(to: 0)
        let target = Rect(x: 300, y: -40, width: 120, height: 80)
        a.set(target, animation: .spring(response: 0.4, dampingFraction: 0.6))
        b.set(target, animation: .spring(response: 0.4, dampingFraction: 0.6))
        // a at 60 Hz, b at 120 Hz: they meet every 1/60 s.
        for k in 1...60 {
            b.advance(to: (Double(2 * k) - 1) / 120)
            b.advance(to: Double(2 * k) / 120)
            a.advance(to: Double(k) / 60)
            XCTAssertEqual(a.presentation, b.presentation, "frame \(k)")
            XCTAssertEqual(a.velocity, b.velocity, "frame \(k)")
        }
    }

    func testSpringRetargetKeepsPositionAndVelocityContinuous() {
        var value = AnimatedValue(0.0)
        value.advance(to: 0)
        let animation = Animation.spring(response: 0.5, dampingFraction: 0.8)
        value.set(100, animation: animation)
        for k in 1...9 { value.advance(to: Double(k) * frame) }
        let t = 9 * frame
        let positionBefore = value.presentation, velocityBefore = value.velocity
        XCTAssertGreaterThan(velocityBefore, 100, "moving fast at the retarget, so a reset velocity would show")
        value.set(-50, animation: animation)
        // At the retarget instant nothing has moved yet.
        value.advance(to: t)
        XCTAssertEqual(value.presentation, positionBefore)
        XCTAssertEqual(value.velocity, velocityBefore)
        // One tiny step later: the position moved by velocity·dt (the slope across the retarget is continuous) and
        // the velocity changed by no more than the acceleration allows.
        let dt = 1e-5
        value.advance(to: t + dt)
        XCTAssertEqual((value.presentation - positionBefore) / dt, velocityBefore, accuracy: 0.02 * abs(velocityBefore))
        XCTAssertEqual(value.velocity, velocityBefore, accuracy: 0.02 * abs(velocityBefore))
        // It ends at the new target.
        value.advance(to: t + 10)
        XCTAssertEqual(value.presentation, -50)
        XCTAssertTrue(value.isSettled)
    }

    func testBezierRetargetRestartsFromThePresentationWithTheCurvesOwnVelocity() {
        var value = AnimatedValue(0.0)
        value.advance(to: 0)
        value.set(100, animation: .easeInOut(duration: 1))
        value.advance(to: 0.5)
        let positionBefore = value.presentation
        XCTAssertGreaterThan(value.velocity, 100)
        value.set(0, animation: .easeInOut(duration: 1))
        value.advance(to: 0.5)
        XCTAssertEqual(value.presentation, positionBefore, "position is continuous")
        XCTAssertEqual(value.velocity, 0, "ease-in-out starts at rest: the rule is that a curve does not carry velocity")
        // The new curve runs its whole duration from the retarget.
        value.advance(to: 1.0)
        XCTAssertEqual(value.presentation, positionBefore * (1 - CubicBezier.easeInOut.value(at: 0.5)), accuracy: 1e-9)
        value.advance(to: 1.49)
        XCTAssertFalse(value.isSettled)
        value.advance(to: 1.5)
        XCTAssertTrue(value.isSettled)
        XCTAssertEqual(value.presentation, 0)
    }

    func testSpringAfterBezierCarriesTheCurvesVelocity() {
        var value = AnimatedValue(0.0)
        value.advance(to: 0)
        value.set(100, animation: .linear(duration: 1))
        value.advance(to: 0.5)
        XCTAssertEqual(value.velocity, 100, accuracy: 1e-9)
        value.set(100.5, animation: .default)
        value.advance(to: 0.5)
        XCTAssertEqual(value.velocity, 100, accuracy: 1e-9)
    }

    func testTwoRetargetsInOneFrameEqualOne() {
        var twice = AnimatedValue(Point(x: 0, y: 0))
        twice.advance(to: 0)
        twice.set(Point(x: 100, y: 50), animation: .default)
        for k in 1...12 { twice.advance(to: Double(k) * frame) }
        var once = twice
        twice.set(Point(x: -20, y: 400), animation: .default)
        twice.set(Point(x: 60, y: -60), animation: .default)
        once.set(Point(x: 60, y: -60), animation: .default)
        for k in 13...120 {
            twice.advance(to: Double(k) * frame)
            once.advance(to: Double(k) * frame)
            XCTAssertEqual(twice.presentation, once.presentation, "frame \(k)")
            XCTAssertEqual(twice.velocity, once.velocity, "frame \(k)")
        }
        XCTAssertEqual(twice.timing, once.timing)
    }

    func testRetargetToTheCurrentValueOvershootsWithItsVelocityAndComesBack() {
        var value = AnimatedValue(0.0)
        value.advance(to: 0)
        value.set(100, animation: .default)
        for k in 1...6 { value.advance(to: Double(k) * frame) }
        let here = value.presentation, speed = value.velocity
        XCTAssertGreaterThan(speed, 0)
        value.set(here, animation: .default)
        XCTAssertEqual(value.model, here)
        value.advance(to: 7 * frame)
        XCTAssertGreaterThan(value.presentation, here, "still moving the way it was going")
        var t = 7 * frame
        while !value.isSettled && t < 5 { t += frame; value.advance(to: t) }
        XCTAssertTrue(value.isSettled)
        XCTAssertEqual(value.presentation, here)

        // With a curve, which carries no velocity, there is nothing to move: it settles at once.
        var curve = AnimatedValue(0.0)
        curve.advance(to: 0)
        curve.set(10, animation: .linear(duration: 1))
        curve.advance(to: 0.5)
        curve.set(curve.presentation, animation: .linear(duration: 1))
        curve.advance(to: 0.5 + frame)
        XCTAssertTrue(curve.isSettled)
        XCTAssertEqual(curve.presentation, 5, accuracy: 1e-12)
    }

    func testSettingTheSameModelValueKeepsTheRunningAnimation() {
        var value = AnimatedValue(0.0)
        value.advance(to: 0)
        value.set(1, animation: .linear(duration: 1))
        value.advance(to: 0.25)
        let timing = value.timing
        value.set(1, animation: .easeIn(duration: 3))
        XCTAssertEqual(value.timing, timing)
    }

    func testCompletionsRunOnceWhenTheValueSettles() {
        var value = AnimatedValue(0.0)
        value.advance(to: 0)
        var log: [String] = []
        value.set(1, animation: .linear(duration: 1)) { log.append("first:\($0)") }
        value.advance(to: 0.5)
        value.set(2, animation: .linear(duration: 1)) { log.append("second:\($0)") }
        value.advance(to: 1.2)
        XCTAssertEqual(log, [], "a retargeted animation's completion waits for the final rest")
        value.advance(to: 1.5)
        XCTAssertEqual(log, ["first:true", "second:true"])
        value.advance(to: 2)
        XCTAssertEqual(log.count, 2)

        value.set(3, animation: .linear(duration: 1)) { log.append("cut:\($0)") }
        value.advance(to: 2.2)
        value.set(4, animation: nil)
        XCTAssertEqual(value.presentation, 4)
        value.advance(to: 2.3)
        XCTAssertEqual(log.last, "cut:false")
    }

    func testDelayHoldsTheValueStill() {
        var value = AnimatedValue(0.0)
        value.advance(to: 0)
        value.set(10, animation: Animation.linear(duration: 1).delay(0.5))
        value.advance(to: 0.4)
        XCTAssertEqual(value.presentation, 0)
        value.advance(to: 1.0)
        XCTAssertEqual(value.presentation, 5, accuracy: 1e-12)
        value.advance(to: 1.5)
        XCTAssertEqual(value.presentation, 10)
        XCTAssertTrue(value.isSettled)
    }

    func testSlowDownFactorStretchesAnimationsStartedAfterIt() throws {
        defer { try? AnimationSettings.setSlowDownFactor(1) }
        try AnimationSettings.setSlowDownFactor(4)
        var value = AnimatedValue(0.0)
        value.advance(to: 0)
        value.set(8, animation: .linear(duration: 0.5))
        XCTAssertEqual(value.timing?.endTime, 2)
        value.advance(to: 1)
        XCTAssertEqual(value.presentation, 4, accuracy: 1e-12)
        XCTAssertThrowsError(try AnimationSettings.setSlowDownFactor(0)) { error in
            XCTAssertEqual((error as? AnimationError)?.parameter, "slow-animations")
        }
    }

    func testAnimationStartsAtTheFirstAdvanceWhenNeverAdvanced() {
        var value = AnimatedValue(0.0)
        value.set(10, animation: .linear(duration: 1))
        value.advance(to: 5)
        XCTAssertEqual(value.presentation, 0)
        value.advance(to: 5.5)
        XCTAssertEqual(value.presentation, 5, accuracy: 1e-12)
    }

    func testColorsInterpolateInLinearLight() {
        var value = AnimatedValue(Color.black)
        value.advance(to: 0)
        value.set(.white, animation: .linear(duration: 1))
        value.advance(to: 0.5)
        // Half the light is sRGB 0.7354, not 0.5.
        XCTAssertEqual(value.presentation.r, 0.7353569830524495, accuracy: 1e-9)
        XCTAssertEqual(value.presentation.g, value.presentation.r)
        // Premultiplied: a fade in from clear keeps the hue.
        var fade = AnimatedValue(Color.clear)
        fade.advance(to: 0)
        fade.set(Color(r: 1, g: 0.5, b: 0), animation: .linear(duration: 1))
        fade.advance(to: 0.5)
        XCTAssertEqual(fade.presentation.a, 0.5, accuracy: 1e-12)
        XCTAssertEqual(fade.presentation.r, 1, accuracy: 1e-9)
        XCTAssertEqual(fade.presentation.g, 0.5, accuracy: 1e-9)
        // Round trip through linear light.
        let c = Color(r: 0.2, g: 0.6, b: 0.9, a: 0.8)
        let back = Color(animatableData: c.animatableData)
        XCTAssertEqual(back.r, c.r, accuracy: 1e-12); XCTAssertEqual(back.b, c.b, accuracy: 1e-12); XCTAssertEqual(back.a, c.a)
    }
}
