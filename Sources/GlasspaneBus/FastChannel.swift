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
    public private(set) var droppedBatches = 0
    private unowned let bus: MessageBus
    private var batches: [[Element]] = []
    private var spares: [[Element]] = []
    /// Batches and elements sent so far.
    public private(set) var sentBatches = 0
    /// Elements sent so far.
    public private(set) var sentElements = 0

    init(name: String, bus: MessageBus, writePhases: Set<FramePhase>, readPhases: Set<FramePhase>, capacity: Int,
         overflow: FastChannelOverflow) {
        self.name = name; self.bus = bus; self.writePhases = writePhases; self.readPhases = readPhases
        self.capacity = max(1, capacity); self.overflow = overflow
    }

    /// Unread batches.
    public var count: Int { batches.count }

    /// Queues a batch without copying it (the array's storage is shared until someone mutates it).
    public func send(_ batch: [Element]) throws(FastChannelError) {
        try check(writePhases, "send")
        if batches.count >= capacity, overflow == .dropOldest {
            recycle(batches.removeFirst())
            droppedBatches += 1
        }
        guard batches.count < capacity else {
            throw FastChannelError(code: .full, channel: name, phase: bus.phase,
                                   message: "fast channel \(name) already holds \(capacity) unread batches")
        }
        batches.append(batch)
        sentBatches += 1
        sentElements += batch.count
        if bus.logSink != nil {
            bus.logFast(channel: name, event: "fast-send", count: batch.count, bytes: batch.count * MemoryLayout<Element>.stride)
        }
    }

    /// Copies `buffer` into recycled storage (one memcpy for trivial types) and queues it.
    public func send(copying buffer: UnsafeBufferPointer<Element>) throws(FastChannelError) {
        try check(writePhases, "send")
        var batch = spares.popLast() ?? []
        batch.removeAll(keepingCapacity: true)
        batch.append(contentsOf: buffer)
        try send(batch)
    }

    /// The oldest unread batch, or nil when there is none.
    public func receive() throws(FastChannelError) -> [Element]? {
        try check(readPhases, "receive")
        guard !batches.isEmpty else { return nil }
        return batches.removeFirst()
    }

    /// The newest unread batch, dropping (and recycling) older ones: for per-frame data where only the latest counts.
    public func receiveLatest() throws(FastChannelError) -> [Element]? {
        try check(readPhases, "receive")
        guard let last = batches.popLast() else { return nil }
        while let older = batches.popLast() { recycle(older) }
        return last
    }

    /// Gives an array's storage back for `send(copying:)` to reuse.
    public func recycle(_ batch: [Element]) {
        if spares.count < capacity { spares.append(batch) }
    }

    private func check(_ allowed: Set<FramePhase>, _ operation: String) throws(FastChannelError) {
        guard let phase = bus.phase, allowed.contains(phase) else {
            let names = allowed.map(\.rawValue).sorted().joined(separator: ", ")
            throw FastChannelError(code: .wrongPhase, channel: name, phase: bus.phase,
                                   message: "fast channel \(name): \(operation) is not allowed in phase \(bus.phaseName) (allowed: \(names))")
        }
    }
}
