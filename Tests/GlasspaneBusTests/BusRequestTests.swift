// Request/response: typed replies, resumption within the frame, timeouts, errors, unknown reply ids.
import Foundation
@testable import GlasspaneBus
import GlasspaneCore
import XCTest

@MainActor
final class BusRequestTests: XCTestCase {
    func testAwaitedReplyResumesWithinTheSameFrame() async throws {
        let f = BusFixture()
        var result: Sum?
        var resumedInFrame: Int?
        f.beginFrame() // frame 1, input phase: an overlay handler starts a task that asks the engine
        // Task.immediate runs the task's start now, so the request is posted in the input phase.
        let task = Task.immediate { @MainActor in
            let sum = try await f.overlay.request(AddRequest(a: 20, b: 22), to: .engine)
            result = sum
            resumedInFrame = f.bus.frameIndex
        }
        XCTAssertEqual(f.bus.queuedCount(for: .engine), 1, "the request is posted during the input phase")
        XCTAssertNil(result)
        f.bus.phase = .busToEngine
        f.bus.deliver(to: .engine)
        XCTAssertNil(result, "the reply is not delivered before the overlay phase")
        f.bus.phase = .busToOverlay
        f.bus.deliver(to: .overlay)
        XCTAssertFalse(f.bus.isSettled, "resumed, not yet run")
        await f.bus.settle() // the host's settle after phase 5
        XCTAssertTrue(f.bus.isSettled)
        XCTAssertEqual(result, Sum(value: 42))
        XCTAssertEqual(resumedInFrame, 1)
        XCTAssertEqual(f.overlay.pendingRequestCount, 0)
        try await task.value
    }

    func testCompletionRequestNeedsNoTaskAndCompletesInTheOverlayPhase() async {
        let f = BusFixture()
        var phases: [FramePhase?] = []
        var values: [Int] = []
        f.beginFrame()
        f.overlay.request(AddRequest(a: 1, b: 2), to: .engine) { result in
            phases.append(f.bus.phase)
            if case .success(let sum) = result { values.append(sum.value) }
        }
        await f.deliverFrame()
        XCTAssertEqual(values, [3])
        XCTAssertEqual(phases, [.busToOverlay])
    }

    func testConcurrentRequestsGetTheirOwnReplies() async throws {
        let f = BusFixture()
        var sums: [Int: Int] = [:]
        f.beginFrame()
        for i in 0..<10 {
            f.overlay.request(AddRequest(a: i, b: 100), to: .engine) { sums[i] = try? $0.get().value }
        }
        await f.deliverFrame()
        XCTAssertEqual(sums, Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, $0 + 100) }))
    }

    func testTimeoutInFrames() async {
        let f = BusFixture()
        var outcome: Result<Sum, BusError>?
        f.beginFrame() // frame 1
        f.overlay.request(Silence(), to: .hud, timeout: .frames(2)) { outcome = $0 }
        await f.deliverFrame()
        f.beginFrame() // frame 2
        await f.deliverFrame()
        XCTAssertNil(outcome, "still within its two frames")
        f.beginFrame() // frame 3
        await f.deliverFrame()
        guard case .failure(let error) = outcome else { return XCTFail("expected a timeout, got \(String(describing: outcome))") }
        XCTAssertEqual(error.code, .timeout)
        XCTAssertEqual(error.type, "silence")
        XCTAssertEqual(f.overlay.pendingRequestCount, 0)
    }

    func testTimeoutInSecondsUsesTheBusClock() async {
        let f = BusFixture()
        var thrown: BusError?
        f.beginFrame()
        let task = Task.immediate { @MainActor in
            do { _ = try await f.overlay.request(Silence(), to: .hud, timeout: .seconds(0.5)) } catch { thrown = error as? BusError }
        }
        for _ in 0..<100 { await f.deliverFrame() } // time stands still: no timeout however many frames
        XCTAssertNil(thrown)
        f.clock.advance(by: 500_000_000)
        await f.deliverFrame()
        await task.value
        XCTAssertEqual(thrown?.code, .timeout)
    }

    func testALateReplyAfterTimeoutIsDropped() async {
        let f = BusFixture()
        let hud = f.bus.attach(.hud)
        var outcomes: [Result<Sum, BusError>] = []
        var heldContext: MessageContext?
        hud.on(Silence.self) { _, context in heldContext = context }
        f.beginFrame()
        f.overlay.request(Silence(), to: .hud, timeout: .frames(0)) { outcomes.append($0) }
        f.bus.deliver(to: .hud)
        f.bus.deliver(to: .overlay)
        XCTAssertEqual(outcomes.count, 1)
        // The HUD answers late, with the id of the request that already timed out.
        f.bus.postRaw(#"{"type":"sum","data":{"value":1},"replyTo":\#(heldContext!.id!)}"#, from: .hud, to: .overlay)
        f.bus.deliver(to: .overlay)
        XCTAssertEqual(outcomes.count, 1, "completion runs exactly once")
        XCTAssertEqual(f.bus.statistics.droppedReplies, 1)
        var hudErrors: [BusError] = []
        hud.onError = { error, _ in hudErrors.append(error) }
        f.bus.deliver(to: .hud)
        XCTAssertEqual(hudErrors.map(\.code), [.unexpectedReply], "the late replier is told its reply answered nothing")
        XCTAssertEqual(hudErrors.first?.field, "replyTo")
    }

    func testReplyToAnUnknownIdIsAnsweredWithUnexpectedReply() async {
        let f = BusFixture()
        f.bus.postRaw(#"{"type":"sum","data":{"value":5},"replyTo":99999}"#, from: .engine, to: .overlay)
        await f.deliverFrame()
        XCTAssertEqual(f.bus.statistics.droppedReplies, 1)
        XCTAssertEqual(f.errors, [], "the receiver is not bothered")
        f.bus.deliver(to: .engine)
        XCTAssertEqual(f.engineErrors.map(\.code), [.unexpectedReply])
        XCTAssertEqual(f.engineErrors.first?.type, "sum")
        XCTAssertTrue(f.engineErrors.first?.message.contains("replyTo 99999") == true, f.engineErrors.first?.message ?? "")
    }

    func testAReplyFromAnEndpointThatWasNotAskedCompletesNothing() async {
        let f = BusFixture()
        let hud = f.bus.attach(.hud)
        var hudErrors: [BusError] = []
        hud.onError = { error, _ in hudErrors.append(error) }
        var heldContext: MessageContext?
        hud.on(Silence.self) { _, context in heldContext = context }
        var outcomes: [Result<Sum, BusError>] = []
        f.beginFrame()
        f.overlay.request(Silence(), to: .hud, timeout: .frames(5)) { outcomes.append($0) }
        f.bus.deliver(to: .hud)
        let requestID = heldContext!.id!
        // The engine, never asked, answers the HUD's request: the request stays pending.
        f.bus.postRaw(#"{"type":"sum","data":{"value":666},"replyTo":\#(requestID)}"#, from: .engine, to: .overlay)
        f.bus.deliver(to: .overlay)
        XCTAssertEqual(outcomes.count, 0, "a forged reply completes nothing")
        XCTAssertEqual(f.overlay.pendingRequestCount, 1)
        f.bus.deliver(to: .engine)
        XCTAssertEqual(f.engineErrors.map(\.code), [.unexpectedReply])
        XCTAssertTrue(f.engineErrors.first?.message.contains("sent to another endpoint") == true, f.engineErrors.first?.message ?? "")
        // The endpoint asked still answers, and its value is the one that arrives.
        f.bus.postRaw(#"{"type":"sum","data":{"value":7},"replyTo":\#(requestID)}"#, from: .hud, to: .overlay)
        f.bus.deliver(to: .overlay)
        XCTAssertEqual(outcomes.count, 1)
        XCTAssertEqual(try? outcomes.first?.get(), Sum(value: 7))
        XCTAssertEqual(hudErrors, [])
    }

    func testRequestForAnUnknownTypeThrowsUnknownType() async {
        let f = BusFixture()
        var thrown: BusError?
        let task = Task.immediate { @MainActor in
            do { _ = try await f.overlay.request(Silence(), to: .engine) } catch { thrown = error as? BusError }
        }
        await f.deliverFrame()
        await task.value
        XCTAssertEqual(thrown?.code, .unknownType)
        XCTAssertEqual(thrown?.type, "silence")
    }

    func testAMessageWithoutReplyToIsNotTakenForTheReply() async {
        let f = BusFixture()
        f.overlay.on(Note.self) { _, _ in }
        var outcome: Result<Sum, BusError>?
        let hud = f.bus.attach(.hud)
        hud.on(Silence.self) { _, context in
            hud.post(Note(text: "not a sum", count: 0), to: context.from)
        }
        f.overlay.request(Silence(), to: .hud) { outcome = $0 }
        f.bus.deliver(to: .hud)
        f.bus.deliver(to: .overlay)
        XCTAssertNil(outcome, "a note without replyTo is not the reply")
        XCTAssertEqual(f.overlay.pendingRequestCount, 1)
    }

    func testReplyThatDoesNotDecodeFailsWithInvalidPayload() async {
        let f = BusFixture()
        let hud = f.bus.attach(.hud)
        hud.on(Silence.self) { _, context in
            f.bus.postRaw(#"{"type":"sum","data":{"value":"many"},"replyTo":\#(context.id!)}"#, from: .hud, to: context.from)
        }
        var outcome: Result<Sum, BusError>?
        f.overlay.request(Silence(), to: .hud) { outcome = $0 }
        f.bus.deliver(to: .hud)
        f.bus.deliver(to: .overlay)
        guard case .failure(let error) = outcome else { return XCTFail("expected a failure") }
        XCTAssertEqual(error.code, .invalidPayload)
        XCTAssertEqual(error.field, "data.value")
    }

    func testReplyOfTheWrongTypeFailsWithUnexpectedReply() async {
        let f = BusFixture()
        let hud = f.bus.attach(.hud)
        hud.on(Silence.self) { _, context in
            f.bus.postRaw(#"{"type":"note","data":{"text":"x","count":1},"replyTo":\#(context.id!)}"#, from: .hud, to: context.from)
        }
        var outcome: Result<Sum, BusError>?
        f.overlay.request(Silence(), to: .hud) { outcome = $0 }
        f.bus.deliver(to: .hud)
        f.bus.deliver(to: .overlay)
        guard case .failure(let error) = outcome else { return XCTFail("expected a failure") }
        XCTAssertEqual(error.code, .unexpectedReply)
    }
}
