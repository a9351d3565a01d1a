// Animation micro-benchmarks: the cost per frame of advancing 1,000 and 10,000 running animations (the driver, and
// the overlay's animated views). Pure logic: no SDL, no GL.
import Benchmark
import BenchmarkSupport
import GlasspaneAnimation
import GlasspaneCore
import GlasspaneOverlay

/// A driver full of running animations and its clock. Each iteration advances the clock by 0.1 µs, so nothing
/// settles during a run (a spring's cost per evaluation does not depend on the time).
@MainActor
final class DriverFixture {
    var driver = AnimationDriver<Point>()
    var time = 0.0

    /// `count` animations from the origin to scattered targets. `distinct`: each starts at its own time (every row
    /// evaluates its own exp/sin/cos, the worst case); otherwise all start together as one transaction would start
    /// them (the weights are computed once for the whole run of rows).
    init(count: Int, animation: Animation, distinct: Bool) {
        driver.reserveCapacity(count)
        for i in 0..<count {
            if distinct {
                time += 1e-6
                driver.advance(to: time)
            }
            let target = Point(x: Double(i % 100) * 12.8, y: Double(i / 100 % 100) * 7.2)
            driver.add(from: Point(x: -50, y: -50), to: target, animation: animation)
        }
        precondition(driver.count == count)
    }

    @inline(__always)
    func frame() {
        time += 1e-7
        blackHole(driver.advance(to: time))
    }
}

/// An overlay with `count` filled views whose frame and alpha animate (an under-damped spring and an ease-in-out
/// curve). `distinct`: each view starts at its own time (every view's rows evaluate their own weights, the worst
/// case); otherwise one transaction starts all frames and another all alphas (two clocks in all).
@MainActor
final class OverlayFixture {
    let overlay = Overlay(windowSize: Size(width: 1280, height: 720))
    var time = 0.0

    init(count: Int, distinct: Bool = false) {
        let layer = overlay.addLayer(name: "bench", level: 0)
        var views: [View] = []
        for _ in 0..<count {
            let view = View(identifier: "", frame: Rect(x: 0, y: 0, width: 10, height: 6))
            view.backgroundColor = Color(r: 0.5, g: 0.5, b: 0.5, a: 0.5)
            layer.addSubview(view)
            views.append(view)
        }
        overlay.advanceAnimations(to: 0)
        overlay.update()
        func target(_ i: Int) -> Point { Point(x: Double(i % 100) * 12.8, y: Double(i / 100 % 100) * 7.2) }
        if distinct {
            for (i, view) in views.enumerated() {
                time += 1e-6
                overlay.advanceAnimations(to: time)
                withAnimation(.spring(response: 0.55, dampingFraction: 0.8)) { view.frame.origin = target(i) }
                withAnimation(.easeInOut(duration: 0.6)) { view.alpha = 0.3 }
            }
        } else {
            withAnimation(.spring(response: 0.55, dampingFraction: 0.8)) {
                for (i, view) in views.enumerated() { view.frame.origin = target(i) }
            }
            withAnimation(.easeInOut(duration: 0.6)) { for view in views { view.alpha = 0.3 } }
        }
        precondition(overlay.animatingViewCount == count)
    }

    @inline(__always)
    func frame() {
        time += 1e-7
        blackHole(overlay.advanceAnimations(to: time))
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    for count in [1_000, 10_000] {
        let label = count == 1_000 ? "1k" : "10k"
        mainActorBenchmark(
            "Animation.driver.advance.\(label).criticalSpring.distinct",
            fixture: { DriverFixture(count: count, animation: .default, distinct: true) },
            body: { f, benchmark in
                for _ in benchmark.scaledIterations { f.frame() }
                if f.driver.count != count { benchmark.error("\(f.driver.count) of \(count) animations still run") }
            })
        mainActorBenchmark(
            "Animation.driver.advance.\(label).underDampedSpring.distinct",
            fixture: { DriverFixture(count: count, animation: .spring(response: 0.5, dampingFraction: 0.6), distinct: true) },
            body: { f, benchmark in
                for _ in benchmark.scaledIterations { f.frame() }
                if f.driver.count != count { benchmark.error("\(f.driver.count) of \(count) animations still run") }
            })
        mainActorBenchmark(
            "Animation.driver.advance.\(label).easeInOut.distinct",
            fixture: { DriverFixture(count: count, animation: .easeInOut(duration: 0.5), distinct: true) },
            body: { f, benchmark in
                for _ in benchmark.scaledIterations { f.frame() }
                if f.driver.count != count { benchmark.error("\(f.driver.count) of \(count) animations still run") }
            })
        mainActorBenchmark(
            "Animation.driver.advance.\(label).criticalSpring.oneTransaction",
            fixture: { DriverFixture(count: count, animation: .default, distinct: false) },
            body: { f, benchmark in
                for _ in benchmark.scaledIterations { f.frame() }
                if f.driver.count != count { benchmark.error("\(f.driver.count) of \(count) animations still run") }
            })
        for distinct in [false, true] {
            mainActorBenchmark(
                "Animation.overlay.advance.\(label)views.frameAndAlpha" + (distinct ? ".distinct" : ""),
                fixture: { OverlayFixture(count: count, distinct: distinct) },
                body: { f, benchmark in
                    for _ in benchmark.scaledIterations { f.frame() }
                    if f.overlay.animatingViewCount != count { benchmark.error("\(f.overlay.animatingViewCount) of \(count) views still animate") }
                })
        }
    }
}
