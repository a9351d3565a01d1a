// Scrolling without repainting what only moved (issue 29): when a scroll view's document moved by whole points since
// the last full paint, each view inside that drew nothing new (no `setNeedsDisplay`, same size, opacity and no
// transform, moved exactly as the document did) copies its commands from that paint, moved, instead of drawing
// again; rows that came in draw. The copies are reported as `DrawListDamage.movedRuns`, so the renderer moves their
// vertices instead of tessellating them again (GlasspaneDraw's DrawListTessellator+Moves.swift).
import GlasspaneCore
import GlasspaneDraw

extension OverlayLayer {
    /// How far `view`, a scroll view's document now at `origin`, moved since the last full paint, when the views in
    /// it may copy their commands: whole points, no transform, painted in that paint. Nil otherwise.
    func movedDocumentOffset(_ view: View, at origin: Point, transform: PaintTransform) -> Point? {
        guard copiesMovedViews, view.paintGeneration == generation - 1, transform.isIdentity,
              view.paintTransform.isIdentity, let scroll = view.superview as? ScrollView, scroll.documentView === view
        else { return nil }
        let offset = Point(x: origin.x - view.paintOrigin.x, y: origin.y - view.paintOrigin.y)
        guard offset != .zero, offset.x == offset.x.rounded(), offset.y == offset.y.rounded() else { return nil }
        return offset
    }

    /// Whether `view` (read before this paint updates it) only moved by `offset` since the last full paint, so its
    /// commands there, moved, are what drawing it at `rect` would give.
    func canCopyMoved(_ view: View, by offset: Point, to rect: Rect, opacity: Double, transform: PaintTransform) -> Bool {
        view.paintGeneration == generation - 1 && !view.needsDisplay && view.paintOpacity == opacity
            && transform.isIdentity && view.paintTransform.isIdentity && view.paintSize == rect.size
            && view.paintOrigin.x + offset.x == rect.minX && view.paintOrigin.y + offset.y == rect.minY
            && view.paintStart >= 0 && view.paintStart + view.paintCount <= previousCommands.count
    }

    /// Appends the last paint's commands `start..<start + count`, moved by `offset`, and records them as a moved run.
    func copyMovedCommands(from start: Int, count: Int, by offset: Point, context: inout PaintContext) {
        guard count > 0 else { return }
        let move = PaintTransform(scale: 1, offset: offset)
        let at = context.indexOffset + context.commands.count
        for i in start..<(start + count) { context.commands.append(previousCommands[i].transformed(by: move)) }
        if let last = movedRuns.last, last.range.upperBound == at, last.sourceStart + last.range.count == start,
           last.offset == offset {
            movedRuns[movedRuns.count - 1].range = last.range.lowerBound..<(at + count)
        } else {
            movedRuns.append(MovedCommands(range: at..<(at + count), sourceStart: start, offset: offset))
        }
    }
}
