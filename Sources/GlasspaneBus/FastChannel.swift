// The fast channel: typed bulk data (vertex arrays, pixels, per-frame stats) handed over without JSON.
// Arrays move by reference (copy-on-write), so sending a 1 MB array costs a retain, not a copy; storage
// can be recycled so steady streaming does not allocate.
import GlasspaneCore

/// The stable identifier of a fast-channel error.
public enum FastChannelErrorCode: String, Hashable, Sendable, CaseIterable {
    /// Written or read in a frame phase the channel does not allow.
    case wrongPhase = "wrong-phase"
    /// The channel already holds `capacity` batches nobody has read.
    case full = "full"
    /// The channel exists with another element type.
    case elementTypeMismatch = "element-type-mismatch"
}

/// What `send` does when the channel already holds `capacity` unread batches.
public enum FastChannelOverflow: String, Hashable, Sendable {
    /// Throws `full`: every batch matters (meshes, commands).
    case throwFull = "throw"
    /// Drops (and recycles) the oldest batch: only recent data matters (per-frame stats, transforms).
    case dropOldest = "drop-oldest"
}

/// A misuse of a fast channel, thrown at the call that made it.
public struct FastChannelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identifier.
    public var code: FastChannelErrorCode
    /// The channel's name.
    public var channel: String
    /// The phase the bus was in (nil outside the frame loop).
    public var phase: FramePhase?
    /// A sentence for people.
    public var message: String
    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}

/// A FIFO of typed arrays between two parties, usable only in the phases it was created with.
///
/// The per-frame paths (`send`, `receive`, `recycle`) are `@inlinable` so a client module specializes them for its
/// element type: compiled once generically here, each call looked up type metadata and witness tables and copied
/// element by element through them, about 10 µs a frame for the demo's 7 doubles (docs/bench.md, "What the bench
/// itself costs").
@MainActor
public final class FastChannel<Element> {
    /// The channel's name (unique on its bus).
    public let name: String
    /// Phases in which `send` is allowed.
    public let writePhases: Set<FramePhase>
    /// Phases in which `receive` is allowed.
    public let readPhases: Set<FramePhase>
    /// The most unread batches held.
    public let capacity: Int
    /// What happens when a batch is sent to a full channel.
    public let overflow: FastChannelOverflow
    /// Batches dropped by `.dropOldest`.
    public var droppedBatches: Int { dropped }
    /// Elements sent so far.
    public var sentElements: Int { sentElementCount }

    // The phase sets as bits by `FramePhase.ordinal`: checked every call without hashing the phase's name.
    @usableFromInline let writeMask: UInt32
    @usableFromInline let readMask: UInt32
    @usableFromInline let dropsOldest: Bool
    @usableFromInline unowned let bus: MessageBus
    @usableFromInline var batches: [[Element]] = []
    @usableFromInline var spares: [[Element]] = []
    @usableFromInline var dropped = 0
    @usableFromInline var sentElementCount = 0

    init(name: String, bus: MessageBus, writePhases: Set<FramePhase>, readPhases: Set<FramePhase>, capacity: Int,
         overflow: FastChannelOverflow) {
        self.name = name; self.bus = bus; self.writePhases = writePhases; self.readPhases = readPhases
        self.capacity = max(1, capacity); self.overflow = overflow
        writeMask = Self.mask(writePhases)
        readMask = Self.mask(readPhases)
        dropsOldest = overflow == .dropOldest
    }

    private static func mask(_ phases: Set<FramePhase>) -> UInt32 {
        phases.reduce(0) { $0 | (1 << UInt32($1.ordinal)) }
    }

    /// Unread batches.
    public var count: Int { batches.count }

    /// Queues a batch without copying it (the array's storage is shared until someone mutates it).
    @inlinable
    public func send(_ batch: [Element]) throws(FastChannelError) {
        try check(writing: true)
        if batches.count >= capacity, dropsOldest {
            recycle(batches.removeFirst())
            dropped += 1
        }
        guard batches.count < capacity else { throw fullError() }
        batches.append(batch)
        sentElementCount += batch.count
        if bus.logSink != nil { logSend(count: batch.count) }
    }

    /// Copies `buffer` into recycled storage (one memcpy for trivial types) and queues it.
    @inlinable
    public func send(copying buffer: UnsafeBufferPointer<Element>) throws(FastChannelError) {
        try check(writing: true)
        var batch = emptySpare()
        batch.append(contentsOf: buffer)
        try send(batch)
    }

    /// Copies `elements` into recycled storage (one memcpy for trivial types) and queues it: `send(copying:)` for a
    /// caller that holds an array, without a buffer closure (in main-actor code each such closure call has its
    /// executor checked at run time).
    @inlinable
    public func send(copying elements: [Element]) throws(FastChannelError) {
        try check(writing: true)
        var batch = emptySpare()
        batch.append(contentsOf: elements)
        try send(batch)
    }

    /// Recycled storage, emptied (a new array when none is left).
    @inlinable
    func emptySpare() -> [Element] {
        var batch = spares.popLast() ?? []
        batch.removeAll(keepingCapacity: true)
        return batch
    }

    /// The oldest unread batch, or nil when there is none.
    @inlinable
    public func receive() throws(FastChannelError) -> [Element]? {
        try check(writing: false)
        guard !batches.isEmpty else { return nil }
        return batches.removeFirst()
    }

    /// The newest unread batch, dropping (and recycling) older ones: for per-frame data where only the latest counts.
    @inlinable
    public func receiveLatest() throws(FastChannelError) -> [Element]? {
        try check(writing: false)
        guard let last = batches.popLast() else { return nil }
        while let older = batches.popLast() { recycle(older) }
        return last
    }

    /// Gives an array's storage back for `send(copying:)` to reuse.
    @inlinable
    public func recycle(_ batch: [Element]) {
        if spares.count < capacity { spares.append(batch) }
    }

    @inlinable
    func check(writing: Bool) throws(FastChannelError) {
        let allowed = writing ? writeMask : readMask
        guard let phase = bus.phase, allowed & (1 << UInt32(phase.ordinal)) != 0 else {
            throw wrongPhaseError(writing: writing)
        }
    }

    // The rare paths stay out of line: they build messages.
    @usableFromInline
    func wrongPhaseError(writing: Bool) -> FastChannelError {
        let operation = writing ? "send" : "receive"
        let names = (writing ? writePhases : readPhases).map(\.rawValue).sorted().joined(separator: ", ")
        return FastChannelError(code: .wrongPhase, channel: name, phase: bus.phase,
                                message: "fast channel \(name): \(operation) is not allowed in phase \(bus.phaseName) (allowed: \(names))")
    }

    @usableFromInline
    func fullError() -> FastChannelError {
        FastChannelError(code: .full, channel: name, phase: bus.phase,
                         message: "fast channel \(name) already holds \(capacity) unread batches")
    }

    @usableFromInline
    func logSend(count: Int) {
        bus.logFast(channel: name, event: "fast-send", count: count, bytes: count * MemoryLayout<Element>.stride)
    }
}
