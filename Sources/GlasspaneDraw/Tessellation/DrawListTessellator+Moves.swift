// Moved commands (a scrolled document's rows, issue 29): a whole-list tessellation copies the vertices of commands
// that the overlay says are earlier commands moved by whole pixels (`DrawListDamage.movedRuns`) instead of emitting
// them again (glyph lookups, quad math), when the clip cuts them as it did before, moved (`movedCut`: on each axis
// not at all, or with a clip that moved with them, or down to the same edge). Only positions move: local coordinates
// are relative to a shape's center or are texture coordinates, and a cut interpolates them the same way.
import GlasspaneCore

/// The tessellation before the current one, kept while a whole list is tessellated with moved commands.
struct MoveSource {
    /// Its vertices and spans (swapped out of the tessellator, so nothing is copied).
    var vertices: [Float] = []
    var spans: [CommandSpan] = []
    /// Its batches' programs and textures.
    var batchPrograms: [BatchProgram] = []
    /// Which of its commands were collapsed out of sight (DrawListTessellator+Culling.swift): not copied.
    var culled: [Bool] = []
    var batchTextures: [TextureID] = []
    /// For each command of the new list, the earlier command it is a moved copy of (-1: none) and the move in pixels.
    var sourceOf: [Int] = []
    var moveX: [Float] = []
    var moveY: [Float] = []
}

extension DrawListTessellator {
    /// Takes the current tessellation as the source of moved commands; false (and nothing kept) when it cannot serve:
    /// no runs, another drawable, a glyph source that started over, hot commands, or moves that are not whole pixels.
    func prepareMoveSource(_ runs: [MovedCommands], commandCount: Int, metrics: WindowMetrics, glyphs: any GlyphSource) -> Bool {
        guard !runs.isEmpty, drawableSize == metrics.drawableSize, glyphs.resetCount == tessellatedGlyphResets,
              hot.commands.isEmpty, !spans.isEmpty else { return false }
        swap(&moveSource.vertices, &vertices)
        swap(&moveSource.spans, &spans)
        swap(&moveSource.culled, &culled)
        moveSource.batchPrograms = batches.map(\.program)
        moveSource.batchTextures = batches.map(\.texture)
        moveSource.sourceOf.removeAll(keepingCapacity: true)
        moveSource.sourceOf.append(contentsOf: repeatElement(-1, count: commandCount))
        moveSource.moveX.removeAll(keepingCapacity: true)
        moveSource.moveX.append(contentsOf: repeatElement(0, count: commandCount))
        moveSource.moveY.removeAll(keepingCapacity: true)
        moveSource.moveY.append(contentsOf: repeatElement(0, count: commandCount))
        let oldCount = moveSource.spans.count
        for run in runs {
            let dx = run.offset.x * metrics.scaleX, dy = run.offset.y * metrics.scaleY
            guard dx == dx.rounded(), dy == dy.rounded(), abs(dx) < 1_048_576, abs(dy) < 1_048_576,
                  run.range.lowerBound >= 0, run.sourceStart >= 0 else { continue }
            for k in 0..<run.range.count {
                let new = run.range.lowerBound + k, old = run.sourceStart + k
                guard new < commandCount, old < oldCount else { break }
                moveSource.sourceOf[new] = old
                moveSource.moveX[new] = Float(dx)
                moveSource.moveY[new] = Float(dy)
            }
        }
        return true
    }

    /// Appends the moved copy of the earlier command behind `index` (its vertices with positions moved) and fills
    /// `e` as emitting it would; false, having appended nothing, when it must be emitted (see the file comment).
    func appendMovedCopy(of command: DrawCommand, at index: Int, texture: TextureID, into e: inout EmittedCommand) -> Bool {
        guard index < moveSource.sourceOf.count else { return false }
        let source = moveSource.sourceOf[index]
        guard source >= 0 else { return false }
        switch command {
        case .rect, .border, .circle, .ring, .linearGradient, .image, .glyphs: break
        default: return false // bar graphs keep per-command state; gradients are computed from their own inputs
        }
        let old = moveSource.spans[source]
        // A covered interior depends on the rows over it now: decided again after emitting (DrawListTessellator+Covers.swift).
        guard old.coverGroup < 0 else { return false }
        // Inside an offset group or not, both times: vertices in the group's own pixels or the window's.
        guard (old.group >= 0) == (emittingGroup >= 0), !(source < moveSource.culled.count && moveSource.culled[source]) else {
            return false
        }
        guard old.count > 0, old.batch >= 0, let extent = old.extent, let height = drawableSize?.height else { return false }
        if texture != 0 && moveSource.batchTextures[old.batch] != texture { return false }
        let dx = moveSource.moveX[index], dy = moveSource.moveY[index]
        let unclipped = Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
        let before = Self.scissorPixelsIfClipped(old.clip, drawableHeight: height) ?? unclipped, after = e.clip ?? unclipped
        guard let ox = Self.movedCut(extent.minX, extent.maxX, by: Double(dx), before.minX, before.maxX, after.minX, after.maxX),
              let oy = Self.movedCut(extent.minY, extent.maxY, by: Double(dy), before.minY, before.maxY, after.minY, after.maxY)
        else { return false }
        // A stroke's left-out interior is only known for a shape that moved whole.
        if old.hole != nil && (ox != Double(dx) || oy != Double(dy)) { return false }
        let stride = Self.floatsPerVertex
        let from = old.first * stride, count = old.count * stride
        let start = vertices.count
        vertices.append(contentsOf: moveSource.vertices[from..<(from + count)])
        let fx = Float(ox), fy = Float(oy)
        vertices.withUnsafeMutableBufferPointer { v in
            var i = start
            while i < start + count { v[i] += fx; v[i + 1] += fy; i += stride }
        }
        e.bounds = old.bounds?.offsetBy(dx: ox, dy: oy)
        e.extent = extent.offsetBy(dx: Double(dx), dy: Double(dy))
        e.hole = old.hole?.offsetBy(dx: ox, dy: oy)
        e.isOpaque = old.isOpaque
        e.program = moveSource.batchPrograms[old.batch]
        if let b = e.bounds { noteContent(b) }
        return true
    }

    /// How far the vertices of quads spanning `lo...hi` on one axis move when the quads move by `d` and the clip goes
    /// from `c0...c1` to `n0...n1`, if the cut result is the old one moved: `d` when no clip cuts them on this axis
    /// before or after, or the clip moved with them; 0 when they lie wholly past the same unmoved clip edge both times
    /// (every quad is then cut down to a point on that edge). Nil when the cut changes: emit them again.
    static func movedCut(_ lo: Double, _ hi: Double, by d: Double, _ c0: Double, _ c1: Double,
                         _ n0: Double, _ n1: Double) -> Double? {
        if lo >= c0 && hi <= c1 && lo + d >= n0 && hi + d <= n1 { return d }
        if n0 == c0 + d && n1 == c1 + d { return d }
        if hi <= c0 && hi + d <= n0 && n0 == c0 { return 0 }
        if lo >= c1 && lo + d >= n1 && n1 == c1 { return 0 }
        return nil
    }
}
