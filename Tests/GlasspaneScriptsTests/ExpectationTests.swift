// The expectation checker against a fake host.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

/// A host that answers from tables.
final class FakeContext: ExpectationContext {
    var state: [String: JSONValue]? = ["color": .array([.number(0.2), .number(2.0 / 3.0), .number(1.0 / 3.0)]),
                                         "spinning": .bool(false), "angle": .number(1.25), "frame": .number(60)]
    var properties: [String: String] = ["picker.hex.text": "#33aa55"]
    var pixels: [Point: Color] = [Point(x: 10, y: 10): Color(hex: "#ff0000")!]
    var busErrors: [String] = []
    func engineState() -> [String: JSONValue]? { state }
    func viewProperty(_ identifier: String, _ name: String) -> String? { properties["\(identifier).\(name)"] }
    func pixel(at point: Point) -> Color? { pixels[point] }
    /// Views that exist but are not on screen, and why.
    var offScreen: [String: String] = [:]
    func whyNotFound(_ identifier: String, property: String) -> String? { property == "hidden" ? nil : offScreen[identifier] }
}

final class ExpectationTests: XCTestCase {
    func results(_ body: [String], _ ctx: FakeContext) throws -> [ExpectationResult] {
        let s = try parseBody(body)
        var checker = ExpectationChecker()
        return checker.check(s.expectations, in: ctx)
    }

    func testAPropertyOfAViewNotOnScreenIsViewNotFoundEvenWhenItsValueMatches() throws {
        let ctx = FakeContext()
        ctx.properties["menu.play.text"] = "Play"
        ctx.properties["menu.play.hidden"] = "false"
        ctx.offScreen["menu.play"] = "hidden by 'menu'"
        let r = try results([
            #"{"frame":4,"expect":{"view":"menu.play","property":"text","equals":"Play"}}"#,
            #"{"expect":{"view":"menu.play","property":"hidden","equals":"false"}}"#,
            ##"{"expect":{"view":"picker.hex","property":"text","equals":"#33aa55"}}"##,
        ], ctx)
        XCTAssertEqual(r.map(\.passed), [false, true, true])
        XCTAssertEqual(r.map(\.error), [.viewNotFound, nil, nil])
        XCTAssertEqual(r[0].message, #"t.jsonl:2: frame 4: view-not-found: expected menu.play.text = "Play", but view 'menu.play' is hidden by 'menu'"#)
    }

    func testAnExpectationNeverReachedIsAFailureNamingItsLine() throws {
        let e = try parseBody([#"{"frame":30,"expect":{"state":{"spinning":false}}}"#]).expectations[0]
        let r = ExpectationChecker.notReached(e, lastFrame: 3)
        XCTAssertFalse(r.passed)
        XCTAssertEqual(r.error, .notReached)
        XCTAssertEqual(r.message, "t.jsonl:2: frame 30: not-reached: the replay ended at frame 3, so this expectation was never checked")
    }

    func testStateExpectations() throws {
        let ctx = FakeContext()
        let r = try results([
            #"{"frame":60,"expect":{"state":{"spinning":false,"frame":60}}}"#,
            #"{"expect":{"state":{"spinning":true}}}"#,
            #"{"expect":{"state":{"angle":1.2},"tolerance":0.1}}"#,
            #"{"expect":{"state":{"angle":1.2}}}"#,
            ##"{"expect":{"state":{"color":"#33aa55"}}}"##,
            ##"{"expect":{"state":{"color":"#33aa56"}}}"##,
            #"{"expect":{"state":{"color":[0.2,0.6667,0.3333]},"tolerance":0.001}}"#,
            #"{"expect":{"state":{"zoom":1}}}"#,
        ], ctx)
        XCTAssertEqual(r.map(\.passed), [true, false, true, false, true, false, true, false])
        XCTAssertEqual(r[1].message, "t.jsonl:3: frame 60: expected state.spinning = true, got false")
        XCTAssertEqual(r[7].message, "t.jsonl:9: frame 60: expected state.zoom = 1, got nothing (no such member)")
        ctx.state = nil
        XCTAssertEqual(try results([#"{"expect":{"state":{"spinning":false}}}"#], ctx).map(\.passed), [false])
    }

    func testViewPropertyAndPixelExpectations() throws {
        let ctx = FakeContext()
        let r = try results([
            ##"{"expect":{"view":"picker.hex","property":"text","equals":"#33aa55"}}"##,
            ##"{"expect":{"view":"picker.hex","property":"text","equals":"#000000"}}"##,
            #"{"expect":{"view":"picker.nope","property":"text","equals":"x"}}"#,
            ##"{"expect":{"pixel":[10,10],"color":"#fa0505","tolerance":8}}"##,
            ##"{"expect":{"pixel":[10,10],"color":"#fa0505","tolerance":4}}"##,
            ##"{"expect":{"pixel":[99,99],"color":"#ff0000"}}"##,
        ], ctx)
        XCTAssertEqual(r.map(\.passed), [true, false, false, true, false, false])
        XCTAssertEqual(r[1].message, ##"t.jsonl:3: frame 0: expected picker.hex.text = "#000000", got "#33aa55""##)
        XCTAssertEqual(r[4].message, "t.jsonl:6: frame 0: expected pixel 10,10 = #fa0505 ±4, got #ff0000 (off by 5)")
    }

    func testEachBusErrorSatisfiesOneExpectation() throws {
        let ctx = FakeContext()
        ctx.busErrors = ["malformed-json", "invalid-payload"]
        let r = try results([
            #"{"expect":{"bus_error":"invalid-payload"}}"#,
            #"{"expect":{"bus_error":"malformed-json"}}"#,
            #"{"expect":{"bus_error":"invalid-payload"}}"#,
        ], ctx)
        XCTAssertEqual(r.map(\.passed), [true, true, false])
        XCTAssertEqual(r[2].message, "t.jsonl:4: frame 0: expected bus error invalid-payload, got none")
    }

    func testEncodableStateConvertsToJSONValues() {
        struct State: Encodable { var color: [Double]; var spinning: Bool; var frame: Int }
        let v = JSONValue(encoding: State(color: [1, 0.5, 0], spinning: true, frame: 3))
        XCTAssertEqual(v, .object(["color": .array([.number(1), .number(0.5), .number(0)]), "spinning": .bool(true), "frame": .number(3)]))
        XCTAssertEqual(v?.description, #"{"color":[1,0.5,0],"frame":3,"spinning":true}"#)
    }
}
