// The flat store behind overlay view animations: the same values as `AnimatedValue` bit for bit, owners keep their
// rows straight through swap-removes, rows started together share one clock, and the limits.
import XCTest
import GlasspaneCore
@testable import GlasspaneAnimation
import GlasspaneTesting

final class AnimationStoreTests: XCTestCase {
    /// One owner's expected state: an `AnimatedValue` given the same calls at the same times.
    private struct Reference {
        var value: AnimatedValue<Point>
    }

    private static let animations: [Animation] = [
        .default, .spring(response: 0.3, dampingFraction: 0.4), .easeOut(duration: 0.4),
        .interpolatingSpring(stiffness: 50, damping: 30), .easeInOut(duration: 0.25).delay(0.05),
        .spring(response: 0.2, dampingFraction: 1.6).speed(2), .linear(duration: 0.1),
    ]

    /// Checks every owner against its reference: the same presentation and velocity bits while it runs, no row
    /// once the reference settled.
    /// (`AnimatedValue.velocity` is only updated by `advance`, so velocities are compared after advancing.)
    private func assertMatches(_ store: AnimationStore<Point>, _ references: [Reference?], _ context: String,
                               velocities: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        var running = 0
        for (owner, reference) in references.enumerated() {
            let o = Int32(owner)
            guard let reference, !reference.value.isSettled else {
                XCTAssertFalse(store.isRunning(o), "\(context): owner \(owner) should have no row", file: file, line: line)
                continue
            }
            running += 1
            XCTAssertEqual(store.presentation(of: o), reference.value.presentation, "\(context): owner \(owner)", file: file, line: line)
            if velocities {
                XCTAssertEqual(store.velocity(of: o), reference.value.velocity, "\(context): owner \(owner) velocity", file: file, line: line)
            }
        }
        XCTAssertEqual(store.count, running, "\(context): rows", file: file, line: line)
    }

    func testManyOwnersStartFinishAndRetargetInTheSameFramesAsAnimatedValue() {
        var rng = SplitMix64(seed: 10)
        var store = AnimationStore<Point>()
        let owners = 120
        var references = [Reference?](repeating: nil, count: owners)
        var time = 0.0
        for frame in 0..<90 {
            // Between two frames: a batch of starts and retargets (one transaction per batch, so rows share clocks),
            // and a few cut-offs, on random owners; several owners finish in most frames.
            let animation = Self.animations[Int(rng.next() % UInt64(Self.animations.count))]
            for _ in 0..<Int(rng.next() % 12) {
                let owner = Int(rng.next() % UInt64(owners))
                let target = Point(x: Double(rng.next() % 400) - 200, y: Double(rng.next() % 300) - 150)
                var reference = references[owner] ?? Reference(value: AnimatedValue(Point(x: 1, y: 2), time: time))
                // As a view does: only a changed model value is set, and it is not where the value is drawn now.
                guard target != reference.value.model, target != reference.value.presentation else { continue }
                let current = reference.value.model
                reference.value.set(target, animation: animation)
                references[owner] = reference
                XCTAssertTrue(store.animate(Int32(owner), from: current, to: target, animation: animation, at: time))
            }
            if rng.next() % 4 == 0 {
                let owner = Int(rng.next() % UInt64(owners))
                if var reference = references[owner] {
                    reference.value.set(reference.value.model + Point(x: 3, y: 0), animation: nil)
                    references[owner] = reference
                    store.remove(Int32(owner))
                }
            }
            assertMatches(store, references, "before frame \(frame)", velocities: false)
            time += 1.0 / 60
            var reported: [Int32: (changed: Bool, finished: Bool)] = [:]
            store.advance(to: time) { owner, changed, finished in
                XCTAssertNil(reported[owner], "one report per owner")
                reported[owner] = (changed, finished)
            }
            for i in references.indices {
                guard var reference = references[i] else { continue }
                let wasRunning = !reference.value.isSettled
                let before = reference.value.presentation
                reference.value.advance(to: time)
                references[i] = reference
                if wasRunning && reference.value.isSettled {
                    XCTAssertEqual(reported[Int32(i)]?.finished, true, "frame \(frame): owner \(i) finished")
                } else if wasRunning && reference.value.presentation != before {
                    XCTAssertEqual(reported[Int32(i)]?.changed, true, "frame \(frame): owner \(i) moved")
                }
            }
            assertMatches(store, references, "after frame \(frame)")
        }
    }

    func testRowsStartedTogetherShareOneClockWhateverTheirDurations() {
        var store = AnimationStore<Double>()
        // Springs over different distances settle at different times but share the curve and start time.
        for owner in 0..<50 { store.animate(Int32(owner), from: 0, to: Double(owner + 1) * 7.5, animation: .default, at: 2) }
        XCTAssertEqual(store.count, 50)
        XCTAssertEqual(store.clockCount, 1)
        store.animate(50, from: 0, to: 1, animation: .easeIn(duration: 0.2), at: 2)
        XCTAssertEqual(store.clockCount, 2)
        // Retargeting one row moves it to a new clock (a new start time); the old clock keeps its other users.
        store.advance(to: 2.1) { _, _, _ in }
        store.animate(3, from: 0, to: -5, animation: .default, at: 2.1)
        XCTAssertEqual(store.clockCount, 3)
        var finished: [Int32] = []
        store.advance(to: 60) { owner, _, done in if done { finished.append(owner) } }
        XCTAssertEqual(Set(finished), Set(0...50), "every row finished")
        XCTAssertEqual(store.count, 0)
        XCTAssertEqual(store.clockCount, 0, "clocks are freed with their last row")
    }

    func testAnAnimationStartedBeforeTheFirstAdvanceStartsThere() throws {
        var store = AnimationStore<Double>()
        var reference = AnimatedValue(0.0)
        reference.set(10, animation: .linear(duration: 1))
        store.animate(0, from: 0, to: 10, animation: .linear(duration: 1), at: nil)
        XCTAssertEqual(store.presentation(of: 0), 0)
        store.advance(to: 5) { _, _, _ in }
        reference.advance(to: 5)
        XCTAssertEqual(store.presentation(of: 0), 0, "it starts at the first advance")
        for t in [5.25, 5.5, 5.75] {
            store.advance(to: t) { _, _, _ in }
            reference.advance(to: t)
            XCTAssertEqual(try XCTUnwrap(store.presentation(of: 0)), reference.presentation)
        }
    }

    func testLimitsAndNothingToMove() {
        var store = AnimationStore<Double>()
        XCTAssertFalse(store.animate(-1, from: 0, to: 1, animation: .default, at: 0), "negative owner")
        XCTAssertFalse(store.animate(Int32(AnimationStore<Double>.maximumOwner), from: 0, to: 1, animation: .default, at: 0))
        XCTAssertFalse(store.animate(0, from: 4, to: 4, animation: .easeIn(duration: 1), at: 0), "nothing to move")
        XCTAssertEqual(store.count, 0)
        // A running curve retargeted to where it is now has nothing to move: its row goes.
        store.animate(0, from: 0, to: 8, animation: .linear(duration: 1), at: 0)
        store.advance(to: 0.5) { _, _, _ in }
        XCTAssertEqual(store.presentation(of: 0), 4)
        XCTAssertFalse(store.animate(0, from: 8, to: 4, animation: .linear(duration: 1), at: 0.5))
        XCTAssertFalse(store.isRunning(0))
        XCTAssertFalse(store.remove(0))
    }
}

