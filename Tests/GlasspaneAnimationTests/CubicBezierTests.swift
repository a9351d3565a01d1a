// Cubic-bezier curves: control points and coefficients both ways, solving x for the parameter, value and velocity.
import XCTest
@testable import GlasspaneAnimation

final class CubicBezierTests: XCTestCase {
    func testEaseInHasTheKnownCoefficients() {
        // ease-in is cubic-bezier(0.42, 0, 1, 1).
        let x = CubicBezier.easeIn.xPolynomial, y = CubicBezier.easeIn.yPolynomial
        XCTAssertEqual(x.c, 1.26, accuracy: 1e-12)
        XCTAssertEqual(x.b, 0.48, accuracy: 1e-12)
        XCTAssertEqual(x.a, -0.74, accuracy: 1e-12)
        XCTAssertEqual(y.c, 0, accuracy: 1e-12)
        XCTAssertEqual(y.b, 3, accuracy: 1e-12)
        XCTAssertEqual(y.a, -2, accuracy: 1e-12)
        // And back: those coefficients are ease-in's control points.
        let back = CubicBezier(x: .init(a: -0.74, b: 0.48, c: 1.26), y: .init(a: -2, b: 3, c: 0))
        XCTAssertEqual(back.x1, 0.42, accuracy: 1e-12)
        XCTAssertEqual(back.y1, 0, accuracy: 1e-12)
        XCTAssertEqual(back.x2, 1, accuracy: 1e-12)
        XCTAssertEqual(back.y2, 1, accuracy: 1e-12)
    }

    func testControlPointsAndCoefficientsRoundTrip() {
        let curves: [CubicBezier] = [.linear, .easeIn, .easeOut, .easeInOut,
                                     CubicBezier(x1: 0.17, y1: 0.67, x2: 0.83, y2: 0.67),
                                     CubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5)]
        for curve in curves {
            let back = CubicBezier(x: curve.xPolynomial, y: curve.yPolynomial)
            XCTAssertEqual(back.x1, curve.x1, accuracy: 1e-12, "\(curve)")
            XCTAssertEqual(back.y1, curve.y1, accuracy: 1e-12, "\(curve)")
            XCTAssertEqual(back.x2, curve.x2, accuracy: 1e-12, "\(curve)")
            XCTAssertEqual(back.y2, curve.y2, accuracy: 1e-12, "\(curve)")
            // Coefficients -> control points -> coefficients.
            let p = curve.yPolynomial, q = CubicBezier(x: curve.xPolynomial, y: p).yPolynomial
            XCTAssertEqual(p.a, q.a, accuracy: 1e-12); XCTAssertEqual(p.b, q.b, accuracy: 1e-12); XCTAssertEqual(p.c, q.c, accuracy: 1e-12)
            // The polynomial is the Bernstein form.
            for s in stride(from: 0.0, through: 1.0, by: 0.125) {
                let u = 1 - s
                let bernstein = 3 * u * u * s * curve.y1 + 3 * u * s * s * curve.y2 + s * s * s
                XCTAssertEqual(p.value(s), bernstein, accuracy: 1e-12)
            }
        }
        // Linear's control points (0,0), (1,1) give x(s) = 3s² - 2s³, and y(s) the same, so y = x.
        XCTAssertEqual(CubicBezier.linear.xPolynomial, .init(a: -2, b: 3, c: 0))
        XCTAssertEqual(CubicBezier.linear.yPolynomial, CubicBezier.linear.xPolynomial)
    }

    func testSolvingXFindsTheParameterIncludingFlatSlopes() {
        // (1, 0, 0, 1) has dx/ds = 0 at s = 0.5: Newton stalls there and bisection takes over.
        let curves: [CubicBezier] = [.easeIn, .easeOut, .easeInOut, CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)]
        for curve in curves {
            for i in 0...200 {
                let x = Double(i) / 200
                let s = curve.parameter(forX: x)
                XCTAssertEqual(curve.xPolynomial.value(s), x, accuracy: 1e-9, "\(curve) x=\(x)")
            }
        }
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            XCTAssertEqual(CubicBezier.linear.value(at: x), x, accuracy: 1e-12)
            // ease-in-out is symmetric.
            XCTAssertEqual(CubicBezier.easeInOut.value(at: x) + CubicBezier.easeInOut.value(at: 1 - x), 1, accuracy: 1e-9)
        }
        XCTAssertEqual(CubicBezier.easeIn.value(at: 0.5), 0.3153568, accuracy: 1e-6)
    }

    func testVelocityMatchesFiniteDifference() {
        let curves: [CubicBezier] = [.linear, .easeIn, .easeOut, .easeInOut, CubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5)]
        let h = 1e-6
        for curve in curves {
            for x in stride(from: 0.05, through: 0.95, by: 0.05) {
                let difference = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
                XCTAssertEqual(curve.velocity(at: x), difference, accuracy: 1e-5 * max(1, abs(difference)), "\(curve) x=\(x)")
            }
        }
        // Where dx/ds = dy/ds = 0 (ease-out at its start) the limit by/bx is used: 3 / 1.74.
        XCTAssertEqual(CubicBezier.easeOut.velocity(at: 0), 3 / 1.74, accuracy: 1e-9)
        XCTAssertEqual(CubicBezier.easeIn.velocity(at: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(CubicBezier.linear.velocity(at: 0.3), 1, accuracy: 1e-12)
    }

    func testValidatedCurvesNameTheBadControlPoint() {
        XCTAssertThrowsError(try CubicBezier.validated(x1: 1.5, y1: 0, x2: 0.5, y2: 1)) { error in
            XCTAssertEqual((error as? AnimationError)?.identifier, "animation.bezier-x-out-of-range")
            XCTAssertEqual((error as? AnimationError)?.parameter, "x1")
        }
        XCTAssertThrowsError(try CubicBezier.validated(x1: 0.5, y1: 0, x2: -0.1, y2: 1)) { error in
            XCTAssertEqual((error as? AnimationError)?.parameter, "x2")
        }
        XCTAssertThrowsError(try CubicBezier.validated(x1: 0.5, y1: .infinity, x2: 0.5, y2: 1)) { error in
            XCTAssertEqual((error as? AnimationError)?.parameter, "y1")
        }
        XCTAssertEqual(try CubicBezier.validated(x1: 0.42, y1: 0, x2: 1, y2: 1), .easeIn)
    }
}
