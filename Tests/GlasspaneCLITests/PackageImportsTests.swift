// Package.swift tells the truth: every target declares exactly the modules it imports (scripts/check-imports.py).
import Foundation
import XCTest

final class PackageImportsTests: XCTestCase {
    func testDeclaredDependenciesMatchTheImports() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "scripts/check-imports.py"]
        process.currentDirectoryURL = BinaryRunner.repository
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
    }
}
