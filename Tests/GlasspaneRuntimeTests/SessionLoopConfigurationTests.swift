// What a session runs, decided before any window: the loop's configuration from a description and its script
// (`SessionDescription.loopConfiguration`), and the script header options a recording writes and a replay applies
// (`ScriptOption`). Pure values: no SDL, no GL.
import GlasspaneCore
import GlasspaneHost
@testable import GlasspaneRuntime
import GlasspaneScripts
import XCTest

final class SessionLoopConfigurationTests: XCTestCase {
    func testTheScriptOptionTableIsTheWireVocabulary() {
        // Scripts and golden files on disk carry these names: renaming a case would make them unreadable.
        XCTAssertEqual(ScriptOption.allCases.map(\.rawValue), ["font", "hud", "msaa", "route", "slowAnimations"])
        let error = SessionError.scriptOption(path: "s.jsonl", name: "spin", reason: "is not an option this replayer knows")
        XCTAssertEqual(error.description,
                       "s.jsonl:1: header option 'spin' is not an option this replayer knows (known: font, hud, msaa, route, slowAnimations)")
    }

    func testADefaultRecordingWritesOnlyTheHUDAndMSAA() {
        XCTAssertEqual(SessionDescription().scriptOptions, ["hud": .bool(false), "msaa": .number(4)])
    }

    func testEveryOptionARecordingWritesIsAppliedBackByItsReplay() throws {
        var recorded = SessionDescription()
        recorded.showsHUD = true
        recorded.fontPath = "/fonts/Mono.ttf"
        recorded.msaaSamples = 2
        recorded.initialRoute = "menu"
        recorded.slowAnimations = 4
        let options = recorded.scriptOptions
        XCTAssertEqual(Set(options.keys), Set(ScriptOption.allCases.map(\.rawValue)), "each option is written when not the default")

        var replayed = SessionDescription()
        replayed.routeNames = ["home", "menu"]
        try replayed.apply(ScriptHeader(options: options), path: "s.jsonl")
        XCTAssertTrue(replayed.showsHUD)
        XCTAssertEqual(replayed.fontPath, "/fonts/Mono.ttf")
        XCTAssertEqual(replayed.msaaSamples, 2)
        XCTAssertEqual(replayed.initialRoute, "menu")
        XCTAssertEqual(replayed.slowAnimations, 4)
        XCTAssertEqual(replayed.scriptOptions, options, "a recording of the replay writes the same options")
    }

    func testAMistypedOptionIsRefusedWithWhatItMustBe() {
        let cases: [(String, JSONValue, String)] = [
            ("hud", .string("yes"), "must be true or false"),
            ("font", .string(""), "must be a font file path"),
            ("msaa", .number(3), "must be 1, 2, 4, 8 or 16"),
            ("route", .number(1), "must be a route name"),
            ("slowAnimations", .number(1000), "must be a factor in"),
            ("spin", .bool(true), "is not an option this replayer knows"),
        ]
        for (name, value, reason) in cases {
            var d = SessionDescription()
            XCTAssertThrowsError(try d.apply(ScriptHeader(options: [name: value]), path: "s.jsonl"), name) { error in
                guard case .scriptOption(_, let refused, let why)? = error as? SessionError else { return XCTFail("\(error)") }
                XCTAssertEqual(refused, name)
                XCTAssertTrue(why.hasPrefix(reason), "\(name): \(why)")
            }
        }
    }
}
