// The overlay's façade for the engine: Swift calls instead of message names.
import GlasspaneBus
import GlasspaneCore

/// Talks to the engine over the bus from another endpoint (the overlay, a tool, a test).
@MainActor
public final class EngineClient {
    /// The endpoint the client posts from and receives on.
    public let endpoint: BusEndpoint
    /// The engine's endpoint id.
    public let engine: EndpointID
    /// True once the engine has announced `ready` (messages sent earlier are queued, not lost).
    public private(set) var isEngineReady: Bool
    /// The latest `state-changed` the engine reported, nil before the first.
    public private(set) var lastReportedState: StateChanged?
    /// Called for every `state-changed`, in the phase the client's endpoint is delivered (phase 5 for the overlay).
    public var onStateChanged: ((StateChanged) -> Void)?
    /// Called once when the engine announces `ready`.
    public var onReady: (() -> Void)?
    /// Called for errors about messages this client posted (a rejected `change-color`, for example).
    public var onError: ((BusError) -> Void)? {
        didSet {
            let handler = onError
            endpoint.onError = handler.map { h in { error, _ in h(error) } }
        }
    }
    private var streams: [Int: AsyncStream<StateChanged>.Continuation] = [:]
    private var nextStreamID = 0

    /// Uses `endpoint` (registers its `state-changed` and `ready` handlers).
    public init(endpoint: BusEndpoint, engine: EndpointID = .engine) {
        self.endpoint = endpoint
        self.engine = engine
        isEngineReady = endpoint.bus.isReady(engine)
        endpoint.on(StateChanged.self) { [weak self] message, _ in
            guard let self else { return }
            lastReportedState = message
            onStateChanged?(message)
            for continuation in streams.values { continuation.yield(message) }
        }
        endpoint.on(Ready.self) { [weak self] message, _ in
            guard let self, message.endpoint == engine.name, !isEngineReady else { return }
            isEngineReady = true
            onReady?()
        }
    }

    /// Attaches the overlay endpoint (or another id) to `bus` and uses it.
    public convenience init(bus: MessageBus, id: EndpointID = .overlay, engine: EndpointID = .engine) {
        self.init(endpoint: bus.endpoint(id) ?? bus.attach(id), engine: engine)
    }

    /// Recolors the cube (`change-color`), animated when `animation` is given; components are clamped to 0...1
    /// (NaN is sent, and rejected).
    public func setColor(_ color: Color, animation: MessageAnimation? = nil) {
        func clamp(_ v: Double) -> Double { v.isNaN ? v : min(max(v, 0), 1) }
        endpoint.post(ChangeColor(r: clamp(color.r), g: clamp(color.g), b: clamp(color.b), animation: animation), to: engine)
    }

    /// Starts or stops the spin (`set-spin`).
    public func setSpinning(_ spinning: Bool) { endpoint.post(SetSpin(spinning: spinning), to: engine) }

    /// Asks for the engine's state (`get-state`); resumes when the reply is delivered. Throws `BusError`.
    public func state(timeout: RequestTimeout? = nil) async throws(BusError) -> EngineState {
        try await endpoint.request(GetState(), to: engine, timeout: timeout)
    }

    /// Asks for the engine's state and calls `completion` during the client's delivery (no task needed).
    public func requestState(timeout: RequestTimeout? = nil, completion: @escaping (Result<EngineState, BusError>) -> Void) {
        endpoint.request(GetState(), to: engine, timeout: timeout, completion: completion)
    }

    /// A stream of every `state-changed` from now on; it ends when the consumer stops iterating.
    public func stateChanges() -> AsyncStream<StateChanged> {
        let (stream, continuation) = AsyncStream<StateChanged>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let streamID = nextStreamID
        nextStreamID += 1
        streams[streamID] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.streams[streamID] = nil }
        }
        return stream
    }
}
