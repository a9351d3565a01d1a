// Partial updates: a list whose changed commands are named (`DrawListDamage`: a drag moving one knob) re-tessellates
// only those commands into their own vertex ranges (same vertex count, same batch, else the whole list is redone), and
// says which vertex ranges to upload (`uploads`) and which pixels a cache must redraw (`damagedPixels`).
import GlasspaneCore

extension DrawListTessellator {
    /// Re-tessellates the damaged commands into their own vertex ranges. False (having changed nothing that a full
    /// tessellation would not redo) when a command's vertex count or batch would change: another texture, or a move
    /// that makes it overlap a command its batch is drawn on the wrong side of. The caller checks that `damage` is
    /// relative to the list tessellated last, at the same metrics.
    package func updateDamaged(_ list: DrawList, _ damage: DrawListDamage, metrics: WindowMetrics,
                               glyphs: any GlyphSource, images: [Int: TextureID]) -> Bool {
        guard list.commands.count == spans.count, !drawsOffsetsOnCPU else { return false }
        defer { emittingGroup = -1 }
        let context = Context(metrics: metrics, glyphs: glyphs, images: images)
        let height = metrics.drawableSize.height
        let drawable = Rect(x: 0, y: 0, width: Double(metrics.drawableSize.width), height: Double(height))
        let tail = vertices.count
        moved.removeAll(keepingCapacity: true)
        lastChangedCommands.removeAll(keepingCapacity: true)
        hot.moved.removeAll(keepingCapacity: true)
        for range in damage.commandRanges {
            guard range.lowerBound >= 0, range.upperBound <= spans.count else { return false }
            // Clips pushed inside the range may have moved (a springing panel): the clip of each command is worked
            // out again, and every command under a moved clip is in the range, so each is emitted again below.
            var clip = range.isEmpty ? nil : spans[range.lowerBound].clip
            clipStack.removeAll(keepingCapacity: true)
            movedClips.removeAll(keepingCapacity: true)
            offsetStack.removeAll(keepingCapacity: true)
            // A range that starts inside an offset group works in its pixels (a `pushOffset` records the group it opens).
            emittingGroup = range.isEmpty ? -1 : spans[range.lowerBound].group
            if !range.isEmpty, case .pushOffset = list.commands[range.lowerBound] { emittingGroup = -1 }
            groupClipDepth = 0
            for index in range {
                let command = list.commands[index]
                switch command {
                case .pushOffset(let p):
                    // Only a group's offset may change in place: the same group, scissor and kind of offset.
                    guard emittingGroup < 0, let g = groups.firstIndex(where: { $0.command == index }) else { return false }
                    // The part below a pixel must stay: the group's commands were emitted moved by it.
                    guard let (offset, shift) = Self.groupOffset(p, context), shift == groups[g].cpuShift,
                          groups[g].scissor == Self.scissorPixelsIfClipped(clip, drawableHeight: height)
                    else { return false }
                    offsetStack.append(OffsetFrame(cpuOffset: .zero, group: -1, clip: clip, clipDepth: clipStack.count))
                    if groups[g].offset != offset {
                        // No vertex changes: the group is drawn moved, wherever its scissor keeps.
                        if let before = screenBounds(drawable, group: g) { addDamage(onScreen: before) }
                        groups[g].offset = offset
                        lastChangedCommands.append(index)
                    }
                    emittedCommands[index] = command
                    emittingGroup = g
                    groupClipDepth = clipStack.count
                    clip = nil
                    continue
                case .popOffset:
                    if let frame = offsetStack.popLast() {
                        clip = frame.clip
                        if clipStack.count > frame.clipDepth {
                            clipStack.removeSubrange(frame.clipDepth...)
                            movedClips.removeSubrange(frame.clipDepth...)
                        }
                        emittingGroup = frame.group
                    } else {
                        // The range began inside the group: after it, what the tessellation recorded.
                        clip = spans[index].clip
                        emittingGroup = spans[index].group
                    }
                    continue
                case .pushClip(let listed):
                    // A clip pushed inside a group moves with its commands (the group's part below a pixel).
                    let shift = emittingGroup >= 0 ? groups[emittingGroup].cpuShift : .zero
                    let r = listed.offsetBy(dx: shift.x, dy: shift.y)
                    let pushed = context.pixels(r)
                    movedClips.append(pushed != spans[index].bounds)
                    spans[index].bounds = pushed
                    spans[index].clip = clip
                    clipStack.append(clip)
                    clip = RectMath.intersection(clip, pushed)
                    continue
                case .popClip:
                    // A pop past the group's own pushes is left out, as the tessellation left it out.
                    if emittingGroup >= 0 && !offsetStack.isEmpty && clipStack.count <= groupClipDepth { continue }
                    if clipStack.isEmpty { clip = spans[index].clip } else { clip = clipStack.removeLast() ?? nil; movedClips.removeLast() }
                    spans[index].clip = clip
                    continue
                default:
                    // A command equal to the one emitted last time, under the same clip, has the same vertices: a
                    // repainted view re-emits all its commands, usually to change one or two (docs/overlay.md).
                    if spans[index].clip == clip && index < emittedCommands.count && emittedCommands[index] == command {
                        continue
                    }
                    spans[index].clip = clip
                }
                let span = spans[index]
                switch command {
                case .pushClip, .popClip, .pushOffset, .popOffset:
                    continue
                case .image(_, let handle, _):
                    guard let image = images[handle.id] else { return false }
                    if span.count > 0 && batches[span.batch].texture != image { return false }
                case .glyphs, .bars:
                    if span.count > 0 && batches[span.batch].texture != glyphs.texture { return false }
                default:
                    break // a shape fits a batch of any texture (its program is checked after emitting)
                }
                var emitted = EmittedCommand(index: index, clip: Self.scissorPixelsIfClipped(span.clip, drawableHeight: height))
                if span.count > 0 && span.batch >= 0 { emitted.keptProgram = batches[span.batch].program }
                if span.coverGroup >= 0 { emitted.coveredPixels = span.hole } // the same bands: checked below
                emit(shiftedForGroup(command, emittingGroup), into: &emitted, context)
                reemittedCommandCount += 1
                // In an offset group, a shorter or slightly longer text fills the room its run kept (`padGlyphQuads`).
                if emittingGroup >= 0, case .glyphs = command, vertices.count - tail <= span.count * Self.floatsPerVertex {
                    padGlyphQuads(from: tail, to: span.count * Self.floatsPerVertex)
                }
                let floats = vertices.count - tail
                // A rectangle that left whole pixels (or shrank under `solidRectMinimumPixels`) needs another program.
                if span.count > 0 && batches[span.batch].program != emitted.program {
                    vertices.removeSubrange(tail...)
                    return false
                }
                if span.count > 0 && batches[span.batch].texture != 0 && batches[span.batch].texture != glyphs.texture,
                   command.drawsFromAtlas {
                    vertices.removeSubrange(tail...) // the glyph source started over while emitting
                    return false
                }
                guard floats == span.count * Self.floatsPerVertex else { vertices.removeSubrange(tail...); return false }
                guard floats > 0 else { continue }
                if index < hot.first.count && hot.first[index] >= 0 {
                    // Drawn directly over the composite: its vertices live in the hot buffer, the cache never had it.
                    let start = hot.first[index] * Self.floatsPerVertex
                    let changed = Self.copyIfChanged(vertices, from: tail, into: &hot.vertices, at: start, count: floats)
                        || command.changesWithoutVertices
                    vertices.removeSubrange(tail...)
                    emittedCommands[index] = command
                    guard changed else { continue }
                    lastChangedCommands.append(index)
                    hot.verticesChanged = true
                    if emitted.bounds != span.bounds || emitted.hole != span.hole { hot.moved.append(index) }
                    spans[index].bounds = emitted.bounds
                    spans[index].hole = emitted.hole
                    spans[index].extent = emitted.extent
                    spans[index].isOpaque = emitted.isOpaque
                    continue
                }
                let start = span.first * Self.floatsPerVertex
                // A view repaints all its commands; the ones that came out the same need no upload and no pixels.
                let changed = Self.copyIfChanged(within: &vertices, from: tail, to: start, count: floats)
                    || command.changesWithoutVertices
                vertices.removeSubrange(tail...)
                emittedCommands[index] = command
                if index < culled.count && culled[index] { // emitted whole: culled again below if out of sight
                    culled[index] = false
                    culledVertices[index] = nil
                }
                guard changed else { continue }
                lastChangedCommands.append(index)
                uploads.append(start..<(start + floats))
                // The pixels the command covered and now covers (its quads are cut to its clip already).
                if let covered = RectMath.union(span.bounds, emitted.bounds) {
                    addDamage(onScreen: emittingGroup < 0 ? covered : onScreen(covered, group: emittingGroup))
                }
                if emitted.bounds != span.bounds || emitted.hole != span.hole { moved.append(index) }
                spans[index].bounds = emitted.bounds
                spans[index].hole = emitted.hole
                spans[index].extent = emitted.extent
                spans[index].isOpaque = emitted.isOpaque
                // A row made translucent is blended from now on (its batch is drawn without blending only while
                // every command in it is opaque; the next tessellation looks again).
                if !emitted.isOpaque { batches[span.batch].isOpaque = false }
                if let b = emitted.bounds { batches[span.batch].bounds = RectMath.grown(batches[span.batch].bounds, by: b) }
            }
            // A clip that moved and is still open past the range would leave the commands after it cut to the old one.
            if movedClips.contains(true) { return false }
        }
        guard movesKeepPaintersOrder(), cullGroupCommands(list, context), coversStillHold() else { return false }
        if !hot.moved.isEmpty {
            // Still drawn after every cold command it overlaps that follows it in the list? Else draw it all anew.
            guard hotCommandsKeepPaintersOrder() else { return false }
            // Moves rarely change which batch a hot command belongs to; only then are the vertices laid out anew.
            if assignHotBatches() { layOutHotCommands() }
        }
        // The composite quad covers the content: grow it when a command moved outside.
        if let bounds = contentBounds, bounds != compositeBounds {
            vertices.removeSubrange((compositeFirst * Self.floatsPerVertex)...)
            appendCompositeQuad(drawableSize: metrics.drawableSize)
            uploads.append((compositeFirst * Self.floatsPerVertex)..<vertices.count)
        }
        return true
    }

    /// True when every command that moved is still drawn after each command it now overlaps that precedes it in
    /// the list, and before each that follows it (batches are drawn in order, each batch in list order).
    private func movesKeepPaintersOrder() -> Bool {
        for index in moved {
            let span = spans[index]
            guard let bounds = span.bounds else { continue }
            // A cold command that now overlaps a hot one it follows would be drawn under it.
            for h in hot.commands where h < index {
                if spansMayOverlap(spans[h], span) { return false }
            }
            let batch = span.batch
            let onScreen = screenBounds(bounds, group: span.group)
            // Every span is looked at for each moved command (a scroll moves a few rows' commands among hundreds):
            // first whether its batch is drawn on the wrong side of the moved command's (two integers: most are
            // not), and only then whether they overlap, without copying spans.
            let keepsOrder = spans.withUnsafeBufferPointer { all -> Bool in
                for other in all.indices where other != index && all[other].count > 0 {
                    let otherBatch = all[other].batch
                    let drawnBefore = otherBatch < batch || (otherBatch == batch && other < index)
                    if drawnBefore == (other < index) { continue }
                    guard let otherBounds = all[other].bounds else { continue }
                    if all[other].group == span.group {
                        guard otherBounds.intersects(bounds), all[other].mayOverlap(span) else { continue }
                    } else {
                        guard let a = onScreen, let b = screenBounds(otherBounds, group: all[other].group),
                              a.intersects(b) else { continue }
                    }
                    return false
                }
                return true
            }
            if !keepsOrder { return false }
        }
        return true
    }

    /// Where pixels of group `group` (in its own pixels) are on screen now: moved by its offset, cut to its scissor.
    package func onScreen(_ r: Rect, group: Int) -> Rect? {
        let moved = r.offsetBy(dx: groups[group].offset.x, dy: groups[group].offset.y)
        guard let scissor = groups[group].scissor else { return moved }
        let cut = moved.intersection(scissor)
        return cut.width > 0 && cut.height > 0 ? cut : nil
    }

    /// Merges upload ranges less than `uploadMergeGap` floats apart (the vertices between are current too).
    func mergeNearbyUploads() {
        guard uploads.count > 1 else { return }
        uploads.sort { $0.lowerBound < $1.lowerBound }
        var merged = 0
        for i in 1..<uploads.count {
            if uploads[i].lowerBound - uploads[merged].upperBound <= Self.uploadMergeGap {
                uploads[merged] = uploads[merged].lowerBound..<max(uploads[merged].upperBound, uploads[i].upperBound)
            } else {
                merged += 1
                uploads[merged] = uploads[i]
            }
        }
        uploads.removeSubrange((merged + 1)...)
    }

    /// See `mergeNearbyUploads`.
    static let uploadMergeGap = 2048

    /// Copies `count` floats from `source` at `from` over `target` at `to`; false, writing nothing, when they are
    /// equal already. (Plain loops over buffer pointers: an array access per element costs a uniqueness check.)
    private static func copyIfChanged(_ source: UnsafeBufferPointer<Float>, from: Int,
                                      into target: UnsafeMutableBufferPointer<Float>, at to: Int, count: Int) -> Bool {
        var k = 0
        while k < count && target[to + k] == source[from + k] { k += 1 }
        guard k < count else { return false }
        while k < count { target[to + k] = source[from + k]; k += 1 }
        return true
    }

    /// `copyIfChanged` from one array into another.
    private static func copyIfChanged(_ source: [Float], from: Int, into target: inout [Float], at to: Int, count: Int) -> Bool {
        source.withUnsafeBufferPointer { v in
            target.withUnsafeMutableBufferPointer { copyIfChanged(v, from: from, into: $0, at: to, count: count) }
        }
    }

    /// `copyIfChanged` between two ranges of one array.
    private static func copyIfChanged(within buffer: inout [Float], from: Int, to: Int, count: Int) -> Bool {
        buffer.withUnsafeMutableBufferPointer { copyIfChanged(UnsafeBufferPointer($0), from: from, into: $0, at: to, count: count) }
    }
}
