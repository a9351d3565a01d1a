// Covered interiors (issue 29): a scrolled list's opaque rows cover its viewport, and the panel under the list was
// shaded there too, every frame the list moved (on llvmpipe about an eighth of the scrolled list's frame). After a
// whole tessellation, a solid-colored rectangle listed before an offset group whose opaque commands (solid
// rectangles on whole pixels, alpha 1, without a hole: `CommandSpan.isOpaque`) cover the group's whole scissor at its
// offset leaves that scissor's pixels out: four bands around them, as a border leaves out its interior. Whatever it
// would have drawn there is painted over opaquely, so no pixel changes. Each partial update checks that the rows
// still cover every such hole (a scroll past the list's end, a translucent row); where they do not, the list is
// tessellated again, and a group that covers its scissor again gets its holes back the same way. So whether a
// rectangle has its hole depends on the list alone, never on the updates that led to it: a frame's vertices are
// those a fresh renderer would make (replays, screenshots).
import GlasspaneCore

/// What the covers need between tessellations.
struct CoverState {
    /// The commands that leave out pixels a group covers (`CommandSpan.coverGroup`), in list order.
    var coveredCommands: [Int] = []
    /// Groups with rectangles under them that the last tessellation left whole because the group did not cover its
    /// scissor then.
    var uncoveredGroups: [Int] = []
    /// The covering rectangles, on screen (reused storage).
    var rects: [Rect] = []
}

extension DrawListTessellator {
    /// A hole must be at least this many pixels: its bands are three quads more.
    package static let coveredInteriorMinimumPixels = 8_192.0

    /// After a whole tessellation's commands are emitted (in list order, before batches are laid out): emits each
    /// rectangle under a covering group again with the covered pixels left out, in place in `vertices`.
    func cutCoveredInteriors(_ list: DrawList, _ context: Context) {
        covers.coveredCommands.removeAll(keepingCapacity: true)
        covers.uncoveredGroups.removeAll(keepingCapacity: true)
        guard cutsCoveredInteriors, !groups.isEmpty, !drawsOffsetsOnCPU else { return }
        for g in groups.indices {
            guard let scissor = groups[g].scissor else { continue }
            let candidates = (0..<groups[g].command).filter { isCoverCandidate($0, list, under: scissor) }
            guard !candidates.isEmpty else { continue }
            guard let covered = coveredPixels(group: g, within: scissor, narrowing: true),
                  covered.width * covered.height >= Self.coveredInteriorMinimumPixels else {
                covers.uncoveredGroups.append(g)
                continue
            }
            for index in candidates { leaveOut(covered, of: index, list.commands[index], group: g, context) }
        }
        covers.coveredCommands.sort()
    }

    /// Whether command `index` is a solid-colored rectangle outside any group, emitted whole, that overlaps `scissor`
    /// by at least `coveredInteriorMinimumPixels`.
    private func isCoverCandidate(_ index: Int, _ list: DrawList, under scissor: Rect) -> Bool {
        guard case .rect = list.commands[index] else { return false }
        let span = spans[index]
        guard span.group < 0, span.count > 0, span.hole == nil, span.coverGroup < 0, let bounds = span.bounds else {
            return false
        }
        let overlap = bounds.intersection(scissor)
        return overlap.width > 0 && overlap.height > 0 && overlap.width * overlap.height >= Self.coveredInteriorMinimumPixels
    }

    /// Emits command `index` again with `covered` left out and puts its vertices where its old ones were (their
    /// number changes: the spans after it move).
    private func leaveOut(_ covered: Rect, of index: Int, _ command: DrawCommand, group: Int, _ context: Context) {
        let span = spans[index]
        let stride = Self.floatsPerVertex
        let tail = vertices.count
        var emitted = EmittedCommand(index: index, clip: Self.scissorPixelsIfClipped(span.clip, drawableHeight: context.drawableHeight))
        emitted.keptProgram = batches[span.batch].program
        emitted.coveredPixels = covered
        emit(command, into: &emitted, context)
        let count = (vertices.count - tail) / stride
        guard emitted.program == batches[span.batch].program, emitted.hole != nil, count > 0 else {
            vertices.removeSubrange(tail...)
            return
        }
        let new = Array(vertices[tail...])
        vertices.removeSubrange(tail...)
        vertices.replaceSubrange((span.first * stride)..<((span.first + span.count) * stride), with: new)
        let delta = count - span.count
        for k in spans.indices where k != index && spans[k].count > 0 && spans[k].first > span.first { spans[k].first += delta }
        batches[span.batch].count += delta
        newGlyphRoom[index] = count
        spans[index].count = count
        spans[index].bounds = emitted.bounds
        spans[index].hole = emitted.hole
        spans[index].isOpaque = emitted.isOpaque
        spans[index].coverGroup = group
        covers.coveredCommands.append(index)
    }

    /// The largest hole the covers leave (screen pixels, top-left origin): pixels a group's opaque commands cover at
    /// its offset in the list as tessellated last, so nothing under them shows. `coversStillHold` keeps it true
    /// across partial updates (where it would not be, the list is tessellated anew). Nil when there is none.
    package var largestCoveredPixels: Rect? {
        var best: Rect?
        for index in covers.coveredCommands {
            let span = spans[index]
            guard span.coverGroup >= 0, let hole = span.hole, hole.width > 0, hole.height > 0 else { continue }
            if let b = best, b.width * b.height >= hole.width * hole.height { continue }
            best = hole
        }
        return best
    }

    /// After a partial update: false when a hole is no longer covered by its group, or when a group that left
    /// rectangles whole now covers its scissor: the caller tessellates anew. (A list whose end crosses its viewport's
    /// edge frame after frame is tessellated each time it does, which a scroll or a bounce does a few times at most.)
    func coversStillHold() -> Bool {
        for index in covers.coveredCommands {
            let span = spans[index]
            guard let hole = span.hole, span.coverGroup >= 0, span.coverGroup < groups.count else { continue }
            if hole.width <= 0 || hole.height <= 0 { continue }
            if coveredPixels(group: span.coverGroup, within: hole, narrowing: false) == nil { return false }
        }
        for g in covers.uncoveredGroups where g < groups.count {
            guard let scissor = groups[g].scissor else { continue }
            if let covered = coveredPixels(group: g, within: scissor, narrowing: true),
               covered.width * covered.height >= Self.coveredInteriorMinimumPixels {
                return false
            }
        }
        return true
    }

    /// The part of `target` (screen pixels) that group `g`'s opaque commands cover at its offset, as one rectangle of
    /// `target`'s height: the rectangles are chained from `target`'s top down without a gap, and the covered columns
    /// are those every link spans (`narrowing`; else a link must span all of `target`'s). Nil when the chain does not
    /// reach `target`'s bottom.
    func coveredPixels(group g: Int, within target: Rect, narrowing: Bool) -> Rect? {
        let offset = groups[g].offset
        covers.rects.removeAll(keepingCapacity: true)
        for index in spans.indices {
            let span = spans[index]
            // A culled command lies outside the scissor (`cullGroupCommands` ran first): it adds nothing inside.
            guard span.group == g, span.isOpaque, span.hole == nil, span.count > 0, let bounds = span.bounds else { continue }
            let onScreen = bounds.offsetBy(dx: offset.x, dy: offset.y).intersection(target)
            if onScreen.width > 0 && onScreen.height > 0 { covers.rects.append(onScreen) }
        }
        // Top down; at the same top, wider first (a row's background before a narrower opaque mark on it).
        covers.rects.sort { $0.minY != $1.minY ? $0.minY < $1.minY : $0.width > $1.width }
        var y = target.minY, x0 = target.minX, x1 = target.maxX
        for r in covers.rects {
            if y >= target.maxY { break }
            if r.minY > y { return nil } // a gap
            if r.maxY <= y { continue }
            let n0 = max(x0, r.minX), n1 = min(x1, r.maxX)
            if narrowing ? n1 - n0 < 1 : (n0 != x0 || n1 != x1) { continue }
            x0 = n0; x1 = n1; y = r.maxY
        }
        guard y >= target.maxY else { return nil }
        return Rect(x: x0, y: target.minY, width: x1 - x0, height: target.height)
    }
}
