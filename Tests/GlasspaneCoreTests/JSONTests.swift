// The strict JSON parser and the one writer: what is accepted, what is rejected (code, line, column, path),
// round trips (hand-picked and seeded random), limits, and overflow-safe conversions.
import XCTest
import GlasspaneCore
import GlasspaneTesting

final class JSONParserTests: XCTestCase {
    struct Reject {
        let text: [UInt8]
        let code: JSONParseError.Code
        let offset: Int
        let line: Int
        let column: Int
        let path: String
        init(_ text: String, _ code: JSONParseError.Code, offset: Int, line: Int = 1, column: Int? = nil, path: String = "") {
            self.init(bytes: Array(text.utf8), code, offset: offset, line: line, column: column, path: path)
        }
        init(bytes: [UInt8], _ code: JSONParseError.Code, offset: Int, line: Int = 1, column: Int? = nil, path: String = "") {
            self.text = bytes; self.code = code; self.offset = offset; self.line = line
            self.column = column ?? offset + 1; self.path = path
        }
    }

    let rejects: [Reject] = [
        Reject(#"{"spinning":false,"spinning":"x"}"#, .duplicateKey, offset: 18, path: "spinning"),
        Reject(#"{"data":{"a":1,"a":2}}"#, .duplicateKey, offset: 15, path: "data.a"),
        Reject("[1,2,]", .trailingComma, offset: 5, path: ""),
        Reject(#"{"a":1,}"#, .trailingComma, offset: 7),
        Reject(bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), .byteOrderMark, offset: 0),
        Reject(bytes: [0x22, 0xC3, 0x28, 0x22], .invalidUTF8, offset: 1),
        Reject(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, offset: 1),   // an encoded surrogate
        Reject(bytes: [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, offset: 1),         // overlong '/'
        Reject(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, offset: 1), // above U+10FFFF
        Reject(bytes: [0x22, 0xE2, 0x82], .invalidUTF8, offset: 1),               // cut short
        Reject(#"["\uD800"]"#, .loneSurrogate, offset: 2, path: "[0]"),
        Reject(#"["\uDC00"]"#, .loneSurrogate, offset: 2, path: "[0]"),
        Reject(#""\uD800\u0041""#, .loneSurrogate, offset: 1),
        Reject(#""\x""#, .invalidEscape, offset: 1),
        Reject(#""\u12G4""#, .invalidEscape, offset: 1),
        Reject("\"a\tb\"", .controlCharacter, offset: 2),
        Reject("{\"a\":\n \"x\ny\"}", .controlCharacter, offset: 9, line: 2, column: 4, path: "a"),
        Reject("012", .leadingZero, offset: 0),
        Reject("-01", .leadingZero, offset: 0),
        Reject("1.", .invalidNumber, offset: 2),
        Reject("-", .invalidNumber, offset: 1),
        Reject("1e+", .invalidNumber, offset: 3),
        Reject(".5", .unexpectedCharacter, offset: 0),
        Reject("NaN", .nonFinite, offset: 0),
        Reject("[Infinity]", .nonFinite, offset: 1, path: "[0]"),
        Reject(#"{"x":-Infinity}"#, .nonFinite, offset: 5, path: "x"),
        Reject("1e400", .numberOverflow, offset: 0),
        Reject("[1,-1e309]", .numberOverflow, offset: 3, path: "[1]"),
        Reject("{} x", .trailingGarbage, offset: 3),
        Reject("[1] [2]", .trailingGarbage, offset: 4),
        Reject("", .empty, offset: 0),
        Reject("  \n", .empty, offset: 3, line: 2, column: 1),
        Reject("[1,2", .unexpectedEnd, offset: 4),
        Reject(#"{"a""#, .unexpectedEnd, offset: 4),
        Reject(#""abc"#, .unexpectedEnd, offset: 0),
        Reject("{'a':1}", .unexpectedCharacter, offset: 1),
        Reject(#"{"a" 1}"#, .unexpectedCharacter, offset: 5),
        Reject("[1 2]", .unexpectedCharacter, offset: 3),
        Reject("tru", .unexpectedCharacter, offset: 0),
        Reject("[true,nul]", .unexpectedCharacter, offset: 6, path: "[1]"),
        Reject(#"{"color":[0.1,0.2,0.3,01]}"#, .leadingZero, offset: 22, path: "color[3]"),
    ]

    func testEveryRejectHasItsCodeAndPosition() {
        let parser = JSONParser()
        for r in rejects {
            let shown = String(decoding: r.text, as: UTF8.self)
            do {
                let v = try parser.parse(bytes: r.text)
                XCTFail("\(shown) was accepted as \(v)")
            } catch {
                XCTAssertEqual(error.code, r.code, shown)
                XCTAssertEqual(error.offset, r.offset, "\(shown): \(error)")
                XCTAssertEqual(error.line, r.line, "\(shown): \(error)")
                XCTAssertEqual(error.column, r.column, "\(shown): \(error)")
                XCTAssertEqual(error.path, r.path, "\(shown): \(error)")
            }
        }
    }

    func testAcceptsWhatRFC8259Allows() throws {
        let accepts: [(String, JSONValue)] = [
            ("0", 0), ("-0", 0), ("1.5e3", 1500), ("-12.25", -12.25), ("1E-2", 0.01), ("123456789012345678", 123456789012345678),
            ("true", true), ("false", false), ("null", nil), (#""""#, ""),
            (#""a\"b\\c\/d\b\f\n\r\t""#, .string("a\"b\\c/d\u{08}\u{0C}\n\r\t")),
            (#""\u00e9\uD83D\uDE00""#, .string("é😀")),
            ("\"é😀\"", .string("é😀")), (#""\u0000""#, .string("\u{0}")),
            (" \t\r\n[ 1 , { \"a\" : [ ] } ] \n", [1, ["a": []]]),
            (#"{"a":{"b":{"c":[null,true]}}}"#, ["a": ["b": ["c": [nil, true]]]]),
            ("1e-400", 0),  // underflow rounds to zero; only overflow is an error
        ]
        for (text, expected) in accepts {
            XCTAssertEqual(try JSONParser().parse(text), expected, text)
        }
    }

    // MARK: Limits

    func testDeepNestingIsRejectedWithDepthAtTheLimit() {
        for text in [String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
                     String(repeating: "{\"a\":", count: 6000) + "1" + String(repeating: "}", count: 6000),  // 30 KB
                     String(repeating: "[", count: 30_000)] {
            XCTAssertThrowsError(try JSONParser().parse(text)) { error in
                let e = error as! JSONParseError
                XCTAssertEqual(e.code, .depth)
                // Rejected at the first bracket past the limit: nothing after it was read.
                XCTAssertLessThan(e.offset, 64 * 5 + 1)
            }
        }
        let sixtyFour = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try JSONParser().parse(sixtyFour))
        let sixtyFive = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        XCTAssertThrowsError(try JSONParser().parse(sixtyFive)) { XCTAssertEqual(($0 as! JSONParseError).code, .depth) }
        XCTAssertEqual(JSONLimits(maxDepth: 1_000_000).maxDepth, JSONLimits.depthCeiling)
    }

    func testSizeIsCheckedBeforeReading() {
        let limits = JSONLimits(maxBytes: 10)
        // Not JSON at all, but too large is what is reported: the size check comes first.
        XCTAssertThrowsError(try JSONParser(limits: limits).parse("\u{FEFF}xxxxxxxxxxxxxxx")) {
            XCTAssertEqual(($0 as! JSONParseError).code, .size)
        }
        XCTAssertNoThrow(try JSONParser(limits: limits).parse("[1,2,3,44]"))
    }

    func testStringValueAndNumberLimits() {
        let limits = JSONLimits(maxStringBytes: 4, maxValues: 3, maxNumberBytes: 6)
        let p = JSONParser(limits: limits)
        XCTAssertNoThrow(try p.parse(#""abcd""#))
        XCTAssertThrowsError(try p.parse(#""abcde""#)) { XCTAssertEqual(($0 as! JSONParseError).code, .stringLength) }
        XCTAssertThrowsError(try p.parse(#""ab\nde""#)) { XCTAssertEqual(($0 as! JSONParseError).code, .stringLength) }
        XCTAssertNoThrow(try p.parse("[1,2]"))
        XCTAssertThrowsError(try p.parse("[1,2,3]")) { XCTAssertEqual(($0 as! JSONParseError).code, .valueCount) }
        XCTAssertNoThrow(try p.parse("-1.5e3"))
        XCTAssertThrowsError(try p.parse("1234567")) { XCTAssertEqual(($0 as! JSONParseError).code, .numberLength) }
        XCTAssertThrowsError(try JSONParser().parse("0." + String(repeating: "1", count: 100_000))) {
            XCTAssertEqual(($0 as! JSONParseError).code, .numberLength)
        }
    }

    /// The parser computes most numbers without text conversion; every literal must still read as the standard
    /// library reads it, to the last bit.
    func testNumbersReadExactlyAsTheStandardLibraryReadsThem() throws {
        var rng = SplitMix64(seed: 42)
        func digits(_ n: Int, leadingNonZero: Bool) -> String {
            String((0..<n).map { k in Character(String(k == 0 && leadingNonZero ? 1 + rng.next() % 9 : rng.next() % 10)) })
        }
        for _ in 0..<20_000 {
            var text = rng.next() % 4 == 0 ? "-" : ""
            text += rng.next() % 5 == 0 ? "0" : digits(1 + Int(rng.next() % 19), leadingNonZero: true)
            if rng.next() % 2 == 0 { text += "." + digits(1 + Int(rng.next() % 20), leadingNonZero: false) }
            if rng.next() % 3 == 0 {
                text += (rng.next() % 2 == 0 ? "e" : "E") + ["", "+", "-"][Int(rng.next() % 3)] + String(rng.next() % 40)
            }
            let expected = try XCTUnwrap(Double(text), text)
            XCTAssertEqual(try JSONParser().parse(text).number?.bitPattern, expected.bitPattern, text)
        }
        for text in ["0.1", "0.6666666666666666", "9007199254740993", "1e22", "1e23", "123456789012345.6", "4.35", "0.000001"] {
            XCTAssertEqual(try JSONParser().parse(text).number?.bitPattern, Double(text)!.bitPattern, text)
        }
    }

    func testDuplicateKeysCanBeKeptForDiagnosticsOnly() throws {
        let lenient = JSONParser(rejectsDuplicateKeys: false)
        XCTAssertEqual(try lenient.parse(#"{"a":1,"a":2}"#), ["a": 1])  // the first, as in the rejected text
    }

    func testErrorDescriptionNamesLineColumnAndPath() {
        XCTAssertThrowsError(try JSONParser().parse("{\"data\":\n{\"color\":[1,2,NaN]}}")) { error in
            let e = error as! JSONParseError
            XCTAssertEqual(e.path, "data.color[2]")
            XCTAssertEqual(e.description, "line 2, column 15: NaN and Infinity are not JSON numbers (at data.color[2])")
        }
    }
}

final class JSONWriterTests: XCTestCase {
    func testCompactSortedEscapedIntegral() throws {
        let v: JSONValue = ["b": [1, 2.5, -3, 1e300, 0.1], "a": "q\"\\\n\t\u{1}é", "c": nil, "d": [true, false], "": [:]]
        XCTAssertEqual(try JSONWriter.string(v),
                       #"{"":{},"a":"q\"\\\n\t\u0001é","b":[1,2.5,-3,1e+300,0.1],"c":null,"d":[true,false]}"#)
        XCTAssertEqual(try JSONWriter.string(.number(9_007_199_254_740_992)), "9007199254740992")
        XCTAssertEqual(try JSONWriter.string(.number(-9_007_199_254_740_992)), "-9007199254740992")
        XCTAssertEqual(try JSONWriter.string(.number(18_014_398_509_481_984)), "1.8014398509481984e+16")
        // Negative zero keeps its sign, so it reads back as the same double (JSONEncoder writes `-0` too).
        XCTAssertEqual(try JSONWriter.string(.number(-0.0)), "-0")
        XCTAssertEqual(try JSONParser().parse("-0").number?.sign, .minus)
    }

    func testNonFiniteNumbersAreRejectedNamingThePath() {
        for (value, path) in [(JSONValue.number(.nan), ""), (["data": ["color": [0, 1, .number(.infinity)]]], "data.color[2]"),
                              ([["x": .number(-.infinity)]], "[0].x")] {
            XCTAssertThrowsError(try JSONWriter.string(value)) { error in
                let e = error as! JSONWriteError
                XCTAssertEqual(e.code, .nonFiniteNumber)
                XCTAssertEqual(e.path, path)
            }
        }
        XCTAssertTrue(JSONValue.number(.nan).description.hasPrefix("<invalid: non-finite-number"))
    }

    func testMemberByMemberWriting() throws {
        var w = JSONWriter()
        w.beginObject()
        w.member("frame", int: 3)
        w.member("phase", string: "input")
        w.member("data", raw: Array(#"{"x":1}"#.utf8))
        try w.member("v", value: [1, "a"])
        w.key("list"); w.beginArray(); w.int(1); w.bool(false); try w.number(0.5); w.endArray()
        w.endObject()
        XCTAssertEqual(w.text, #"{"frame":3,"phase":"input","data":{"x":1},"v":[1,"a"],"list":[1,false,0.5]}"#)
        var bad = JSONWriter()
        bad.beginObject()
        XCTAssertThrowsError(try bad.member("v", value: ["x": .number(.nan)])) {
            XCTAssertEqual(($0 as! JSONWriteError).path, "v.x")
        }
    }

    func testJSONTextPiecesAreTheWritersBytes() throws {
        // The recorder and the inspector build records from these pieces: the writer's escapes, \b and \f included.
        let text = "q\"\\\n\r\t\u{8}\u{c}\u{1}\u{1f}é/"
        XCTAssertEqual(JSONText.quoted(text), try JSONWriter.string(.string(text)))
        XCTAssertEqual(JSONText.quoted(text), #""q\"\\\n\r\t\b\f\u0001\u001fé/""#)
        XCTAssertEqual(try JSONParser().parse(JSONText.quoted(text)).string, text)
        XCTAssertEqual(JSONText.number(2), "2")
        XCTAssertEqual(JSONText.number(-0.5), "-0.5")
        XCTAssertEqual(JSONText.number(1e300), "1e+300")
        for n in [Double.nan, .infinity, -.infinity] { XCTAssertEqual(JSONText.number(n), "null") }
    }

    func testRoundTripsOfHandPickedValues() throws {
        let values: [JSONValue] = [
            0, -1, 0.1, .number(1.0 / 3.0), 5e-324, 1.7976931348623157e308, -2.5e-10, 123456789.125,
            "", "\u{0}\u{1F}\u{7F}", "😀 é \\ \" /", [], [:], [[[]]], ["k": ["n": nil]],
        ]
        for v in values {
            let text = try JSONWriter.string(v)
            XCTAssertEqual(try JSONParser().parse(text), v, text)
        }
    }

    func testSeededRandomRoundTrips() throws {
        var rng = SplitMix64(seed: 0x5EED_1234)
        for _ in 0..<2000 {
            let v = randomValue(&rng, depth: 0)
            let text = try JSONWriter.string(v)
            let back = try JSONParser().parse(text)
            XCTAssertEqual(back, v, text)
            // Writing is stable: the same value always gives the same bytes.
            XCTAssertEqual(try JSONWriter.string(back), text)
        }
    }

    func randomValue(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
        switch rng.next() % (depth > 5 ? 4 : 6) {
        case 0: return nil
        case 1: return .bool(rng.next() & 1 == 0)
        case 2:
            switch rng.next() % 3 {
            case 0: return .number(Double(Int64(bitPattern: rng.next()) >> Int64(rng.next() % 64)))
            case 1: return .number(Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (rng.next() & 1 == 0 ? 1 : -1))
            default: return .number(Double(rng.next() % 10_000) / 8)
            }
        case 3: return .string(randomString(&rng))
        case 4: return .array((0..<Int(rng.next() % 5)).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            var o: [String: JSONValue] = [:]
            for _ in 0..<Int(rng.next() % 5) { o[randomString(&rng)] = randomValue(&rng, depth: depth + 1) }
            return .object(o)
        }
    }

    func randomString(_ rng: inout SplitMix64) -> String {
        let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "€",
                                      "\u{FFFF}", "😀", "\u{10FFFF}", "\u{2028}"]
        var s = String.UnicodeScalarView()
        for _ in 0..<Int(rng.next() % 8) { s.append(pool[Int(rng.next() % UInt64(pool.count))]) }
        return String(s)
    }
}

final class JSONValueTests: XCTestCase {
    func testWholeNumberNeverTraps() {
        let range = 0...16384
        for n in [1e308, -1e308, 1e19, -1e19, 9e15, 9.223372036854775807e18, -9.223372036854775808e18, .nan, .infinity,
                  -.infinity, 0.5, -1, 16385] {
            XCTAssertNil(JSONValue.number(n).wholeNumber(in: range), "\(n)")
        }
        XCTAssertEqual(JSONValue.number(16384).wholeNumber(in: range), 16384)
        XCTAssertEqual(JSONValue.number(0).wholeNumber(in: range), 0)
        XCTAssertEqual(JSONValue.number(-5).wholeNumber(in: Int.min...Int.max), -5)
        XCTAssertNil(JSONValue.number(9.3e18).wholeNumber(in: Int.min...Int.max))
        XCTAssertEqual(JSONValue.number(-9.223372036854775808e18).wholeNumber(in: Int.min...Int.max), Int.min)
        XCTAssertNil(JSONValue.string("3").wholeNumber(in: range))
        XCTAssertEqual(JSONValue.number(2.5).finiteNumber(in: 0...8), 2.5)
        XCTAssertNil(JSONValue.number(.nan).finiteNumber(in: -.infinity ... .infinity))
    }

    func testAccessors() throws {
        let v = try JSONValue(parsing: #"{"a":[1,"x",true,null,{}]}"#)
        XCTAssertEqual(v["a"]?[0]?.number, 1)
        XCTAssertEqual(v["a"]?[1]?.string, "x")
        XCTAssertEqual(v["a"]?[2]?.bool, true)
        XCTAssertEqual(v["a"]?[3]?.isNull, true)
        XCTAssertEqual(v["a"]?[4]?.object, [:])
        XCTAssertEqual(v["a"]?.array?.count, 5)
        XCTAssertNil(v["a"]?[5])
        XCTAssertNil(v["b"])
        XCTAssertEqual(v["a"]?.typeName, "array")
    }
}

