// Golden files for the test targets (Tests/GlasspaneOverlayTests, Tests/GlasspaneDrawTests): text compared with a
// file under Golden/ beside the calling test, re-recorded only on purpose. Test support only: never in the product.
import Foundation
import XCTest

/// Compares text with `Golden/NAME` in the calling test's folder; with GLASSPANE_RECORD_GOLDEN=1 rewrites it and fails,
/// so a run that wrote a new baseline never passes.
public func assertGolden(_ text: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
    if ProcessInfo.processInfo.environment["GLASSPANE_RECORD_GOLDEN"] == "1" {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertNoThrow(try text.write(to: url, atomically: true, encoding: .utf8), file: file, line: line)
        XCTFail("recorded golden file \(name); unset GLASSPANE_RECORD_GOLDEN and run again", file: file, line: line)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("missing golden file \(name); run with GLASSPANE_RECORD_GOLDEN=1 to record it", file: file, line: line)
        return
    }
    XCTAssertEqual(text, expected, "differs from Golden/\(name)", file: file, line: line)
}
