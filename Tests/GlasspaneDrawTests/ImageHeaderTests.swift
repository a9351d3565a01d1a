// The image header check (GlasspaneDraw/ImageLoading.swift) on the fixture files in Tests/ImageFixtures, on every
// prefix of the good files, and fuzzed with mutated and random bytes: it never traps, and whatever it accepts has a
// size within what the bytes say.
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneTesting

final class ImageHeaderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImageFixtures").standardized

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    func testGoodFilesGiveTheirFormatAndSize() throws {
        XCTAssertEqual(try ImageHeader.read(try Self.bytes("small.png")), ImageHeader(format: .png, size: PixelSize(width: 4, height: 2)))
        XCTAssertEqual(try ImageHeader.read(try Self.bytes("small.jpg")), ImageHeader(format: .jpeg, size: PixelSize(width: 16, height: 8)))
        // A JPEG with zero padding after its end marker is still whole.
        XCTAssertEqual(try ImageHeader.read(try Self.bytes("small.jpg") + [0, 0, 0]).size, PixelSize(width: 16, height: 8))
    }

    func testBadFilesAreRefusedWithTheirReason() throws {
        func problem(_ name: String) throws -> ImageHeaderProblem? {
            do { _ = try ImageHeader.read(try Self.bytes(name)); return nil } catch let error as ImageHeaderProblem { return error }
        }
        XCTAssertEqual(try problem("empty.png"), .empty)
        XCTAssertEqual(try problem("not-an-image.png"), .unknownFormat)
        guard case .truncated(.png, let why)? = try problem("truncated.png") else { return XCTFail("truncated.png") }
        XCTAssertTrue(why.contains("IEND"), why)
        guard case .truncated(.png, let early)? = try problem("header-only.png") else { return XCTFail("header-only.png") }
        XCTAssertTrue(early.contains("IHDR"), early)
        guard case .truncated(.jpeg, let eoi)? = try problem("truncated.jpg") else { return XCTFail("truncated.jpg") }
        XCTAssertTrue(eoi.contains("EOI"), eoi)
        guard case .corrupt(.png, let ihdr)? = try problem("corrupt-header.png") else { return XCTFail("corrupt-header.png") }
        XCTAssertTrue(ihdr.contains("IHDR"), ihdr)
        // The 50,000 x 50,000 files have sound headers: the limits refuse them, naming the limit.
        let huge = try ImageHeader.read(try Self.bytes("huge.png"))
        XCTAssertEqual(huge.size, PixelSize(width: 50000, height: 50000))
        XCTAssertEqual(try ImageHeader.read(try Self.bytes("huge.jpg")).size, PixelSize(width: 50000, height: 50000))
        XCTAssertThrowsError(try ImageLimits.standard.check(huge, path: "huge.png")) { error in
            XCTAssertEqual((error as? ImageLoadError)?.identifier, "image-too-large")
            XCTAssertEqual((error as? ImageLoadError)?.message, "huge.png: the image is 50000x50000 pixels, over the limit of 8192 pixels wide")
        }
    }

    func testLimitsNameEachDimension() throws {
        let limits = ImageLimits(maxFileBytes: 100, maxWidth: 100, maxHeight: 50, maxPixels: 1000)
        func limit(_ w: Int, _ h: Int) -> String? {
            do { try limits.check(ImageHeader(format: .png, size: PixelSize(width: w, height: h)), path: "p"); return nil } catch {
                if case .tooLarge(_, _, let which) = error { return which }
                return "other"
            }
        }
        XCTAssertNil(limit(100, 10))
        XCTAssertEqual(limit(101, 1), "100 pixels wide")
        XCTAssertEqual(limit(1, 51), "50 pixels high")
        XCTAssertEqual(limit(50, 21), "1000 pixels")
    }

    func testEveryPrefixOfAGoodFileIsRefused() throws {
        for name in ["small.png", "small.jpg"] {
            let whole = try Self.bytes(name)
            for length in 0..<whole.count {
                XCTAssertThrowsError(try ImageHeader.read(Array(whole.prefix(length))), "\(name) cut at \(length) bytes")
            }
        }
    }

    func testFuzzedHeadersNeverTrapAndAcceptOnlyWhatTheBytesSay() throws {
        var rng = SplitMix64(seed: 30)
        let seeds = [try Self.bytes("small.png"), try Self.bytes("small.jpg"), try Self.bytes("huge.png")]
        var accepted = 0, refused = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 10 == 0 {
                bytes = (0..<Int(rng.next() % 64)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                if round % 20 == 0 && !bytes.isEmpty { bytes[0] = 0xFF; if bytes.count > 1 { bytes[1] = 0xD8 } }
            } else {
                bytes = seeds[round % seeds.count]
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    switch rng.next() % 3 {
                    case 0: bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: bytes.removeLast(Int(rng.next() % UInt64(bytes.count)))
                    default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: Int(rng.next() % UInt64(bytes.count + 1)))
                    }
                    if bytes.isEmpty { break }
                }
            }
            do {
                let header = try ImageHeader.read(bytes)
                accepted += 1
                // Sizes are 31 bits (PNG) or 16 bits (JPEG) read from the bytes, never zero.
                XCTAssertGreaterThan(header.size.width, 0)
                XCTAssertGreaterThan(header.size.height, 0)
                XCTAssertLessThanOrEqual(header.size.width, header.format == .png ? Int(UInt32.max) : 65535)
            } catch {
                refused += 1
            }
        }
        // The mutations exercise both outcomes (a single flipped byte in pixel data keeps a header sound).
        XCTAssertGreaterThan(accepted, 1000)
        XCTAssertGreaterThan(refused, 1000)
    }
}
