// Draw lists into triangles without a graphics API: the vertices, the batches (one texture and one program each) and,
// per command, where its vertices are. A backend uploads `vertices` and issues `batches`; partial updates
// (DrawListTessellator+PartialUpdate.swift) rewrite only damaged commands' vertex ranges and say which ranges and
// pixels changed; hot commands (DrawListTessellator+HotCommands.swift) keep a drag's changing commands in a buffer of
// their own. Shapes, glyphs and bar graphs become quads in DrawListTessellator+Shapes.swift.
//
// Vertex layout, 13 floats: position (2, pixels, top-left origin), local coordinates (2: pixels from the shape's
// center, texture coordinates for glyphs and images), premultiplied color (4), shape parameters (4: half width, half
// height, corner radius, stroke; a bar graph's flagged color), kind (1: 0 shape, 1 glyph, 2 image or composite,
// 3 saturation/value, 4 and 5 hue, 6 bars). Triangles are not indexed: six vertices a quad, so a command's vertices
// are one contiguous range that a partial update overwrites in place.
import GlasspaneCore

/// What a `popOffset` restores while tessellating.
struct OffsetFrame {
    /// The offset drawn on the CPU outside it, points.
    var cpuOffset: Point
    /// The group outside it (-1: none).
    var group: Int
    /// The clip outside it, and the clip stack's depth at its push.
    var clip: Rect?
    var clipDepth: Int
}

/// Turns draw lists into vertices and batches, remembering enough to redo only damaged commands. Not thread-safe: one
/// per overlay layer, used by its renderer.
package final class DrawListTessellator {
    /// Floats per vertex (see the file comment).
    package static let floatsPerVertex = 13

    /// A run's glyphs as they are placed (reused from run to run).
    var placedGlyphs: [RunGlyph] = []
    /// The vertices, batch after batch, then the composite quad (`compositeFirst`).
    package internal(set) var vertices: [Float] = []
    /// The batches in drawing order.
    package internal(set) var batches: [DrawBatch] = []
    /// Where each command's vertices are (same indices as the list's commands).
    package internal(set) var spans: [CommandSpan] = []
    /// The pixels every emitted quad covers (whole pixels once the composite quad is appended), nil when nothing shows.
    package internal(set) var contentBounds: Rect?
    /// What the composite quad covers now.
    package internal(set) var compositeBounds: Rect?
    /// The composite quad's first vertex (six vertices; none when `contentBounds` is nil).
    package internal(set) var compositeFirst = 0
    /// Pixels a cache of the drawn list no longer matches (whole pixels, top-left origin, at most `maxDamageRects`).
    package var damagedPixels: [Rect] = []
    /// Ranges of `vertices` (in floats) rewritten since the backend last uploaded (`takeUploads`).
    package internal(set) var uploads: [Range<Int>] = []
    /// The commands whose vertices the last partial update changed.
    package internal(set) var lastChangedCommands: [Int] = []
    /// Commands re-emitted by partial updates (a damaged command equal to the one emitted before is skipped).
    package internal(set) var reemittedCommandCount = 0
    /// The glyph source's `resetCount` when the list was last tessellated.
    package internal(set) var tessellatedGlyphResets = 0
    /// Whether large stroked shapes leave out their transparent interior (tests turn it off to draw the reference).
    package var cutsStrokeInteriors = true
    /// Whether large solid rectangles on whole pixels get the solid program (tests turn it off for the reference).
    package var drawsLargeSolidRectsAlone = true
    /// Whether large rounded shapes get the shape program (`largeShapeMinimumPixels`); the renderer turns it on for a
    /// CPU rasterizer, where it saves each pixel the texture read (docs/overlay.md, "Large shapes").
    package var drawsLargeShapesAlone = false
    /// Whether a rectangle under a scrolled list's opaque rows leaves out the pixels they cover; the GL renderer turns
    /// it on, on every rasterizer (DrawListTessellator+Covers.swift).
    package var cutsCoveredInteriors = false
    /// The state of the covers (DrawListTessellator+Covers.swift).
    var covers = CoverState()

    /// The commands as last emitted (same indices as `spans`): a partial update skips those that are equal.
    var emittedCommands: [DrawCommand] = []
    /// The drawable size of the last tessellation (damage is kept inside it).
    var drawableSize: PixelSize?
    /// Each bar graph's row of levels in the glyph source, by command index, with the source's reset it was taken in.
    var barRows: [Int: (x: Int, y: Int, width: Int, resets: Int)] = [:]
    /// The other vertex buffer: tessellation emits in painter's order, then lays the batches out here and swaps.
    var staging: [Float] = []
    /// The commands of each batch, in painter's order (indices into `spans`; only the first `batches.count` are used).
    var batchMembers: [[Int]] = []
    /// The clip stack while tessellating (kept to reuse its storage).
    var clipStack: [Rect?] = []
    /// The offset groups of the last tessellation, in list order (`OffsetGroup`).
    package internal(set) var groups: [OffsetGroup] = []
    /// The offsets open while tessellating, and what each `popOffset` restores.
    var offsetStack: [OffsetFrame] = []
    /// The group the command being emitted is in (-1: none), and how deep the clip stack was where it began.
    var emittingGroup = -1
    var groupClipDepth = 0
    /// Each command's vertex count in the last tessellation (a text's room, `padGlyphQuads`), and the one being made.
    var glyphRoom: [Int] = []
    var newGlyphRoom: [Int] = []
    /// Group commands collapsed because they lie outside their group's scissor (DrawListTessellator+Culling.swift).
    package internal(set) var culled: [Bool] = []
    /// The vertices each command collapsed by a partial update had, put back when it shows again (emitting a run of
    /// text again costs more than the copy); emptied by a whole tessellation, at most `maximumCommandsKeptCollapsed`.
    var culledVertices: [Int: [Float]] = [:]
    /// Commands put back from `culledVertices` instead of emitted again (tests).
    package internal(set) var restoredCulledCommandCount = 0
    /// Collapsed commands that keep their vertices now (tests of the limit).
    package var keptCollapsedCommandCount: Int { culledVertices.count }
    /// Some offset of the last tessellation was drawn on the CPU (nested in a group, or too far): partial
    /// updates, which do not track it, redo the whole list.
    var drawsOffsetsOnCPU = false
    /// Whether each clip pushed and still open in the range being updated moved (reused storage).
    var movedClips: [Bool] = []
    /// The commands whose bounds changed in a partial update (reused storage).
    var moved: [Int] = []
    /// The hot commands' state (DrawListTessellator+HotCommands.swift).
    package internal(set) var hot = HotCommandState()
    /// The previous tessellation, while moved commands are copied from it (DrawListTessellator+Moves.swift).
    var moveSource = MoveSource()
    /// Commands the last whole-list tessellation emitted (glyphs looked up, quads computed).
    package internal(set) var lastEmittedCommandCount = 0
    /// Commands the last whole-list tessellation copied from the one before, moved (`DrawListDamage.movedRuns`).
    package internal(set) var lastMovedCommandCount = 0

    /// Separate damaged rectangles kept before they are merged into one (each costs its own pass over the batches).
    static let maxDamageRects = 4

    /// Creates an empty tessellator.
    package init() {}

    /// Vertices of the last tessellation (its batches and the composite quad).
    package var vertexCount: Int { vertices.count / Self.floatsPerVertex }

    /// What one tessellation or partial update reads: the scale, the drawable's height, glyphs and image textures.
    struct Context {
        let sx: Double, sy: Double
        let drawableHeight: Int
        let glyphs: any GlyphSource
        let images: [Int: TextureID]

        init(metrics: WindowMetrics, glyphs: any GlyphSource, images: [Int: TextureID]) {
            sx = metrics.scaleX; sy = metrics.scaleY
            drawableHeight = metrics.drawableSize.height
            self.glyphs = glyphs; self.images = images
        }

        /// A rectangle in points, in pixels.
        func pixels(_ r: Rect) -> Rect { Rect(x: r.minX * sx, y: r.minY * sy, width: r.width * sx, height: r.height * sy) }
    }

    /// Hands the ranges of `vertices` rewritten since the last call to the backend, merged where close (each upload
    /// call costs about as much as copying 8 KB on llvmpipe, and a drag changes five scattered commands).
    package func takeUploads() -> [Range<Int>] {
        mergeNearbyUploads()
        defer { uploads.removeAll(keepingCapacity: true) }
        return uploads
    }

    // MARK: - Whole lists

    /// Tessellates the whole list and groups its commands into as few batches (draw calls) as painter's order
    /// allows: a command joins the last batch with its texture unless a command in a later batch overlaps it (then
    /// it must be drawn after that one: a new batch). Commands whose quads do not overlap touch no pixel in common,
    /// so the pixels are those of drawing the list in order. Clips cut the quads themselves, so they never split a
    /// batch: on llvmpipe each draw call costs about 10 µs of CPU whatever it draws. Ends with the composite quad
    /// (`appendCompositeQuad`); the whole of `vertices` is new.
    package func tessellate(_ list: DrawList, metrics: WindowMetrics, glyphs: any GlyphSource, images: [Int: TextureID],
                            moved: [MovedCommands] = []) {
        let context = Context(metrics: metrics, glyphs: glyphs, images: images)
        // Before anything is cleared: the vertices moved commands are copied from.
        let copiesMoved = prepareMoveSource(moved, commandCount: list.commands.count, metrics: metrics, glyphs: glyphs)
        lastEmittedCommandCount = 0
        lastMovedCommandCount = 0
        emittedCommands = list.commands
        hot.reset(commandCount: list.commands.count)
        tessellatedGlyphResets = glyphs.resetCount
        drawableSize = metrics.drawableSize
        contentBounds = nil
        damagedPixels.removeAll(keepingCapacity: true)
        uploads.removeAll(keepingCapacity: true)
        // Emitted in painter's order into `vertices`, then copied batch by batch into `staging` and swapped.
        vertices.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        spans.reserveCapacity(list.commands.count)
        clipStack.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        offsetStack.removeAll(keepingCapacity: true)
        emittingGroup = -1
        drawsOffsetsOnCPU = false
        // `Array(repeating:count:)`: appending a `repeatElement` went through unspecialized generic code (measured).
        newGlyphRoom = [Int](repeating: 0, count: list.commands.count)
        var clip: Rect? = nil
        // Offsets drawn on the CPU (nested, too far, or a group's part below a pixel), in points: commands are moved
        // before emitting.
        var cpuOffset = Point.zero

        for (index, listed) in list.commands.enumerated() {
            spans.append(CommandSpan(first: 0, count: 0, batch: -1, bounds: nil, clip: clip, group: emittingGroup))
            let command = cpuOffset == .zero ? listed : listed.translated(by: cpuOffset)
            let texture: TextureID
            switch command {
            case .pushOffset(let p): // its own offset plus those drawn on the CPU around it
                offsetStack.append(OffsetFrame(cpuOffset: cpuOffset, group: emittingGroup, clip: clip, clipDepth: clipStack.count))
                if emittingGroup < 0, let (whole, shift) = Self.groupOffset(p, context) {
                    groups.append(OffsetGroup(offset: whole,
                                              scissor: Self.scissorPixelsIfClipped(clip, drawableHeight: context.drawableHeight),
                                              command: index, cpuShift: shift))
                    emittingGroup = groups.count - 1
                    groupClipDepth = clipStack.count
                    spans[index].group = emittingGroup
                    cpuOffset = shift // the renderer moves them as a whole (the group's offset), this much on the CPU
                    clip = nil // inside, clips are the group's own and cut its quads; the outer one scissors
                } else {
                    cpuOffset = p // `listed` moved by the offsets around it
                    drawsOffsetsOnCPU = true
                }
                continue
            case .popOffset:
                guard let frame = offsetStack.popLast() else { continue }
                if frame.group != emittingGroup { clip = frame.clip; clipStack.removeSubrange(min(frame.clipDepth, clipStack.count)...) }
                emittingGroup = frame.group
                cpuOffset = frame.cpuOffset
                spans[index].clip = clip
                spans[index].group = emittingGroup
                continue
            case .pushClip(let r):
                clipStack.append(clip)
                let p = context.pixels(r)
                spans[index].bounds = p // the clip it pushed (partial updates compare it)
                clip = RectMath.intersection(clip, p)
                continue
            case .popClip:
                // A pop past the group's own pushes would bring back a clip in other coordinates.
                if emittingGroup >= 0 && clipStack.count <= groupClipDepth { continue }
                clip = clipStack.popLast() ?? nil
                spans[index].clip = clip // for a pop, the clip after it (partial updates resume from it)
                continue
            // Shapes batch without a texture (the shape program); glyphs with the glyph source's, images with their own.
            case .image(_, let handle, _):
                guard let image = images[handle.id] else { continue }
                texture = image
            case .glyphs(let run) where run.shaped?.glyphs.first.map({ glyphs.isColorFont($0.fontPath, faceIndex: $0.faceIndex) }) == true:
                // Color glyphs (emoji) come from their own RGBA texture, drawn as images.
                if glyphs.colorTexture == 0, let first = run.shaped?.glyphs.first {
                    _ = glyphs.colorGlyph(fontPath: first.fontPath, faceIndex: first.faceIndex, id: first.id,
                                          pixelSize: glyphs.pixelSize(for: run.fontSize))
                }
                guard glyphs.colorTexture != 0 else { continue }
                texture = glyphs.colorTexture
            case .glyphs(let run):
                // Rasterize first: the glyph texture exists once a glyph is in it.
                if glyphs.texture == 0 {
                    let pixelSize = glyphs.pixelSize(for: run.fontSize)
                    for scalar in run.text.unicodeScalars { _ = glyphs.glyph(scalar, pixelSize: pixelSize) }
                    if let first = run.shaped?.glyphs.first {
                        _ = glyphs.glyph(fontPath: first.fontPath, faceIndex: first.faceIndex, id: first.id, pixelSize: pixelSize)
                    }
                }
                guard glyphs.texture != 0 else { continue }
                texture = glyphs.texture
            case .bars:
                glyphs.ensureTexture() // the levels live in the glyph texture
                texture = glyphs.texture
            default:
                texture = 0
            }
            let first = vertices.count / Self.floatsPerVertex
            var emitted = EmittedCommand(index: index, clip: Self.scissorPixelsIfClipped(clip, drawableHeight: context.drawableHeight))
            if copiesMoved && appendMovedCopy(of: command, at: index, texture: texture, into: &emitted) {
                lastMovedCommandCount += 1
            } else {
                emit(command, into: &emitted, context)
                lastEmittedCommandCount += 1
            }
            if emittingGroup >= 0, case .glyphs = command, !emitted.composedRun {
                padGlyphQuads(from: first * Self.floatsPerVertex, roomBefore: index < glyphRoom.count ? glyphRoom[index] : 0)
            }
            newGlyphRoom[index] = vertices.count / Self.floatsPerVertex - first
            let count = vertices.count / Self.floatsPerVertex - first
            guard count > 0 else { continue }
            // A command cut away entirely (no bounds) draws nothing: any batch of its texture keeps its vertices.
            let b = emitted.bounds
            let batch = batchToJoin(bounds: b, texture: texture, program: emitted.program, group: emittingGroup)
            spans[index] = CommandSpan(first: first, count: count, batch: batch, bounds: b, hole: emitted.hole, clip: clip,
                                       extent: emitted.extent, group: emittingGroup, isOpaque: emitted.isOpaque)
            batches[batch].count += count
            if let b { batches[batch].bounds = RectMath.grown(batches[batch].bounds, by: b) }
            batchMembers[batch].append(index)
        }
        emittingGroup = -1
        cutCoveredInteriors(list, context)
        swap(&glyphRoom, &newGlyphRoom)
        joinBatchesForward()
        // Lay the vertices out batch after batch, each batch's commands in painter's order.
        staging.removeAll(keepingCapacity: true)
        staging.reserveCapacity(vertices.count)
        for b in batches.indices {
            batches[b].first = staging.count / Self.floatsPerVertex
            batches[b].isOpaque = batches[b].program == .solid
            for index in batchMembers[b] {
                let span = spans[index]
                if !span.isOpaque { batches[b].isOpaque = false }
                spans[index].first = staging.count / Self.floatsPerVertex
                let from = span.first * Self.floatsPerVertex
                staging.append(contentsOf: vertices[from..<(from + span.count * Self.floatsPerVertex)])
            }
        }
        swap(&vertices, &staging)
        appendCompositeQuad(drawableSize: metrics.drawableSize)
        culled = [Bool](repeating: false, count: spans.count)
        culledVertices.removeAll(keepingCapacity: true)
        _ = cullGroupCommands(list, context, keepingVertices: false) // only collapses: nothing is culled yet
        uploads.removeAll(keepingCapacity: true) // the whole of `vertices` is new
    }

    /// The batch a command with these pixel bounds, texture and program joins (a new one when it must).
    private func batchToJoin(bounds: Rect?, texture: TextureID, program: BatchProgram, group: Int) -> Int {
        // Plain loops: closures here were measured to cost in this hot path.
        var candidate = batches.count - 1
        while candidate >= 0 && !(batches[candidate].group == group
                                  && Self.sharesBatch(batches[candidate].texture, batches[candidate].program, texture, program)) {
            candidate -= 1
        }
        if candidate >= 0, let bounds {
            var later = candidate + 1
            while later < batches.count {
                if batches[later].group != group {
                    // Other coordinates: where each may draw on screen.
                    let ours = screenBounds(bounds, group: group)
                    if let theirs = batches[later].bounds.flatMap({ screenBounds($0, group: batches[later].group) }),
                       let ours, theirs.intersects(ours) {
                        candidate = -1
                        break
                    }
                } else if let union = batches[later].bounds, union.intersects(bounds) {
                    for member in batchMembers[later] where spans[member].bounds?.intersects(bounds) ?? false {
                        candidate = -1
                        break
                    }
                }
                if candidate < 0 { break }
                later += 1
            }
        }
        if candidate >= 0 {
            if texture != 0 { batches[candidate].texture = texture } // a batch of shapes takes the texture
            return candidate
        }
        batches.append(DrawBatch(first: 0, count: 0, texture: texture, program: program, group: group))
        if batchMembers.count < batches.count { batchMembers.append([]) }
        batchMembers[batches.count - 1].removeAll(keepingCapacity: true)
        return batches.count - 1
    }

    /// Moves a batch's commands into a later batch of the same program, texture and group when no batch between them
    /// may draw where they do: a draw call fewer (a panel's title, emitted between its background and a list, is drawn
    /// with the list's scroll bar). `batchToJoin` only looks back, to batches that exist when a command is emitted.
    func joinBatchesForward() {
        var b = 0
        while b < batches.count - 1 {
            guard let later = laterBatchToJoin(b) else { b += 1; continue }
            var merged = batchMembers[b] + batchMembers[later]
            merged.sort() // painter's order: overlapping commands keep their list order
            batchMembers[later] = merged
            batches[later].count += batches[b].count
            if batches[later].texture == 0 { batches[later].texture = batches[b].texture }
            if let bounds = batches[b].bounds { batches[later].bounds = RectMath.grown(batches[later].bounds, by: bounds) }
            batches.remove(at: b)
            let emptied = batchMembers.remove(at: b)
            batchMembers.append(emptied) // keeps its storage for the next tessellation
            for k in b..<batches.count {
                for index in batchMembers[k] { spans[index].batch = k }
            }
        }
    }

    /// The batch after `b` that `b`'s commands can join, or nil.
    private func laterBatchToJoin(_ b: Int) -> Int? {
        let batch = batches[b]
        guard let bounds = batch.bounds, let onScreen = screenBounds(bounds, group: batch.group) else { return nil }
        var k = b + 1
        while k < batches.count {
            let candidate = batches[k]
            if candidate.group == batch.group
                && Self.sharesBatch(candidate.texture, candidate.program, batch.texture, batch.program) {
                return k
            }
            // Drawn between: none of its commands may touch any of `b`'s.
            if let theirs = candidate.bounds.flatMap({ screenBounds($0, group: candidate.group) }), theirs.intersects(onScreen) {
                for mine in batchMembers[b] {
                    for their in batchMembers[k] where spansMayOverlap(spans[mine], spans[their]) { return nil }
                }
            }
            k += 1
        }
        return nil
    }

    /// A run of text in an offset group keeps room for a glyph more (it is padded to a whole number of this many
    /// quads): a row recycled with another text of about its length (a list's next item) is then re-emitted in place
    /// instead of tessellating the whole list. Larger rooms cost llvmpipe more vertex work than they save (measured
    /// with `bench --scenario list`, docs/scrolling.md).
    static let glyphQuadQuantum = 2

    /// Pads the vertices appended from `start` (floats) with copies of their last vertex, which draw nothing, to
    /// `floats`, or else to a whole number of `glyphQuadQuantum` quads and at least the room the same command had in
    /// the tessellation before (`roomBefore` vertices, up to 4 quads more than it needs): rows that keep coming back
    /// with texts of other lengths settle on room for the longer ones. None when nothing was appended.
    func padGlyphQuads(from start: Int, to floats: Int? = nil, roomBefore: Int = 0) {
        let quad = 6 * Self.floatsPerVertex, have = vertices.count - start
        guard have > 0 else { return }
        let kept = min(roomBefore * Self.floatsPerVertex, have + 4 * quad)
        let block = quad * Self.glyphQuadQuantum
        let want = floats ?? (max(have, kept) + block - 1) / block * block
        let last = Array(vertices[(vertices.count - Self.floatsPerVertex)...])
        vertices.reserveCapacity(start + want)
        for _ in stride(from: have, to: want, by: Self.floatsPerVertex) { vertices.append(contentsOf: last) }
    }

    /// Where pixels with these bounds may land on screen: the bounds themselves, or for a group's (in its own pixels)
    /// anywhere its scissor keeps (the whole drawable without one), since its offset changes without tessellating.
    func screenBounds(_ bounds: Rect, group: Int) -> Rect? {
        guard group >= 0 else { return bounds }
        if let scissor = groups[group].scissor { return scissor }
        guard let size = drawableSize else { return nil }
        return Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    }

    /// Whether two commands' pixels may overlap on screen (`CommandSpan.mayOverlap` when they share coordinates).
    func spansMayOverlap(_ a: CommandSpan, _ b: CommandSpan) -> Bool {
        if a.group == b.group { return a.mayOverlap(b) }
        guard let ab = a.bounds.flatMap({ screenBounds($0, group: a.group) }),
              let bb = b.bounds.flatMap({ screenBounds($0, group: b.group) }) else { return false }
        return ab.intersects(bb)
    }

    /// Whether commands of these textures and programs can be drawn by one call: two different programs or textures
    /// cannot (0 is no texture: shapes).
    static func sharesBatch(_ a: TextureID, _ aProgram: BatchProgram, _ b: TextureID, _ bProgram: BatchProgram) -> Bool {
        aProgram == bProgram && (a == b || a == 0 || b == 0)
    }

    /// A top-level offset of `p` points as a group's: the whole pixels the renderer moves it by, and the rest (in
    /// points) that its commands are moved by as they are emitted; nil when it is too far to hold whole pixels.
    static func groupOffset(_ p: Point, _ context: Context) -> (whole: Point, shift: Point)? {
        let px = p.x * context.sx, py = p.y * context.sy
        guard abs(px) < 1_048_576 && abs(py) < 1_048_576 else { return nil }
        let whole = Point(x: px.rounded(.down), y: py.rounded(.down))
        return (whole, Point(x: (px - whole.x) / context.sx, y: (py - whole.y) / context.sy))
    }

    /// `command` as a group's command is emitted: moved by the part of the group's offset below a pixel.
    func shiftedForGroup(_ command: DrawCommand, _ group: Int) -> DrawCommand {
        guard group >= 0, groups[group].cpuShift != .zero else { return command }
        return command.translated(by: groups[group].cpuShift)
    }

    /// The pixels scissoring to `clip` keeps (`ScissorBox`'s rounding), nil when there is no clip.
    static func scissorPixelsIfClipped(_ clip: Rect?, drawableHeight h: Int) -> Rect? {
        guard let clip else { return nil }
        return ScissorBox(clip, drawableHeight: h).topLeftPixels(drawableHeight: h)
    }

    // MARK: - The composite quad

    /// Rounds the content's bounds out to whole pixels (inside the drawable) and appends a textured quad over them
    /// after the batches: a backend that caches the list in a texture draws it with that one quad.
    func appendCompositeQuad(drawableSize: PixelSize) {
        compositeFirst = vertices.count / Self.floatsPerVertex
        compositeBounds = nil
        guard var b = contentBounds else { return }
        let w = Double(drawableSize.width), h = Double(drawableSize.height)
        b = b.intersection(Rect(x: 0, y: 0, width: w, height: h))
        guard b.width > 0, b.height > 0 else { contentBounds = nil; return }
        let x0 = b.minX.rounded(.down), y0 = b.minY.rounded(.down), x1 = b.maxX.rounded(.up), y1 = b.maxY.rounded(.up)
        contentBounds = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        compositeBounds = contentBounds
        // The cache texture's rows start at the bottom: v = 1 - y / h.
        var composite = EmittedCommand(index: -1, clip: nil)
        quad(x0: x0, y0: y0, x1: x1, y1: y1, l0: (x0 / w, 1 - y0 / h), l1: (x1 / w, 1 - y1 / h),
             colors: .solid(.white), shape: (0, 0, 0, 0), kind: 2, into: &composite)
    }

    // MARK: - Damage

    /// Adds the whole pixels of `bounds` inside the drawable as damage (nothing when it lies outside: a sheet sliding
    /// in from below the window). A cache redraw copies exactly these pixels, so they must lie inside it.
    func addDamage(onScreen bounds: Rect?) {
        guard let bounds, let size = drawableSize else { return }
        let c = bounds.intersection(Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        guard c.width > 0, c.height > 0 else { return }
        addDamage(c.wholePixels)
    }

    /// Adds a damaged pixel rectangle, merging it with those it overlaps; past `maxDamageRects`, all become one.
    func addDamage(_ rect: Rect) {
        var merged = rect
        var i = 0
        while i < damagedPixels.count {
            if damagedPixels[i].intersects(merged) {
                merged = merged.union(damagedPixels.remove(at: i))
                i = 0
            } else {
                i += 1
            }
        }
        damagedPixels.append(merged)
        if damagedPixels.count > Self.maxDamageRects {
            let all = damagedPixels.dropFirst().reduce(damagedPixels[0]) { $0.union($1) }
            damagedPixels = [all]
        }
    }
}
