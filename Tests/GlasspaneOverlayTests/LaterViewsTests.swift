// Views an app adds to the tree later (Overlay+LaterViews.swift): scripts may name them from the start.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class LaterViewsTests: XCTestCase {
    func testLaterViewsAndTheirSubviewsAreNamedUntilFreedAndNotBeforeRegistered() {
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        let back = Button(identifier: "later.back", title: "Back")
        var screen: View? = VStack(identifier: "later", spacing: 4, [Label(identifier: "later.title", text: "T", fontSize: 12), back])
        XCTAssertEqual(overlay.laterViewIdentifiers, [])
        overlay.expectLater(screen!)
        overlay.expectLater(screen!)   // twice: listed once
        XCTAssertEqual(overlay.laterViewIdentifiers, ["later", "later.title", "later.back"])
        XCTAssertEqual(overlay.laterViews.count, 1)
        XCTAssertNil(overlay.view(withIdentifier: "later.back"), "named in advance, not in the tree")
        // A subview added after registering is named too: the identifiers are read when asked.
        screen!.addSubview(Label(identifier: "later.added", text: "A", fontSize: 12))
        XCTAssertTrue(overlay.laterViewIdentifiers.contains("later.added"))
        // The overlay does not keep the view alive.
        screen = nil
        XCTAssertEqual(overlay.laterViewIdentifiers, [], "a freed view is no longer named")
        _ = back
    }
}
