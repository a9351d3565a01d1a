// The view properties an expectation can name: scripts on disk spell these names, and the session answers the
// generic ones itself (docs/scripts.md, "Expectations").
import GlasspaneHost
import XCTest

final class ViewPropertyTests: XCTestCase {
    func testTheTableIsTheWireVocabularyAndTheSessionAnswersTheGenericOnes() {
        XCTAssertEqual(ViewProperty.allCases.map(\.rawValue), ["hidden", "focused", "frame", "text", "enabled", "invalid", "color", "value",
                                                               "isOn", "selection", "isEnabled", "scrollOffset", "shown",
                                                               "isOpen", "isExpanded", "highlighted", "lastChoice", "state", "error", "size"])
        XCTAssertEqual(ViewProperty.allCases.filter(\.answeredBySession),
                       [.hidden, .focused, .frame, .isOn, .selection, .isEnabled, .scrollOffset, .shown,
                        .isOpen, .isExpanded, .highlighted, .lastChoice, .state, .error, .size])
    }
}
