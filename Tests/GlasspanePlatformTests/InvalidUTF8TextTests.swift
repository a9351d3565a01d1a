// Invalid UTF-8 in an SDL text event (a broken input method): SDLPlatform turns each bad sequence into U+FFFD rather
// than dropping the event or crashing.
import CSDL2
import GlasspaneCore
import GlasspanePlatform
import SDLTestEvents
import XCTest

final class InvalidUTF8TextTests: XCTestCase {
    func testInvalidBytesInATextEventBecomeReplacementCharacters() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            let events = harness.pump([SDLEvents.textBytes([0x61, 0xFF, 0xC3, 0x28, 0x62]), SDLEvents.textBytes([0xED, 0xA0, 0x80])])
            XCTAssertEqual(events, [.text("a\u{FFFD}\u{FFFD}(b"), .text("\u{FFFD}\u{FFFD}\u{FFFD}")])
        }
    }
}
