// What a client's text message does: a command (`op`) is answered on the server's thread; anything else is a bus
// envelope, parsed here once with the bus's own parser and limits and queued for the next frame, where the bus
// checks its shape and payload exactly as it checks a script line (MessageBus.post(envelope:)).
import GlasspaneBus
import GlasspaneCore

enum InspectorCommands {
    /// The limits the bus parses envelopes with (its default configuration; the observer falls back to
    /// `postRaw` when the app's bus was configured otherwise).
    static let envelopeLimits = MessageBus.Configuration().jsonLimits

    /// `{"kind":"hello",...}`: the protocol and the limits a client must keep.
    static func hello(hub: InspectorHub, client: Int) -> String {
        let l = hub.limits
        return "{\"kind\":\"hello\",\"protocol\":1,\"client\":\(client),\"topics\":[\"frames\",\"routes\",\"bus\",\"tree\",\"image\"],"
            + "\"limits\":{\"maxClientMessageBytes\":\(l.maxClientMessageBytes),\"clientQueueMessages\":\(l.clientQueueMessages),"
            + "\"clientQueueBytes\":\(l.clientQueueBytes),\"inboxCapacity\":\(l.inboxCapacity),\"inboxBytes\":\(l.inboxBytes),"
            + "\"maxMessagesPerSecond\":\(l.maxMessagesPerSecond),\"imagesPerSecond\":\(l.imagesPerSecond),"
            + "\"updateInterval\":\(l.updateInterval)}}"
    }

    /// `{"kind":"error",...}` with the client's `ref` when it had one.
    static func error(_ code: String, _ message: String, ref: Int? = nil) -> String {
        "{\"kind\":\"error\"" + (ref.map { ",\"ref\":\($0)" } ?? "") + ",\"error\":{\"code\":\(JSONText.quoted(code)),\"message\":\(JSONText.quoted(message))}}"
    }

    /// Handles one text message of a client.
    static func handle(_ text: String, hub: InspectorHub, channel: ClientChannel) {
        let parsed = try? JSONParser(limits: envelopeLimits).parse(text)
        let ref = parsed?["ref"]?.wholeNumber(in: -RawID.max...RawID.max)
        if let op = parsed?["op"] {
            command(op, parsed, ref: ref, hub: hub, channel: channel)
            return
        }
        var target = "engine"
        if let to = parsed?["to"] {
            guard case .string(let t) = to, t == "engine" || t == "overlay" else {
                hub.push(error("bad-target", "\"to\" must be \"engine\" or \"overlay\"", ref: ref), to: channel)
                return
            }
            target = t
        }
        var type: String?
        if case .string(let t)? = parsed?["type"] { type = t }
        let post = InboxPost(client: channel.id, ref: ref, target: target, type: type, text: text, envelope: parsed)
        if !hub.enqueue(post) {
            hub.push(error("inbox-full", "\(hub.limits.inboxCapacity) posts or \(hub.limits.inboxBytes) bytes already wait for the next frame; try again after it", ref: ref), to: channel)
        }
    }

    private static func command(_ op: JSONValue, _ object: JSONValue?, ref: Int?, hub: InspectorHub, channel: ClientChannel) {
        switch op {
        case .string("subscribe"):
            var topics = Set<Topic>()
            guard case .array(let names)? = object?["topics"] else {
                hub.push(error("bad-command", "subscribe needs \"topics\": an array of frames, routes, bus, tree, image", ref: ref), to: channel)
                return
            }
            for item in names {
                guard case .string(let name) = item, let t = Topic(rawValue: name) else {
                    hub.push(error("unknown-topic", "topics are frames, routes, bus, tree, image; got \(item)", ref: ref), to: channel)
                    return
                }
                topics.insert(t)
            }
            channel.topics = topics
            let subscribed = topics.map(\.rawValue).sorted().map { "\"\($0)\"" }.joined(separator: ",")
            hub.push("{\"kind\":\"subscribed\"" + (ref.map { ",\"ref\":\($0)" } ?? "") + ",\"topics\":[\(subscribed)]}", to: channel)
            if object?["history"] != .bool(false) { hub.push(hub.snapshot(), to: channel) }
        case .string("status"):
            hub.push("{\"kind\":\"status\"" + (ref.map { ",\"ref\":\($0)" } ?? "") + ",\"status\":" + hub.status() + "}", to: channel)
        default:
            hub.push(error("unknown-op", "op must be subscribe or status; anything without op is a bus envelope", ref: ref), to: channel)
        }
    }
}

/// The id range the bus accepts (RawEnvelope: whole numbers in 0...2^53), shared by `ref`s and the answers.
enum RawID {
    /// 2^53: the largest whole number a JSON double carries exactly.
    static let max = 1 << 53
}
