// An endpoint: one party on the bus with typed handlers, requests in flight and a ready flag.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlasspaneCore

/// What a handler knows about the message it handles.
public struct MessageContext: Hashable, Sendable {
    /// The message's wire type.
    public var type: String
    /// The sender.
    public var from: EndpointID
    /// The receiver (the endpoint whose handler runs).
    public var to: EndpointID
    /// The request id, when the sender expects a reply.
    public var id: Int?
    /// The frame in which the message is handled.
    public var frame: Int
    /// The phase in which the message is handled (nil outside the frame loop).
    public var phase: FramePhase?
}

/// One party on the bus. Register handlers with `on`/`onRequest`; post with `post`; ask with `request`.
@MainActor
public final class BusEndpoint {
    /// The endpoint's name.
    public let id: EndpointID
    /// The bus it is attached to.
    public unowned let bus: MessageBus
    /// True once the endpoint takes messages; until then its mailbox only fills.
    public private(set) var isReady: Bool
    /// Called for `error` messages that answer no pending request (errors about fire-and-forget posts).
    public var onError: ((BusError, MessageContext) -> Void)?
    /// When set, every message delivered here goes to this closure instead of handlers, pending requests and
    /// `onError` (its `replyTo` and `error` passed along): an endpoint that forwards traffic elsewhere, such as the
    /// inspector's `remote` (docs/inspector.md). Nothing is answered and no reply counts as dropped.
    public var onAnyMessage: ((MessageContext, _ replyTo: Int?, _ error: BusError?) -> Void)?

    /// Decodes, validates and runs a typed handler.
    private typealias Handler = (Envelope, MessageContext) -> Void
    /// Handlers by message type, in registration order. An endpoint has a handful (the demo's engine has 3), and
    /// comparing a short type name with each is cheaper than hashing it: hashing it for a dictionary was about
    /// 12 % of delivering a `change-color` (docs/messages.md, "When messages are delivered").
    private var handlers: [(type: String, handler: Handler)] = []

    /// Registers (or replaces) the handler of a type.
    private func setHandler(_ type: String, _ handler: @escaping Handler) {
        for i in handlers.indices where handlers[i].type == type {
            handlers[i].handler = handler
            return
        }
        handlers.append((type, handler))
    }

    /// The handler of a type, if one is registered.
    private func handler(for type: String) -> Handler? {
        for entry in handlers where entry.type == type { return entry.handler }
        return nil
    }

    /// A request waiting for its reply.
    private struct Pending {
        var type: String
        /// The endpoint asked: only its answer completes the request, so another endpoint cannot forge a reply.
        var target: EndpointID
        var deadlineFrame: Int?
        var deadlineTime: Nanoseconds?
        var complete: (Result<Envelope, BusError>) -> Void
    }
    private var pending: [Int: Pending] = [:]

    /// Guards against re-entrant delivery.
    var isDelivering = false

    /// The queue the bus fills for this endpoint.
    let mailbox: Mailbox

    init(id: EndpointID, bus: MessageBus, ready: Bool, mailbox: Mailbox) {
        self.id = id; self.bus = bus; self.isReady = ready; self.mailbox = mailbox
    }

    /// Requests still waiting for a reply (tests check that none leaks).
    var pendingRequestCount: Int { pending.count }

    // MARK: - Handlers

    /// Handles messages of type `M`: payloads that do not decode or validate never reach `handler`; the sender
    /// gets an `invalid-payload` error instead. A `BusError` thrown by the handler goes back to the sender as is,
    /// any other error as `handler-failed`.
    public func on<M: BusMessage>(_ type: M.Type, _ handler: @escaping (M, MessageContext) throws -> Void) {
        let codec = M.payloadCodec
        // unowned(unsafe): the closure lives in `handlers`, so only this endpoint can call it, while it exists.
        setHandler(M.type) { [unowned(unsafe) self] envelope, context in
            let message: M
            do throws(BusError) { message = try self.bus.decode(envelope, as: M.self, codec: codec, reportsMissingData: true) } catch {
                self.replyError(error, context)
                return
            }
            do { try handler(message, context) } catch {
                self.replyError(Self.handlerError(error, type: M.type), context)
            }
        }
    }

    /// Answers requests of type `R`: the returned value is posted back to the sender with `replyTo` set.
    public func onRequest<R: BusRequest>(_ type: R.Type, _ handler: @escaping (R, MessageContext) throws -> R.Reply) {
        registerRequest(R.self, handler) { bus, reply, from, to, replyTo in bus.post(reply, from: from, to: to, replyTo: replyTo) }
    }

    /// Answers requests of type `R` whose reply codes itself: the reply is queued as the value with no runtime
    /// conformance check (the overload the compiler picks when it knows the reply type).
    public func onRequest<R: BusRequest>(_ type: R.Type, _ handler: @escaping (R, MessageContext) throws -> R.Reply)
    where R.Reply: PayloadCodable {
        registerRequest(R.self, handler) { bus, reply, from, to, replyTo in bus.post(reply, from: from, to: to, replyTo: replyTo) }
    }

    private func registerRequest<R: BusRequest>(
        _ type: R.Type, _ handler: @escaping (R, MessageContext) throws -> R.Reply,
        postReply: @escaping @MainActor (MessageBus, R.Reply, EndpointID, EndpointID, Int?) -> Void
    ) {
        let codec = R.payloadCodec
        setHandler(R.type) { [unowned(unsafe) self] envelope, context in
            let request: R
            do throws(BusError) { request = try self.bus.decode(envelope, as: R.self, codec: codec, reportsMissingData: true) } catch {
                self.replyError(error, context)
                return
            }
            do {
                let reply = try handler(request, context)
                postReply(self.bus, reply, self.id, context.from, context.id)
            } catch {
                self.replyError(Self.handlerError(error, type: R.type), context)
            }
        }
    }

    // MARK: - Sending

    /// Posts a message that needs no answer. Problems come back later as `error` messages (see `onError`).
    public func post<M: BusMessage>(_ message: M, to target: EndpointID) {
        bus.post(message, from: id, to: target)
    }

    /// Posts a message that codes itself (queued as the value, no runtime conformance check).
    public func post<M: PayloadCodable>(_ message: M, to target: EndpointID) {
        bus.post(message, from: id, to: target)
    }

    /// Posts a message to every other attached endpoint (and to nobody else).
    public func broadcast<M: BusMessage>(_ message: M) {
        for target in bus.attachedIDs where target != id { bus.post(message, from: id, to: target) }
    }

    /// Sends a request and calls `completion` exactly once, during this endpoint's delivery: with the reply,
    /// with the receiver's error, or with `timeout`. The request is posted before this returns.
    public func request<R: BusRequest>(_ request: R, to target: EndpointID, timeout: RequestTimeout? = nil,
                                       completion: @escaping (Result<R.Reply, BusError>) -> Void) {
        let requestID = bus.makeID()
        // From the witness table: no run-time conformance check per request (docs/messages.md).
        let replyCodec = R.Reply.payloadCodec
        var deadlineFrame: Int?, deadlineTime: Nanoseconds?
        switch timeout ?? bus.configuration.defaultTimeout {
        case .frames(let n): deadlineFrame = bus.frameIndex + max(0, n)
        case .seconds(let s): deadlineTime = bus.clock.now() + Nanoseconds(s * 1e9)
        case .never: break
        }
        pending[requestID] = Pending(
            type: R.type, target: target, deadlineFrame: deadlineFrame, deadlineTime: deadlineTime,
            complete: { [unowned self] result in
                completion(result.flatMap { self.decodeReply($0, as: R.Reply.self, codec: replyCodec, requestType: R.type) })
            })
        bus.post(request, from: id, to: target, id: requestID)
    }

    /// Sends a request and returns its reply. The awaiting task is resumed when this endpoint's mailbox is delivered
    /// (the overlay's: phase 5); the host's `await bus.settle()` right after runs it within the frame. Called from a
    /// task started in the input phase, start that task with `Task.immediate` so the request is posted at once.
    /// Throws `BusError` (`timeout`, `invalid-payload`, `unknown-type`, ...).
    public func request<R: BusRequest>(_ request: R, to target: EndpointID,
                                       timeout: RequestTimeout? = nil) async throws(BusError) -> R.Reply {
        let bus = self.bus
        let result: Result<R.Reply, BusError> = await withCheckedContinuation { continuation in
            self.request(request, to: target, timeout: timeout) { result in
                bus.resumedTasksNotYetRun += 1
                continuation.resume(returning: result)
            }
        }
        // Running again: `settle()` can stop waiting for this task once it reaches its next suspension.
        bus.resumedTasksNotYetRun -= 1
        return try result.get()
    }

    /// Marks the endpoint ready and posts `ready` to every other attached endpoint. Idempotent.
    public func announceReady() {
        guard !isReady else { return }
        isReady = true
        broadcast(Ready(endpoint: id.name))
    }

    // MARK: - Delivery (called by the bus)

    func handle(_ envelope: Envelope) {
        let context = MessageContext(type: envelope.type, from: envelope.from, to: id, id: envelope.id,
                                     frame: bus.frameIndex, phase: bus.phase)
        if let onAnyMessage {
            onAnyMessage(context, envelope.replyTo, envelope.error)
            return
        }
        if let replyTo = envelope.replyTo, pending[replyTo]?.target == envelope.from,
           let request = pending.removeValue(forKey: replyTo) {
            if envelope.type == "error" {
                request.complete(.failure(envelope.error ?? BusError(code: .handlerFailed, message: "\(request.type): error without details", type: request.type)))
            } else {
                request.complete(.success(envelope))
            }
            return
        }
        if envelope.type == "error" {
            let error = envelope.error ?? BusError(code: .handlerFailed, message: "error without details")
            if let onError { onError(error, context) } else {
                bus.warn("bus: \(id) got \(error.code.rawValue) from \(envelope.from): \(error.message)")
            }
            return
        }
        if envelope.replyTo != nil {
            bus.refuseReply(envelope, forged: pending[envelope.replyTo!] != nil)
            return
        }
        guard let handler = handler(for: envelope.type) else {
            // `ready` is a broadcast: endpoints that do not care about it simply ignore it.
            if envelope.type == Ready.type { return }
            replyError(BusError(code: .unknownType, message: "\(envelope.type): no handler for this type at \(id)",
                                type: envelope.type, field: "type"), context)
            return
        }
        handler(envelope, context)
    }

    /// Fails requests whose deadline passed.
    func expireRequests() {
        guard !pending.isEmpty else { return }
        let frame = bus.frameIndex
        var now: Nanoseconds?
        var expired: [Int] = []
        for (requestID, request) in pending {
            if let f = request.deadlineFrame, frame >= f { expired.append(requestID); continue }
            if let t = request.deadlineTime {
                let current = now ?? bus.clock.now()
                now = current
                if current >= t { expired.append(requestID) }
            }
        }
        for requestID in expired.sorted() {
            guard let request = pending.removeValue(forKey: requestID) else { continue }
            request.complete(.failure(BusError(code: .timeout, message: "\(request.type): no reply to request \(requestID) in time",
                                               type: request.type)))
        }
    }

    // MARK: - Helpers

    private func decodeReply<Reply: BusMessage>(_ envelope: Envelope, as: Reply.Type, codec: (any PayloadCodable.Type)?,
                                                requestType: String) -> Result<Reply, BusError> {
        guard envelope.type == Reply.type else {
            return .failure(BusError(code: .unexpectedReply,
                                     message: "\(requestType): expected a \(Reply.type) reply, got \(envelope.type)",
                                     type: envelope.type, field: "type"))
        }
        return Result { () throws(BusError) in try bus.decode(envelope, as: Reply.self, codec: codec, reportsMissingData: false) }
    }

    /// Sends an error back to the sender of the message being handled (answering its id, if it had one).
    private func replyError(_ error: BusError, _ context: MessageContext) {
        bus.sendError(error, to: context.from, from: id, replyTo: context.id)
    }

    private static func handlerError(_ error: any Error, type: String) -> BusError {
        if let busError = error as? BusError { return busError }
        return BusError(code: .handlerFailed, message: "\(type): handler failed: \(error)", type: type)
    }
}
