import XCTest
@testable import GlasspaneCore

final class FixedTimestepTests: XCTestCase {
    func testWholeStepsOnlyAndLeftoverForInterpolation() {
        var ts = FixedTimestep(stepsPerSecond: 120, maxStepsPerFrame: 8)
        XCTAssertEqual(ts.advance(by: 4_000_000), 0) // 4 ms < 8.33 ms
        XCTAssertEqual(ts.interpolation, 0.48, accuracy: 1e-12)
        XCTAssertEqual(ts.advance(by: 5_000_000), 1) // 9 ms total
        XCTAssertEqual(ts.advance(by: 1_000_000_000), 8) // one second stalls: capped
        XCTAssertEqual(ts.droppedFrames, 1)
        XCTAssertEqual(ts.totalSteps, 9)
    }

    func testStepCountIndependentOfHowTimeIsSplit() {
        // 1 s in 3 ms frames and in one 1 s block (with a large cap) give exactly 120 steps both ways.
        var a = FixedTimestep(stepsPerSecond: 120, maxStepsPerFrame: 1000)
        var stepsA = 0
        for _ in 0..<333 { stepsA += a.advance(by: 3_000_000) }
        stepsA += a.advance(by: 1_000_000)
        var b = FixedTimestep(stepsPerSecond: 120, maxStepsPerFrame: 1000)
        let stepsB = b.advance(by: 1_000_000_000)
        XCTAssertEqual(stepsA, 120)
        XCTAssertEqual(stepsB, 120)
        XCTAssertEqual(a, b)
    }

    func testNegativeElapsedIsIgnored() {
        var ts = FixedTimestep()
        XCTAssertEqual(ts.advance(by: -5_000_000), 0)
        XCTAssertEqual(ts.interpolation, 0)
    }
}

final class GeometryTests: XCTestCase {
    func testPixelSizeParsing() {
        XCTAssertEqual(PixelSize(parsing: "1280x720"), PixelSize(width: 1280, height: 720))
        XCTAssertEqual(PixelSize(parsing: "640X480"), PixelSize(width: 640, height: 480))
        for bad in ["banana", "1280", "x720", "0x10", "-5x10", "10x", "1x2x3", ""] {
            XCTAssertNil(PixelSize(parsing: bad), bad)
        }
    }

    func testRectContainsIsHalfOpen() {
        let r = Rect(x: 10, y: 10, width: 20, height: 20)
        XCTAssertTrue(r.contains(Point(x: 10, y: 10)))
        XCTAssertFalse(r.contains(Point(x: 30, y: 15)))
        XCTAssertEqual(r.intersection(Rect(x: 25, y: 0, width: 100, height: 15)), Rect(x: 25, y: 10, width: 5, height: 5))
    }

    func testHighDPIConversion() {
        let m = WindowMetrics(windowSize: Size(width: 640, height: 360), drawableSize: PixelSize(width: 1280, height: 720))
        XCTAssertEqual(m.scaleX, 2)
        XCTAssertEqual(m.pixels(from: Point(x: 10, y: 20)), Point(x: 20, y: 40))
        XCTAssertEqual(m.points(fromPixels: Point(x: 20, y: 40)), Point(x: 10, y: 20))
    }

    func testPerspectiveMapsNearAndFarPlanes() {
        let p = Mat4.perspective(fovYRadians: 1, aspect: 1, near: 0.1, far: 100)
        XCTAssertEqual(p.transformPoint(Vec3(0, 0, -0.1)).z, -1, accuracy: 1e-4)
        XCTAssertEqual(p.transformPoint(Vec3(0, 0, -100)).z, 1, accuracy: 1e-4)
        let v = Mat4.lookAt(eye: Vec3(0, 0, 5), center: Vec3(0, 0, 0), up: Vec3(0, 1, 0))
        XCTAssertEqual(v.transformPoint(Vec3(0, 0, 0)).z, -5, accuracy: 1e-5)
    }

    func testProductIsColumnMajorAndTheElementsReachGLInOrder() {
        // Column-major: element (row r, column c) at index c * 4 + r; a translation's offsets are elements 12-14.
        let translate = Mat4(columnMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 4, 5, 1])
        let product = translate * Mat4.scale(2)
        XCTAssertEqual(product.m, [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 3, 4, 5, 1])
        XCTAssertEqual(product[0, 3], 3)
        XCTAssertEqual(product.transformPoint(Vec3(1, 1, 1)), Vec3(5, 6, 7))
        XCTAssertEqual(product.withUnsafeElements { Array($0) }, product.m)
        XCTAssertEqual(Mat4.identity * product, product)
    }
}

final class ColorTests: XCTestCase {
    func testHexRoundTrip() {
        XCTAssertEqual(Color(hex: "#33aa55")?.hex, "#33aa55")
        XCTAssertEqual(Color(hex: "33AA55")?.hex, "#33aa55")
        XCTAssertEqual(Color(hex: "#fff")?.hex, "#ffffff")
        XCTAssertEqual(Color(hex: "#09af90")?.hex, "#09af90") // every digit boundary: 0, 9, a, f
        for bad in ["#33aa5", "#gg0000", "", "#", "33aa55ff00"] { XCTAssertNil(Color(hex: bad), bad) }
    }

    func testRGB24IsTheValueTheHexFormSpells() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let c = Color(r: Double.random(in: -0.1...1.1, using: &generator), g: Double.random(in: 0...1, using: &generator),
                          b: Double.random(in: 0...1, using: &generator), a: Double.random(in: 0...1, using: &generator))
            XCTAssertEqual("#" + String(c.rgb24, radix: 16).leftPadded(to: 6), c.hex, "\(c)")
        }
        XCTAssertEqual(Color(hex: "#09af90")?.rgb24, 0x09af90)
        // Equal hex forms, equal values: what the picker's preset selection relies on.
        XCTAssertEqual(Color(r: 0.2, g: 0.4, b: 0.6).rgb24, Color(r: 0.2011, g: 0.3999, b: 0.6, a: 0.5).rgb24)
    }

    func testHexAcceptsOnlyASCIIDigitsWithSpaceAroundAndNeverTraps() {
        XCTAssertEqual(Color(hex: " \t#33AA55\r\n")?.hex, "#33aa55")
        XCTAssertEqual(Color(hex: "#33aa5580")?.a ?? 0, Double(0x80) / 255, accuracy: 1e-12)
        // Fullwidth digits are Unicode hex digits (`Character.isHexDigit`); they used to pass the digit check and
        // then trap converting them to a number.
        for bad in ["#０００", "０００", "#ＦＦＦＦＦＦ", "# 33aa55", "#33 aa55", "##33aa55", "#33aa55#", "33aa55 x", "#é00"] {
            XCTAssertNil(Color(hex: bad), bad)
        }
        XCTAssertEqual(Color(r: .nan, g: 1, b: 0).hex, "#00ff00")
        XCTAssertEqual(Color(r: 0.5, g: 0.0313, b: 2).hex, "#8008ff")
    }

    func testHSVRoundTrip() {
        let c = Color(r: 0.2, g: 0.6666, b: 0.3333)
        let back = c.hsv.rgb
        XCTAssertEqual(back.r, c.r, accuracy: 1e-9)
        XCTAssertEqual(back.g, c.g, accuracy: 1e-9)
        XCTAssertEqual(back.b, c.b, accuracy: 1e-9)
        XCTAssertEqual(Color(hue: 0, saturation: 1, value: 1).hex, "#ff0000")
        XCTAssertEqual(Color(hue: 1.0 / 3, saturation: 1, value: 1).hex, "#00ff00")
    }

    func testKeyNamesRoundTrip() {
        for k: Key in [.escape, .enter, .function(1), .character("a"), .left, .other(999)] {
            XCTAssertEqual(Key(name: k.name), k)
        }
        XCTAssertNil(Key(name: "banana"))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

final class SoftwareRasterizerTests: XCTestCase {
    func testMesasCPURasterizersAreToldApartFromGPUsByTheirRendererString() {
        for cpu in ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast", "Software Rasterizer", "LLVMPIPE"] {
            XCTAssertTrue(SoftwareRasterizer.isNamed(by: cpu), cpu)
        }
        for gpu in ["NVIDIA H100 80GB HBM3/PCIe/SSE2", "AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.6)",
                    "Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "unknown", ""] {
            XCTAssertFalse(SoftwareRasterizer.isNamed(by: gpu), gpu)
        }
        XCTAssertFalse(SoftwareRasterizer.isNamed(by: nil), "unknown is not assumed to be a CPU")
    }
}
