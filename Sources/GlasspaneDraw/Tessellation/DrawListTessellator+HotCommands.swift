// Hot commands: while a partial repaint keeps changing the same few commands (a drag), a backend that caches the list
// in a texture draws them "hot", from a vertex buffer of their own over the composite of a cache that no longer holds
// them, so the cache is not redrawn until they cool (docs/overlay.md, "Hot commands"). In `vertices` a hot command
// is collapsed to one point: it draws nothing from the cache's batches.
import GlasspaneCore

/// The hot commands and their own vertices and batches.
package struct HotCommandState {
    /// Commands drawn directly over the composite, in list order.
    package internal(set) var commands: [Int] = []
    /// Their vertices, batch after batch (`batches`).
    package internal(set) var vertices: [Float] = []
    /// Their batches, drawn after the composite.
    package internal(set) var batches: [DrawBatch] = []
    /// Set when `vertices` changed since the backend took them (`takeChangedHotVertices`).
    package internal(set) var verticesChanged = false
    /// How many times hot commands that stopped changing went back into the cache while others stayed hot.
    package internal(set) var staleCooled = 0

    /// Where each command's vertices start in `vertices` (vertex index), -1 for a cold command.
    var first: [Int] = []
    /// Each hot command's batch (parallel to `commands`) and each hot batch's texture and program (reused storage).
    var batchOf: [Int] = []
    var batchKeys: [(texture: TextureID, program: BatchProgram)] = []
    /// The hot commands whose bounds changed in this partial update (only they can have moved under a cold one).
    var moved: [Int] = []
    /// Partial updates since the list was last tessellated, and the one in which each hot command last changed (or
    /// turned hot), by command index like `first`.
    var partialUpdatesSinceTessellation = 0
    var lastChanged: [Int] = []
    /// The partial update before which `coolStaleHotCommands` does not look again after finding nothing to cool (a
    /// swatch's unchanging outline stays hot over its changing fill for the whole drag).
    var nextStaleCheck = 0

    /// Nothing hot, for a list of `commandCount` commands tessellated anew.
    mutating func reset(commandCount: Int) {
        commands.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        first = [Int](repeating: -1, count: commandCount)
        lastChanged = [Int](repeating: 0, count: commandCount)
        partialUpdatesSinceTessellation = 0
        nextStaleCheck = 0
    }
}

extension DrawListTessellator {
    /// Hot commands go back into the cache after this many unchanged frames (half a second at 60 Hz): each move
    /// costs a cache redraw, so a drag that pauses does not pay it twice.
    package static let framesBeforeCooling = 30
    /// The most commands and vertices drawn hot; a change touching more is drawn directly, as before.
    static let maxHotCommands = 32
    static let maxHotVertices = 6 * 400
    static let partialUpdatesBetweenStaleChecks = 8

    /// The hot vertices when they changed since the last call (the backend uploads them), else nil.
    package func takeChangedHotVertices() -> [Float]? {
        guard hot.verticesChanged else { return nil }
        hot.verticesChanged = false
        return hot.vertices
    }

    /// After a successful partial update: counts it, and remembers which hot commands changed in it.
    package func notePartialUpdate() {
        hot.partialUpdatesSinceTessellation += 1
        for index in lastChangedCommands where hot.first[index] >= 0 { hot.lastChanged[index] = hot.partialUpdatesSinceTessellation }
    }

    /// After a partial update in which the same few commands kept changing (the backend's call: the second changed
    /// frame in a row), they are drawn hot and the cache keeps the rest. A change outside the hot set extends it; one
    /// that cannot be drawn hot (too much, or painter's order) cools everything, and the list is drawn directly while
    /// it changes.
    package func updateHotCommands() {
        var fresh: [Int] = []
        for index in lastChangedCommands where hot.first[index] < 0 { fresh.append(index) }
        guard !fresh.isEmpty else { return }
        // A group's commands are drawn moved by its offset, which the hot buffer does not know: drawn directly.
        guard !fresh.contains(where: { spans[$0].group >= 0 }) else {
            coolHotCommands()
            return
        }
        guard let hotSet = hotClosure(hot.commands + fresh) else {
            coolHotCommands()
            return
        }
        // Newly hot commands leave the cache: their vertices move to the hot buffer, their pixels are redrawn away.
        var live = hotLiveVertices()
        for index in hotSet where hot.first[index] < 0 {
            hot.lastChanged[index] = hot.partialUpdatesSinceTessellation
            let span = spans[index]
            guard span.count > 0 else { continue }
            let from = span.first * Self.floatsPerVertex, to = from + span.count * Self.floatsPerVertex
            live[index] = Array(vertices[from..<to])
            for k in stride(from: from + Self.floatsPerVertex, to: to, by: Self.floatsPerVertex) {
                for f in 0..<Self.floatsPerVertex { vertices[k + f] = vertices[from + f] } // one point: no pixels
            }
            uploads.append(from..<to)
            addDamage(onScreen: span.bounds)
        }
        hot.commands = hotSet
        hot.batchOf.removeAll(keepingCapacity: true)
        layOutHotCommands(live: live)
    }

    /// Puts the hot commands back into the cache (their vertices where the batches expect them, their pixels redrawn).
    package func coolHotCommands() {
        guard !hot.commands.isEmpty else { return }
        let live = hotLiveVertices()
        for index in hot.commands {
            let span = spans[index]
            guard span.count > 0, let v = live[index] else { continue }
            let from = span.first * Self.floatsPerVertex
            vertices.replaceSubrange(from..<(from + v.count), with: v)
            uploads.append(from..<(from + v.count))
            if !span.isOpaque { batches[span.batch].isOpaque = false } // turned translucent while hot
            hot.first[index] = -1
            addDamage(onScreen: span.bounds)
        }
        hot.commands.removeAll(keepingCapacity: true)
        hot.batches.removeAll(keepingCapacity: true)
        hot.vertices.removeAll(keepingCapacity: true)
    }

    /// Puts back into the cache the hot commands that stopped changing `framesBeforeCooling` partial updates ago and
    /// that no changing hot command needs drawn over it any more (they are outside the changing ones' `hotClosure`):
    /// a focus border made hot while the knob crossed its band is drawn every frame otherwise, for the whole drag
    /// (about 50 µs of llvmpipe's time a frame for its thin bands). If the knob comes back, the border turns hot again.
    package func coolStaleHotCommands() {
        guard hot.commands.count > 1, hot.partialUpdatesSinceTessellation >= hot.nextStaleCheck else { return }
        // Counted first: while every hot command keeps changing (most frames of a drag), nothing is allocated.
        let now = hot.partialUpdatesSinceTessellation
        let lastChanged = hot.lastChanged
        func isChanging(_ index: Int) -> Bool { now - lastChanged[index] < Self.framesBeforeCooling }
        var changingCount = 0
        for index in hot.commands where isChanging(index) { changingCount += 1 }
        guard changingCount > 0, changingCount < hot.commands.count else { return }
        let changing = hot.commands.filter(isChanging)
        guard let keep = hotClosure(changing),
              keep.count < hot.commands.count, keep.allSatisfy({ hot.first[$0] >= 0 }) else {
            hot.nextStaleCheck = now + Self.partialUpdatesBetweenStaleChecks
            return
        }
        var live = hotLiveVertices()
        for index in hot.commands where !keep.contains(index) {
            let span = spans[index]
            if span.count > 0, let v = live[index] {
                let from = span.first * Self.floatsPerVertex
                vertices.replaceSubrange(from..<(from + v.count), with: v)
                uploads.append(from..<(from + v.count))
                if !span.isOpaque { batches[span.batch].isOpaque = false }
                addDamage(onScreen: span.bounds)
            }
            hot.first[index] = -1
            live[index] = nil
        }
        hot.commands = keep
        hot.batchOf.removeAll(keepingCapacity: true)
        layOutHotCommands(live: live)
        hot.staleCooled += 1
    }

    /// The hot commands' current vertices, by command.
    private func hotLiveVertices() -> [Int: [Float]] {
        var live: [Int: [Float]] = [:]
        for index in hot.commands where hot.first[index] >= 0 {
            let from = hot.first[index] * Self.floatsPerVertex
            live[index] = Array(hot.vertices[from..<(from + spans[index].count * Self.floatsPerVertex)])
        }
        return live
    }

    /// `seed` and every command after one of them in the list that overlaps it (transitively), sorted: drawn over the
    /// composite in list order, they cover the cold commands exactly as the list does. Nil past the limits.
    private func hotClosure(_ seed: [Int]) -> [Int]? {
        guard seed.count <= Self.maxHotCommands else { return nil }
        var isHot = [Bool](repeating: false, count: spans.count)
        for index in seed { isHot[index] = true }
        var hotSet = seed
        var i = 0
        while i < hotSet.count {
            let h = hotSet[i]
            i += 1
            guard spans[h].bounds != nil else { continue }
            var j = h + 1
            while j < spans.count {
                if !isHot[j] && spans[j].count > 0 && spansMayOverlap(spans[j], spans[h]) {
                    if spans[j].group >= 0 { return nil }
                    isHot[j] = true
                    hotSet.append(j)
                    if hotSet.count > Self.maxHotCommands { return nil }
                }
                j += 1
            }
        }
        var vertexCount = 0
        for h in hotSet { vertexCount += spans[h].count }
        guard vertexCount <= Self.maxHotVertices else { return nil }
        return hotSet.sorted()
    }

    /// True while no cold command after a moved hot one in the list overlaps it (the hot ones are drawn after all
    /// cold ones). Hot commands that kept their place keep their relation to cold commands that kept theirs, and a
    /// cold command that moved is checked against every hot one by `movesKeepPaintersOrder`.
    func hotCommandsKeepPaintersOrder() -> Bool {
        for h in hot.moved {
            guard spans[h].bounds != nil else { continue }
            var j = h + 1
            while j < spans.count {
                if hot.first[j] < 0 && spans[j].count > 0 && spansMayOverlap(spans[j], spans[h]) { return false }
                j += 1
            }
        }
        return true
    }

    /// Groups the hot commands into batches (one per texture where painter's order allows, as whole lists are
    /// batched) into `hot.batchOf` (parallel to `hot.commands`) and `hot.batchKeys`; true when that changed.
    @discardableResult
    func assignHotBatches() -> Bool {
        var changed = hot.batchOf.count != hot.commands.count
        if changed { hot.batchOf = [Int](repeating: -1, count: hot.commands.count) }
        hot.batchKeys.removeAll(keepingCapacity: true)
        for (i, index) in hot.commands.enumerated() {
            let texture = spans[index].batch >= 0 ? batches[spans[index].batch].texture : 0
            let program = spans[index].batch >= 0 ? batches[spans[index].batch].program : .quads
            var candidate = hot.batchKeys.count - 1
            while candidate >= 0 && !Self.sharesBatch(hot.batchKeys[candidate].texture, hot.batchKeys[candidate].program, texture, program) {
                candidate -= 1
            }
            if candidate >= 0, let b = spans[index].bounds {
                // A command of a later batch that it overlaps must stay under it: a batch of its own.
                for j in 0..<i where hot.batchOf[j] > candidate && (spans[hot.commands[j]].bounds?.intersects(b) ?? false) {
                    candidate = -1
                    break
                }
            }
            if candidate < 0 {
                hot.batchKeys.append((texture, program))
                candidate = hot.batchKeys.count - 1
            } else if texture != 0 {
                hot.batchKeys[candidate].texture = texture // a batch of shapes takes the texture (same members, same result)
            }
            if hot.batchOf[i] != candidate { hot.batchOf[i] = candidate; changed = true }
        }
        return changed
    }

    /// Lays the hot commands' vertices out batch after batch in `hot.vertices`, as `assignHotBatches` grouped them.
    func layOutHotCommands(live: [Int: [Float]]? = nil) {
        let current = live ?? hotLiveVertices()
        if live != nil { assignHotBatches() }
        hot.batches.removeAll(keepingCapacity: true)
        hot.vertices.removeAll(keepingCapacity: true)
        for (b, key) in hot.batchKeys.enumerated() {
            hot.batches.append(DrawBatch(first: hot.vertices.count / Self.floatsPerVertex, count: 0, texture: key.texture, program: key.program))
            for (i, index) in hot.commands.enumerated() where hot.batchOf[i] == b {
                hot.first[index] = hot.vertices.count / Self.floatsPerVertex
                if let v = current[index] { hot.vertices.append(contentsOf: v) }
                hot.batches[b].count += spans[index].count
            }
        }
        hot.verticesChanged = true
    }
}
