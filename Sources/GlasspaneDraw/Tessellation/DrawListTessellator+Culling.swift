// Culling in offset groups (issue 29): a group's quads are not cut to its clip (the scissor does it, since the offset
// changes without tessellating), and on llvmpipe a list's overscan rows drawn whole under the scissor doubled the
// cost of drawing the panel. So after each tessellation or partial update, a group's command that lies wholly outside
// the group's scissor at its current offset is collapsed to one point (it draws nothing, as a hot command does in the
// cache's vertices), and emitted again into its own range once a scroll brings it back. Its span keeps its bounds.
// Each scan also works out, per group, the offsets at which none of its commands would change sides of the scissor
// (`CullStability`): a scroll that stays inside them with no group command repainted (a touchpad's 2-point step
// between rows) needs no scan, which would read every span (docs/scrolling.md, "Scrolling without repainting").
import GlasspaneCore

/// The offsets of one group (its own whole pixels, `OffsetGroup.offset`) at which the last culling scan's verdicts
/// all hold: strictly between `low` and `high` on both axes, under the same scissor.
struct CullStability: Equatable {
    /// The bounds, exclusive (infinite where nothing limits that side).
    var low = Point(x: -.infinity, y: -.infinity), high = Point(x: .infinity, y: .infinity)
    /// The scissor the verdicts were taken under.
    var scissor: Rect?

    /// A margin inside the bounds (pixels): offsets are whole pixels, bounds are not, and the scan's own arithmetic
    /// (the scissor moved, then intersected) may round the other way exactly at a bound.
    static let margin = 1.0 / 64

    /// Whether `offset` is inside, by more than `margin`.
    func holds(at offset: Point) -> Bool {
        offset.x > low.x + Self.margin && offset.x < high.x - Self.margin
            && offset.y > low.y + Self.margin && offset.y < high.y - Self.margin
    }

    /// Narrows the bounds to the offsets at which a command of `bounds` (its group's pixels) still shows, or still
    /// does not, under `scissor` (screen pixels), given whether it shows at `offset`.
    @inline(__always)
    mutating func keep(_ bounds: Rect, shows: Bool, at offset: Point, scissor: Rect) {
        // It shows at offset o exactly when o.x is in (scissor.minX - bounds.maxX, scissor.maxX - bounds.minX), and
        // o.y likewise; a command of no area never shows.
        guard bounds.width > 0, bounds.height > 0 else { return }
        let lowX = scissor.minX - bounds.maxX, highX = scissor.maxX - bounds.minX
        let lowY = scissor.minY - bounds.maxY, highY = scissor.maxY - bounds.minY
        if shows {
            low = Point(x: max(low.x, lowX), y: max(low.y, lowY))
            high = Point(x: min(high.x, highX), y: min(high.y, highY))
        } else if offset.y <= lowY {
            high.y = min(high.y, lowY) // above the scissor: out of sight while it stays at or above
        } else if offset.y >= highY {
            low.y = max(low.y, highY)
        } else if offset.x <= lowX {
            high.x = min(high.x, lowX)
        } else if offset.x >= highX {
            low.x = max(low.x, highX)
        } else {
            low = offset; high = offset // the arithmetic disagrees with the scan: hold nowhere
        }
    }
}

extension DrawListTessellator {
    /// Collapses the group commands that no longer show and emits again those that show again; false when one cannot
    /// be emitted into its range (the caller tessellates the whole list).
    func cullGroupCommands(_ list: DrawList, _ context: Context) -> Bool {
        guard !groups.isEmpty else { return true }
        if culled.count != spans.count {
            culled = [Bool](repeating: false, count: spans.count)
            groupCommandsChanged = true
        }
        // Only group offsets changed since the last scan, each inside the offsets its verdicts hold for: none flips.
        if !groupCommandsChanged && cullStability.count == groups.count
            && groups.indices.allSatisfy({ g in
                cullStability[g].scissor == groups[g].scissor && cullStability[g].holds(at: groups[g].offset)
            }) {
            return true
        }
        cullScanCount += 1
        groupCommandsChanged = false
        let stride = Self.floatsPerVertex
        for index in cullFlips(commandCount: list.commands.count) {
            let shows = culled[index]
            let span = spans[index]
            if !shows && !culled[index] {
                let from = span.first * stride, to = from + span.count * stride
                // The first vertex over the others, in doubling block copies (one vertex, then two, four...): a few
                // memcpy calls instead of a store per float.
                vertices.withUnsafeMutableBufferPointer { v in
                    guard let base = v.baseAddress else { return }
                    var done = stride
                    while from + done < to {
                        let block = min(done, to - from - done)
                        (base + from + done).update(from: base + from, count: block)
                        done += block
                    }
                }
                uploads.append(from..<to)
                culled[index] = true
            } else if shows && culled[index] {
                let command = list.commands[index]
                let texture = batches[span.batch].texture
                if command.drawsFromAtlas && texture != 0 && texture != context.glyphs.texture { return false }
                let tail = vertices.count
                emittingGroup = span.group
                var emitted = EmittedCommand(index: index,
                                             clip: Self.scissorPixelsIfClipped(span.clip, drawableHeight: context.drawableHeight))
                emit(shiftedForGroup(command, span.group), into: &emitted, context)
                if case .glyphs = command, vertices.count - tail <= span.count * stride {
                    padGlyphQuads(from: tail, to: span.count * stride)
                }
                emittingGroup = -1
                guard vertices.count - tail == span.count * stride, emitted.program == batches[span.batch].program else {
                    vertices.removeSubrange(tail...)
                    return false
                }
                let start = span.first * stride, count = span.count * stride
                vertices.withUnsafeMutableBufferPointer { v in
                    for k in 0..<count { v[start + k] = v[tail + k] }
                }
                vertices.removeSubrange(tail...)
                uploads.append(start..<(start + span.count * stride))
                culled[index] = false
            }
        }
        return true
    }

    /// The group commands that show and are collapsed, or are out of sight and not yet collapsed, and for each
    /// group the offsets at which these verdicts hold (`cullStability`). Most spans change nothing in a scroll, so
    /// this is one scan through buffer pointers: an array access per field costs a check, and the spans are large
    /// (docs/bench.md, round 7).
    private func cullFlips(commandCount: Int) -> [Int] {
        // Each group's scissor in its own pixels (nil: none, everything shows), so no span's bounds are moved.
        let visible: [Rect?] = groups.map { g in g.scissor.map { $0.offsetBy(dx: -g.offset.x, dy: -g.offset.y) } }
        var stability = groups.map { CullStability(scissor: $0.scissor) }
        let offsets = groups.map(\.offset)
        var flips: [Int] = []
        spans.withUnsafeBufferPointer { all in
            culled.withUnsafeBufferPointer { isCulled in
                visible.withUnsafeBufferPointer { visible in
                    stability.withUnsafeMutableBufferPointer { stability in
                        for index in 0..<min(all.count, commandCount) {
                            let group = all[index].group
                            guard group >= 0, all[index].count > 0, let bounds = all[index].bounds else { continue }
                            // As `onScreen` decides, without making the cut rectangle.
                            guard let inSight = visible[group], let scissor = stability[group].scissor else {
                                if isCulled[index] { flips.append(index) }
                                continue
                            }
                            let shows = bounds.intersects(inSight)
                            if shows == isCulled[index] { flips.append(index) }
                            stability[group].keep(bounds, shows: shows, at: offsets[group], scissor: scissor)
                        }
                    }
                }
            }
        }
        cullStability = stability
        return flips
    }
}
