// The inspector's side of the frame loop (main actor). It records what the frame did into the hub's bounded
// buffers and posts what clients sent, in the next frame's `frameWillStart`. It never waits for the server: every
// hand-over is a short lock around an append.
import Foundation
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay

/// The endpoint remote posts come from (`--bus-log` shows it as their origin).
public let remoteEndpoint = EndpointID("remote")

/// Publishes each frame's view tree, routing decisions, bus traffic, phase times and (at a bounded rate) the
/// frame image to the hub; posts the clients' envelopes to the bus as `remote`.
@MainActor
public final class InspectorObserver: FrameObserver {
    /// The shared buffers.
    public let hub: InspectorHub
    private let stage: OverlayStage
    private let bus: MessageBus
    private let remote: BusEndpoint
    private let captureFrame: @MainActor () -> InspectorImage?
    private let encodePNG: @Sendable (InspectorImage) -> [UInt8]?
    private let clock: @MainActor () -> UInt64
    private var frame = 0
    private var routeCount = 0
    private var lastTreeGeneration: UInt64?
    private var lastTreeSize: Size?
    private var lastTreeTime: UInt64 = 0
    /// Errors raised while one post is being checked go to that post's client.
    private var posting: InboxPost?
    /// Every post is sent with a bus `id` of the inspector's own, so the errors and replies that come back later
    /// (`replyTo`) find their one post: the client, its `ref`, and the `id` it sent, if any.
    /// Only the numbers are kept, never the post's text: 4,096 posts of 64 KiB would be 256 MiB.
    private var postsByID: [Int: TrackedPost] = [:]
    /// The ids in `postsByID`, oldest first, so the oldest go when `maxTrackedPosts` is reached.
    private var trackedIDs: [Int] = []
    private var trackedStart = 0
    private var nextPostID = 1
    /// Posts whose answers are still routed; older ones' late replies are dropped (a request times out long before).
    static let maxTrackedPosts = 4_096

    /// Attaches to a stage and a bus: taps the bus log (keeping any `--bus-log` sink), chains the routing trace,
    /// attaches the `remote` endpoint. `captureFrame` reads the frame about to be presented; `encodePNG` runs off
    /// the main actor.
    public init(hub: InspectorHub, stage: OverlayStage, bus: MessageBus,
                captureFrame: @escaping @MainActor () -> InspectorImage?,
                encodePNG: @escaping @Sendable (InspectorImage) -> [UInt8]?,
                clock: @escaping @MainActor () -> UInt64 = { UInt64(DispatchTime.now().uptimeNanoseconds) }) {
        self.hub = hub; self.stage = stage; self.bus = bus
        self.captureFrame = captureFrame; self.encodePNG = encodePNG; self.clock = clock
        remote = bus.endpoint(remoteEndpoint) ?? bus.attach(remoteEndpoint)
        bus.logSink = InspectorBusTap(hub: hub, forwardingTo: bus.logSink)
        let previousTrace = stage.trace
        stage.trace = { [weak self] line in
            previousTrace?(line)
            self?.recordDecision()
        }
        remote.onAnyMessage = { [weak self] context, replyTo, error in
            self?.answer(context, replyTo: replyTo, error: error)
        }
    }

    // MARK: - Frame callbacks

    /// Delivers what came back to `remote` since the last frame, then posts the inbox, oldest first.
    public func frameWillStart(_ loop: FrameLoop, index: Int) {
        frame = index
        bus.deliver(to: remoteEndpoint)
        for post in hub.drainInbox() {
            let target = EndpointID(post.target)
            let own = withOwnID(post)
            // After the checks the bus makes first (a string type, a valid id), as the bus orders its errors.
            if own != nil, post.type != nil, let replyTo = post.envelope?["replyTo"]?.wholeNumber(in: 0...RawID.max) {
                refuseReply(post, replyTo: replyTo, frame: index)
                continue
            }
            posting = post
            if let (envelope, id, clientID) = own {
                // Parsed once, on the server's thread; checked here as a script line is (MessageBus.post(envelope:)).
                bus.post(envelope: envelope, from: remoteEndpoint, to: target)
                track(post, id: id, clientID: clientID)
            } else {
                // Text that did not parse, or an `id` the bus refuses: the bus's own error, as for any raw text.
                bus.postRaw(post.text, from: remoteEndpoint, to: target)
            }
            // Anything wrong with the envelope is in `remote`'s mailbox now: deliver it to this post's client.
            bus.deliver(to: remoteEndpoint)
            if let p = posting {
                hub.send("{\"kind\":\"posted\"" + refMember(p) + ",\"frame\":\(index),\"to\":\(JSONText.quoted(p.target))}", to: p.client)
            }
            posting = nil
        }
    }

    /// Captures the frame image when a client is connected and the image interval has passed.
    public func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool) {
        guard hub.shouldCaptureImage(now: clock()) else { return }
        guard let image = captureFrame() else { hub.finishImage(png: nil, frame: index); return }
        let hub = self.hub, encode = encodePNG
        Task.detached(priority: .utility) { hub.finishImage(png: encode(image), frame: index) }
    }

    /// Records the frame's times; refreshes the view tree when the overlay changed (at most `treesPerSecond`).
    public func frameDidEnd(_ loop: FrameLoop, report: FrameReport) {
        var text = "[\(report.frameIndex),\(report.frameTime),\(report.simulationSteps),\(report.eventCount)"
        for t in report.phaseTimes { text += ",\(t)" }
        text += "]"
        hub.record(frame: text, index: report.frameIndex)
        // Errors that handlers raised during this frame's deliveries (no `replyTo`) go out now.
        bus.deliver(to: remoteEndpoint)

        let overlay = stage.overlay
        let generation = stage.generation
        if generation != lastTreeGeneration || overlay.windowSize != lastTreeSize {
            let now = clock()
            if lastTreeGeneration == nil || Double(now &- lastTreeTime) >= 1e9 / hub.limits.treesPerSecond {
                lastTreeGeneration = generation
                lastTreeSize = overlay.windowSize
                lastTreeTime = now
                hub.publish(tree: Self.treeJSON(overlay, frame: report.frameIndex, metrics: loop.platform.metrics))
            }
        }
    }

    // MARK: - Routing

    private func recordDecision() {
        guard let decision = stage.lastDecision else { return }
        routeCount += 1
        var text = "{\"seq\":\(routeCount),\"frame\":\(frame),\"event\":\(JSONText.quoted(decision.event.kindName))"
        text += ",\"line\":\(JSONText.quoted(decision.traceLine))"
        switch decision.target {
        case .engine: text += ",\"target\":\"engine\""
        case let .overlay(layer, view):
            text += ",\"target\":\"overlay\",\"layer\":\(JSONText.quoted(layer.name)),\"view\":\(JSONText.quoted(view.identifier))"
        }
        text += ",\"reason\":\(JSONText.quoted(decision.reason.description))"
        if let point = Self.location(of: decision.event) {
            text += ",\"point\":[\(point.x),\(point.y)]"
            text += ",\"path\":" + hitTestPath(at: point, decision: decision)
        }
        text += "}"
        hub.record(route: text)
    }

    /// The hit test as the router ran it: each layer front to back with what it did, and for the claiming layer
    /// the chain of views from its root to the hit view. A captured pointer names its target instead.
    private func hitTestPath(at point: Point, decision: RoutingDecision) -> String {
        var steps: [String] = []
        if case .captured = decision.reason, let view = decision.target.view {
            steps.append("{\"layer\":\(JSONText.quoted(decision.target.layer?.name ?? "")),\"result\":\"captured\",\"views\":" + Self.chain(view) + "}")
            return "[" + steps.joined(separator: ",") + "]"
        }
        var passes: [LayerPass] = []
        let hit = stage.overlay.router.hitTest(at: point, passes: &passes)
        for pass in passes {
            steps.append("{\"layer\":\(JSONText.quoted(pass.layerName)),\"result\":\(JSONText.quoted(pass.description))}")
        }
        if let hit, !hit.isOutsideModal {
            steps.append("{\"layer\":\(JSONText.quoted(hit.layer.name)),\"result\":\"hit\",\"views\":" + Self.chain(hit.view) + "}")
        } else {
            steps.append("{\"layer\":\"engine\",\"result\":\"no layer claimed: the engine gets it\"}")
        }
        return "[" + steps.joined(separator: ",") + "]"
    }

    /// Identifiers from the layer root down to `view`.
    private static func chain(_ view: View) -> String {
        var names: [String] = []
        var v: View? = view
        while let current = v { names.append(current.identifier.isEmpty ? "(unnamed)" : current.identifier); v = current.superview }
        return "[" + names.reversed().map(JSONText.quoted).joined(separator: ",") + "]"
    }

    private static func location(of event: InputEvent) -> Point? {
        switch event {
        case .pointerDown(let p), .pointerMove(let p), .pointerUp(let p), .pointerCancel(let p): p.location
        case .wheel(let location, _, _): location
        default: nil
        }
    }

    // MARK: - Answers to remote posts

    private func refMember(_ post: InboxPost) -> String { post.ref.map { ",\"ref\":\($0)" } ?? "" }

    /// Nothing ever sends `remote` a request, so a remote post with a well-formed `replyTo` answers nothing: the
    /// bus would drop it with only a log line (docs/messages.md), or complete another endpoint's pending request
    /// with it. It gets the bus's `unexpected-reply` instead and is not posted.
    private func refuseReply(_ post: InboxPost, replyTo: Int, frame: Int) {
        let type = post.type ?? ""
        let message = "\(type): replyTo \(replyTo) answers no request: remote clients are never asked anything"
        hub.send("{\"kind\":\"bus-error\"" + refMember(post) + ",\"frame\":\(frame),\"from\":\"inspector\",\"type\":\"error\""
                 + ",\"error\":{\"code\":\"unexpected-reply\",\"message\":\(JSONText.quoted(message)),\"type\":\(JSONText.quoted(type)),\"field\":\"replyTo\"}}",
                 to: post.client)
    }

    /// The parsed envelope with the inspector's id in place of the client's; nil when it did not parse or its
    /// `id` is one the bus refuses (then the bus checks the text and names the member).
    private func withOwnID(_ post: InboxPost) -> (JSONValue, Int, Int?)? {
        guard case .object(var members)? = post.envelope else { return nil }
        var clientID: Int?
        switch members["id"] {
        case nil, .null?: break
        case let value?:
            guard let id = value.wholeNumber(in: 0...RawID.max) else { return nil }
            clientID = id
        }
        let id = nextPostID
        nextPostID = nextPostID >= RawID.max ? 1 : nextPostID + 1
        members["id"] = .number(Double(id))
        return (.object(members), id, clientID)
    }

    private func track(_ post: InboxPost, id: Int, clientID: Int?) {
        postsByID[id] = TrackedPost(client: post.client, ref: post.ref, clientID: clientID)
        trackedIDs.append(id)
        if trackedIDs.count - trackedStart > Self.maxTrackedPosts {
            postsByID.removeValue(forKey: trackedIDs[trackedStart])
            trackedStart += 1
            if trackedStart > Self.maxTrackedPosts { trackedIDs.removeFirst(trackedStart); trackedStart = 0 }
        }
    }

    /// A message delivered to `remote`: an error about a post, or a reply to a request a client made.
    private func answer(_ context: MessageContext, replyTo: Int?, error: BusError?) {
        // Exactly one post: the one being checked, or the one whose id the answer names. Anything else (an
        // answer to an id no longer tracked) has no client to go to.
        let p: TrackedPost
        if let current = posting {
            p = TrackedPost(client: current.client, ref: current.ref, clientID: nil)
            if error != nil { posting = nil }
        } else if let replyTo, let tracked = postsByID[replyTo] {
            p = tracked
        } else {
            return
        }
        let clientID = p.clientID
        do {
            var text = "{\"kind\":\(error != nil ? "\"bus-error\"" : "\"reply\"")" + (p.ref.map { ",\"ref\":\($0)" } ?? "") + ",\"frame\":\(context.frame)"
            text += ",\"from\":\(JSONText.quoted(context.from.name)),\"type\":\(JSONText.quoted(context.type))"
            if let clientID { text += ",\"replyTo\":\(clientID)" }
            if let error {
                text += ",\"error\":{\"code\":\(JSONText.quoted(error.code.rawValue)),\"message\":\(JSONText.quoted(error.message))"
                if let t = error.type { text += ",\"type\":\(JSONText.quoted(t))" }
                if let f = error.field { text += ",\"field\":\(JSONText.quoted(f))" }
                text += "}"
            }
            hub.send(text + "}", to: p.client)
        }
    }

    // MARK: - The view tree

    /// The layers (front last) and every view with identifier, type, window frame, alpha, flags and tags.
    static func treeJSON(_ overlay: Overlay, frame: Int, metrics: WindowMetrics) -> String {
        var out = "{\"frame\":\(frame),\"window\":{\"width\":\(overlay.windowSize.width),\"height\":\(overlay.windowSize.height)}"
        out += ",\"drawable\":{\"width\":\(metrics.drawableSize.width),\"height\":\(metrics.drawableSize.height)},\"layers\":["
        var firstLayer = true
        for layer in overlay.layers {
            if !firstLayer { out += "," }
            firstLayer = false
            out += "{\"name\":\(JSONText.quoted(layer.name)),\"level\":\(layer.level),\"visibility\":\(JSONText.quoted(layer.visibility.rawValue))"
            out += ",\"kind\":\(JSONText.quoted(layer.kind.rawValue)),\"views\":["
            let entries = layer.viewDump()
            var alphas: [Double] = []
            alphas.reserveCapacity(entries.count)
            collectAlpha(layer.root, into: &alphas)
            for (i, e) in entries.enumerated() {
                if i > 0 { out += "," }
                out += "{\"id\":\(JSONText.quoted(e.identifier)),\"type\":\(JSONText.quoted(e.type)),\"parent\":"
                out += e.parent.map(JSONText.quoted) ?? "null"
                out += ",\"depth\":\(e.depth),\"frame\":[\(e.frame.x),\(e.frame.y),\(e.frame.width),\(e.frame.height)]"
                out += ",\"alpha\":\(i < alphas.count ? alphas[i] : 1),\"visible\":\(e.visible),\"interactive\":\(e.interactive)"
                out += ",\"passthrough\":\(e.tags.contains(ViewTag.passthrough.rawValue))"
                out += ",\"flags\":[" + e.flags.map(JSONText.quoted).joined(separator: ",") + "]"
                out += ",\"tags\":[" + e.tags.map(JSONText.quoted).joined(separator: ",") + "]"
                if let text = e.text { out += ",\"text\":" + textJSON(text) }
                out += "}"
            }
            out += "]}"
        }
        return out + "]}"
    }

    /// A text view's lines and runs for the tree (each run's text, font file name, size, direction, script and glyph
    /// count; the glyphs themselves are in `--dump-views`).
    static func textJSON(_ text: TextDump) -> String {
        var out = "{\"truncated\":\(text.truncated),\"missingGlyphs\":\(text.missingGlyphs),\"lines\":["
        for (i, line) in text.lines.enumerated() {
            if i > 0 { out += "," }
            out += "{\"frame\":[\(line.frame.x),\(line.frame.y),\(line.frame.width),\(line.frame.height)],\"runs\":["
            out += line.runs.map { run in
                "{\"text\":\(JSONText.quoted(run.text)),\"font\":\(JSONText.quoted(run.font.split(separator: "/").last.map(String.init) ?? run.font))"
                    + ",\"size\":\(run.size),\"direction\":\(JSONText.quoted(run.direction)),\"script\":\(JSONText.quoted(run.script))"
                    + ",\"glyphs\":\(run.glyphs.count)}"
            }.joined(separator: ",")
            out += "]}"
        }
        return out + "]}"
    }

    private static func collectAlpha(_ view: View, into alphas: inout [Double]) {
        alphas.append(view.alpha)
        for child in view.subviews { collectAlpha(child, into: &alphas) }
    }
}

/// Passes every bus log line to the hub and to the sink that was there before (`--bus-log`).
@MainActor
final class InspectorBusTap: BusLogSink {
    let hub: InspectorHub
    let next: (any BusLogSink)?
    init(hub: InspectorHub, forwardingTo next: (any BusLogSink)?) { self.hub = hub; self.next = next }
    func write(line: String) {
        next?.write(line: line)
        hub.record(busLine: line)
    }
}

/// What the answers to one post need: its client, its `ref`, and the `id` the client sent.
struct TrackedPost {
    var client: Int
    var ref: Int?
    var clientID: Int?
}
