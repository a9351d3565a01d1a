// Culling in offset groups (issue 29): a group's quads are not cut to its clip (the scissor does it, since the offset
// changes without tessellating), and on llvmpipe a list's overscan rows drawn whole under the scissor doubled the
// cost of drawing the panel. So after each tessellation or partial update, a group's command that lies wholly outside
// the group's scissor at its current offset is collapsed to one point (it draws nothing, as a hot command does in the
// cache's vertices), and once a scroll brings it back it gets the vertices it had (kept when it was collapsed), or is
// emitted again into its own range when they were not kept. Its span keeps its bounds.
import GlasspaneCore

extension DrawListTessellator {
    /// At most this many collapsed commands keep their vertices; past it, what was kept is dropped and those commands
    /// are emitted again when they show. A lazy list keeps about its overscan rows' commands; a long document that is
    /// not lazy would otherwise keep a copy of every command it scrolled past.
    package static let maximumCommandsKeptCollapsed = 1_024

    /// Collapses the group commands that no longer show and puts back those that show again; false when one cannot
    /// be emitted into its range (the caller tessellates the whole list). `keepingVertices` false (a whole
    /// tessellation's first pass, which may collapse thousands) keeps none: they are emitted again if they show.
    func cullGroupCommands(_ list: DrawList, _ context: Context, keepingVertices: Bool = true) -> Bool {
        guard !groups.isEmpty else { return true }
        if culled.count != spans.count {
            culled = [Bool](repeating: false, count: spans.count)
            culledVertices.removeAll(keepingCapacity: true)
        }
        let stride = Self.floatsPerVertex
        for index in cullFlips(commandCount: list.commands.count) {
            let shows = culled[index]
            let span = spans[index]
            if !shows && !culled[index] {
                let from = span.first * stride, to = from + span.count * stride
                if keepingVertices {
                    if culledVertices.count >= Self.maximumCommandsKeptCollapsed { culledVertices.removeAll(keepingCapacity: true) }
                    culledVertices[index] = Array(vertices[from..<to])
                }
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
                // Unchanged since it was collapsed (a change emits it whole, and a whole tessellation empties the
                // kept vertices): the vertices it had are the ones emitting it would make.
                if let kept = culledVertices.removeValue(forKey: index), kept.count == span.count * stride {
                    let start = span.first * stride
                    vertices.withUnsafeMutableBufferPointer { v in
                        kept.withUnsafeBufferPointer { k in (v.baseAddress! + start).update(from: k.baseAddress!, count: k.count) }
                    }
                    uploads.append(start..<(start + kept.count))
                    culled[index] = false
                    restoredCulledCommandCount += 1
                    continue
                }
                let tail = vertices.count
                emittingGroup = span.group
                var emitted = EmittedCommand(index: index,
                                             clip: Self.scissorPixelsIfClipped(span.clip, drawableHeight: context.drawableHeight))
                emitted.keptProgram = batches[span.batch].program
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

    /// The group commands that show and are collapsed, or are out of sight and not yet collapsed. Most spans change
    /// nothing in a scroll, so this is one scan through buffer pointers: an array access per field costs a check, and
    /// the spans are large (docs/bench.md, round 7).
    private func cullFlips(commandCount: Int) -> [Int] {
        // Each group's scissor in its own pixels (nil: none, everything shows), so no span's bounds are moved.
        let visible: [Rect?] = groups.map { g in g.scissor.map { $0.offsetBy(dx: -g.offset.x, dy: -g.offset.y) } }
        var flips: [Int] = []
        spans.withUnsafeBufferPointer { all in
            culled.withUnsafeBufferPointer { isCulled in
                visible.withUnsafeBufferPointer { visible in
                    for index in 0..<min(all.count, commandCount) {
                        let group = all[index].group
                        guard group >= 0, all[index].count > 0, let bounds = all[index].bounds else { continue }
                        // As `onScreen` decides, without making the cut rectangle.
                        let shows = visible[group].map { bounds.intersects($0) } ?? true
                        if shows == isCulled[index] { flips.append(index) }
                    }
                }
            }
        }
        return flips
    }
}
