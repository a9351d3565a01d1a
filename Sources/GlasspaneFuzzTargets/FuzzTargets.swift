// Entry points for coverage-guided fuzzing (Fuzz/, `make fuzz`) and for the test that replays the corpus
// (Tests/GlasspaneFuzzTargetsTests). Each takes arbitrary bytes and must never crash, hang or trap: a broken
// invariant stops the process with `preconditionFailure`, which libFuzzer reports as a crash with its input.
import GlasspaneBus
import GlasspaneCore
import GlasspaneDraw
import GlasspaneScripts
import Logging

// MARK: - Bus

/// Feeds bytes to the bus as a raw envelope from the overlay to an engine-like endpoint that handles a small
/// catalog (a note, a validated level, a validated color, a request), and checks: the strict parser and the writer
/// agree (parse, write, parse gives the same value and the same bytes); every log line is strict JSON; a message
/// either reaches its handler or comes back as one error, never both.
@MainActor
public func fuzzBusEnvelope(_ bytes: [UInt8]) {
    let limits = MessageBus.Configuration().jsonLimits
    if let value = try? JSONParser(limits: limits).parse(bytes: bytes) {
        checkRoundTrip(value)
    }
    BusHarness.shared.run(bytes)
}

/// One bus reused for every input (creating its coders per input would dominate the run), with counters reset
/// per input. Nothing stays queued between inputs: every run delivers until both mailboxes are empty.
@MainActor
final class BusHarness {
    static let shared = BusHarness()

    let bus: MessageBus
    let log = LineCollector()
    var handled = 0
    var errorsBack = 0

    init() {
        bus = MessageBus(configuration: .init(maxMessageBytes: 16 * 1024, defaultTimeout: .frames(2)),
                         clock: ManualClock(), logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))
        bus.logSink = log
        let engine = bus.attach(.engine)
        let overlay = bus.attach(.overlay)
        engine.on(FuzzNote.self) { [unowned self] _, _ in handled += 1 }
        engine.on(FuzzLevel.self) { [unowned self] _, _ in handled += 1 }
        engine.on(FuzzColor.self) { [unowned self] _, _ in handled += 1 }
        engine.on(FuzzCodedNote.self) { [unowned self] note, _ in
            handled += 1
            // What the codec read, it writes back as JSON that reads back to the same value.
            guard let value = try? JSONParser().parse(bytes: note.payloadBytes),
                  let again = try? FuzzCodedNote(payload: PayloadReader(value)), again == note else {
                preconditionFailure("a coded note did not read back as itself: \(note)")
            }
        }
        engine.onRequest(FuzzAdd.self) { [unowned self] request, _ in
            handled += 1
            return FuzzSum(value: request.a &+ request.b)
        }
        engine.onError = { _, _ in }
        overlay.onError = { [unowned self] _, _ in errorsBack += 1 }
    }

    func run(_ bytes: [UInt8]) {
        handled = 0
        errorsBack = 0
        log.lines.removeAll(keepingCapacity: true)
        bus.postRaw(String(decoding: bytes, as: UTF8.self), from: .overlay, to: .engine)
        for _ in 0..<3 {
            bus.frameIndex += 1
            bus.deliver(to: .engine)
            bus.deliver(to: .overlay)
        }
        guard bus.queuedCount(for: .engine) == 0, bus.queuedCount(for: .overlay) == 0 else {
            preconditionFailure("messages left queued after three frames")
        }
        guard handled + errorsBack <= 1 else {
            preconditionFailure("one raw message was both handled and rejected (\(handled) handled, \(errorsBack) errors)")
        }
        let strict = JSONParser(limits: JSONLimits(maxBytes: 1 << 22, maxStringBytes: 1 << 22, maxValues: 1 << 22))
        for line in log.lines {
            do { _ = try strict.parse(line) } catch {
                preconditionFailure("the bus wrote a log line that is not strict JSON (\(error)): \(line)")
            }
        }
    }
}

/// Keeps the bus's log lines of the current input.
@MainActor
final class LineCollector: BusLogSink {
    var lines: [String] = []
    func write(line: String) { lines.append(line) }
}

/// Parse, write, parse: the same value, and writing it again gives the same bytes.
func checkRoundTrip(_ value: JSONValue) {
    let text: [UInt8]
    do { text = try JSONWriter.bytes(value) } catch {
        preconditionFailure("a parsed value did not write: \(error)")
    }
    let back: JSONValue
    do { back = try JSONParser(limits: JSONLimits(maxBytes: Int.max, maxStringBytes: Int.max, maxValues: Int.max)).parse(bytes: text) } catch {
        preconditionFailure("the writer's output did not parse: \(error)")
    }
    guard back == value else { preconditionFailure("round trip changed the value") }
    guard (try? JSONWriter.bytes(back)) == text else { preconditionFailure("writing is not stable") }
}

// MARK: - Scripts

/// Feeds bytes to the script parser and checks what it accepts: every frame within the limit, the window
/// within its pixel limit, and the first frames play without trapping.
public func fuzzScriptParser(_ bytes: [UInt8]) {
    let limits = ScriptLimits()
    let script: Script
    do { script = try Script.parse(bytes: bytes, file: "fuzz.jsonl", limits: limits) } catch {
        guard !error.diagnostics.isEmpty else { preconditionFailure("a rejected script with no diagnostic") }
        guard error.diagnostics.count <= limits.maxReportedErrors + 1 else { preconditionFailure("more errors than the cap") }
        return
    }
    guard script.lastFrameIndex <= limits.maxFrameIndex,
          script.lines.allSatisfy({ $0.lastFrame <= limits.maxFrameIndex }) else {
        preconditionFailure("an accepted script reaches past the last frame allowed")
    }
    let metrics = script.header.metrics
    guard metrics.drawableSize.width <= 16_384, metrics.drawableSize.height <= 16_384 else {
        preconditionFailure("an accepted header has a window over the pixel limit")
    }
    try? script.validateIdentifiers(["picker", "picker.sv", "picker.hue", "picker.hex"])
    var player = ScriptPlayer(script: script)
    for _ in 0..<64 {
        guard let frame = try? player.nextFrame(), frame.index < script.frameCount else { break }
    }
}

// MARK: - Image header

/// Feeds bytes to the image header check (`ImageHeader.read`, what every PNG/JPEG passes before a decoder sees it)
/// and the size limits after it, and checks what it accepts: a PNG or JPEG signature, a size of at least 1 x 1 and
/// at most 65535 on a JPEG side, the file's end marker present; every refusal's message names the format; the limits
/// check names the limit passed and never overflows.
public func fuzzImageHeader(_ bytes: [UInt8]) {
    let header: ImageHeader
    do { header = try ImageHeader.read(bytes) } catch {
        let problem = ImageLoadError.badHeader(path: "fuzz", problem: error)
        guard !problem.message.isEmpty, !problem.identifier.isEmpty else { preconditionFailure("a refusal with no message") }
        return
    }
    guard header.size.width > 0, header.size.height > 0 else { preconditionFailure("an accepted header of \(header.size)") }
    switch header.format {
    case .png:
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 45 else { preconditionFailure("a PNG accepted without its signature and IEND") }
    case .jpeg:
        guard bytes.starts(with: [0xFF, 0xD8]), header.size.width <= 65535, header.size.height <= 65535 else {
            preconditionFailure("a JPEG accepted without its signature, or a side over 16 bits")
        }
        var end = bytes.count
        while end > 0 && bytes[end - 1] == 0 { end -= 1 }
        guard end >= 4, bytes[end - 2] == 0xFF, bytes[end - 1] == 0xD9 else { preconditionFailure("a JPEG accepted without EOI") }
    }
    guard (try? ImageHeader.read(bytes)) == header else { preconditionFailure("the header check is not deterministic") }
    do { try ImageLimits.standard.check(header, path: "fuzz") } catch {
        guard case .tooLarge = error, !error.message.isEmpty else { preconditionFailure("the limits refused with \(error)") }
        return
    }
    let limits = ImageLimits.standard
    guard header.size.width <= limits.maxWidth, header.size.height <= limits.maxHeight,
          header.size.width * header.size.height <= limits.maxPixels else { preconditionFailure("an image over the limits passed") }
}

// MARK: - The small catalog the bus target delivers to

struct FuzzNote: BusMessage {
    static let type = "note"
    var text: String
    var count: Int
}

struct FuzzLevel: BusMessage {
    static let type = "level"
    var value: Double
    func validate() throws(PayloadViolation) {
        guard value.isFinite, (0...1).contains(value) else { throw PayloadViolation(field: "data.value", reason: "is outside 0...1") }
    }
}

struct FuzzColor: BusMessage {
    static let type = "change-color"
    var color: [Double]
    func validate() throws(PayloadViolation) {
        guard color.count == 3 else { throw PayloadViolation(field: "data.color", reason: "must have 3 components") }
        for (i, c) in color.enumerated() where !(c.isFinite && (0...1).contains(c)) {
            throw PayloadViolation(field: "data.color[\(i)]", reason: "is outside 0...1")
        }
    }
}

struct FuzzAdd: BusRequest {
    typealias Reply = FuzzSum
    static let type = "add"
    var a: Int
    var b: Int
}

struct FuzzSum: BusMessage {
    static let type = "sum"
    var value: Int
}

/// A message with its own codec (`PayloadCodable`), so the fuzzer reaches `PayloadReader`'s accessors:
/// `{"text": String, "count": Int, "values": [Double]}` (`values` optional).
struct FuzzCodedNote: PayloadCodable, Equatable {
    static let type = "coded-note"
    var text: String
    var count: Int
    var values: [Double]
    init(payload: PayloadReader) throws(PayloadViolation) {
        let members = try payload.object()
        text = try members.member("text").string()
        count = try members.member("count").int()
        values = []
        if let reader = members.memberIfPresent("values") {
            var elements = try reader.array()
            while !elements.isAtEnd { values.append(try elements.nextNumber()) }
        }
    }
    func writePayload(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("count"); writer.int(count)
        writer.key("text"); writer.string(text)
        writer.key("values"); writer.beginArray(); for v in values { writer.payloadNumber(v) }; writer.endArray()
        writer.endObject()
    }
    /// NaN reads back as NaN: compared by bits.
    static func == (a: FuzzCodedNote, b: FuzzCodedNote) -> Bool {
        a.text == b.text && a.count == b.count && a.values.map(\.bitPattern) == b.values.map(\.bitPattern)
    }
}
