// The overlay's draw-list renderer (ImGui-style backend).
// Implements: rounded rects, borders, circles, rings (signed-distance anti-aliasing in the shader), linear
// gradients (vertex colors), hue and saturation/value gradients (computed per pixel from HSV in the shader with
// the color picker's own point-to-color mapping), glyph runs from the atlas, images, nested clips (each quad cut
// to its clip's scissor pixels, interpolating what it carries), premultiplied alpha, high-DPI scaling. Batches by
// texture and program (one program draws shapes, glyphs and images, so shapes join a batch of any texture; the picker's
// gradients, bar graphs and large solid rectangles have programs of their own, since llvmpipe runs every branch for
// every pixel), reordering commands whose quads do not overlap: the demo panel is three draw calls.
// Caching: an unchanged draw list (same generation, same metrics) is not re-tessellated or re-uploaded. A list
// whose changed commands are named (`DrawListDamage`: a partial repaint, such as a drag moving one knob)
// re-tessellates only those commands into their own vertex ranges (same vertex count, same batch, else the whole
// list), uploads only those ranges (`glBufferSubData`), and redraws the cache texture only inside the damaged pixels
// (old and new bounds, scissored; batches that miss it are skipped). With `.automatic` compositing (the default) an
// overlay is rasterized into a texture and each frame composites one textured quad over the content's bounds, while
// one rebuilt whole frame after frame (the HUD) is drawn directly; `.cached` and `.direct` force either way. While a
// partial repaint keeps changing the same few commands (a drag), `.automatic` draws them "hot": from a buffer of their
// own over the composite of a cache that no longer holds them, so the cache is not redrawn until they cool.
// Measurements in docs/overlay.md.
// GL state: given a shared `GLStateCache` (the session's, which its scene renderer uses too) it sets only what differs
// and restores nothing (the contract in GLStateCache.swift); without one it saves the caller's state and restores it,
// so a foreign engine is unaffected.
import CGL
import GlasspaneCore
import GlasspaneOverlay

/// How the overlay reaches the frame.
public enum OverlayCompositing: String, Sendable, CaseIterable {
    /// Draw every batch every frame.
    case direct
    /// Rasterize into a texture when the list changes; composite one quad per frame.
    case cached
    /// Direct while the list changes frame after frame (a drag, the HUD), cached once it holds still.
    case automatic
}

/// Draws `DrawList`s with OpenGL 3.3 core.
@MainActor
public final class GLOverlayRenderer: DrawListRenderer {
    /// Direct drawing or a cached texture (see the file comment).
    public var compositing: OverlayCompositing = .automatic
    /// How many times the cache texture was brought up to date, wholly or in its damaged rectangles (tests: stays put
    /// while the overlay is unchanged).
    public private(set) var cacheRedrawCount = 0
    /// Draw calls issued by the last `render` (for tests and the bench).
    public private(set) var drawCallCount = 0
    /// How many times a whole draw list was tessellated (stays put while the overlay is unchanged).
    public private(set) var tessellationCount = 0
    /// How many times only a list's damaged commands were tessellated again (a drag: one per frame).
    public private(set) var partialUpdateCount = 0
    /// Commands partial updates emitted again (a damaged command equal to the one emitted before is skipped).
    public private(set) var reemittedCommandCount = 0
    /// The pixel rectangles of the cache texture the last cache update redrew (top-left origin); empty when it
    /// redrew the whole cache.
    public private(set) var lastCacheRedrawRegions: [Rect] = []
    /// The glyph atlas text is drawn from (also the overlay's `FontMetrics`).
    public var atlas: GlyphAtlas { resources.atlas }

    private let resources: OverlayResources
    private var program: ShaderProgram { resources.program }
    private var compositeProgram: ShaderProgram { resources.compositeProgram }
    private var barsProgram: ShaderProgram { resources.barsProgram }
    private var solidProgram: ShaderProgram { resources.solidProgram }
    private var gradientProgram: ShaderProgram { resources.gradientProgram }
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    private var vboCapacity = 0
    private var vertices: [Float] = []
    private var batches: [Batch] = []
    private var cachedGeneration: UInt64?
    private var cachedMetrics: WindowMetrics?
    private var contentBounds: Rect? // pixels, whole pixels
    private var compositeBounds: Rect? // what the composite quad covers now
    private var compositeFirst = 0
    private var cacheFramebuffer: GLuint = 0
    /// What the cache is rasterized into (the framebuffer's color attachment); never sampled.
    private var cacheTexture: GLuint = 0
    /// What the composite samples: the cache's pixels copied over after each redraw, never a render target. On
    /// llvmpipe, binding a texture for sampling finishes every queued scene (`glFinish`) while any scene it keeps
    /// still names that texture as its render target; sampling the render target itself made each composite wait
    /// for the whole scene (docs/overlay.md, "Why the composite samples a copy").
    private var compositeTexture: GLuint = 0
    /// The cache's framebuffer and the texture the composite samples (tests check they never coincide).
    var cacheTextures: (framebuffer: GLuint, sampled: GLuint) { (cacheFramebuffer, compositeTexture) }
    private var cacheSize = PixelSize(width: 0, height: 0)
    private var cacheIsCurrent = false
    private var changedFramesInARow = 0
    private var updatedSinceRender = false
    private var preparedDrawCalls = 0
    /// The caller's GL state while a `render` or `prepare` without a shared cache runs (`takeState`).
    private var savedState: SavedGLState?
    /// Where each command's vertices are (same indices as the list's commands).
    private var spans: [CommandSpan] = []
    /// Pixels of the cache texture that no longer match the list (whole pixels, top-left origin).
    private var cacheDamage: [Rect] = []
    /// Separate damaged rectangles kept before they are merged into one (each costs its own pass over the batches).
    private static let maxDamageRects = 4
    /// The bounds of the quads emitted since it was last reset (one command's, during tessellation).
    private var emittedBounds: Rect?
    /// The interior the command being emitted left out (`shape`'s bands), else nil.
    private var emittedHole: Rect?
    /// The program the quads of the command being emitted need (set by `emit`).
    private var emittedProgram = BatchProgram.quads
    /// The pixels quads are cut to while a command under a clip is emitted (nil: not cut).
    private var emitClip: Rect?
    /// The index of the command being emitted (a bar graph keeps its atlas row by index).
    private var emittingIndex = 0
    /// Each bar graph's row of levels in the atlas, by command index, with the atlas reset it was reserved in.
    private var barRows: [Int: (x: Int, y: Int, width: Int, atlasResets: Int)] = [:]
    /// The other vertex buffer: tessellation emits in painter's order, then lays the batches out here and swaps.
    private var staging: [Float] = []
    /// The commands of each batch, in painter's order (indices into `spans`; only the first `batches.count` are used).
    private var batchMembers: [[Int]] = []
    /// The clip stack while tessellating (kept to reuse its storage).
    private var clipStack: [Rect?] = []
    /// A partial update's vertex ranges to upload (floats) and the commands whose bounds changed (reused storage).
    private var uploads: [Range<Int>] = []
    private var moved: [Int] = []
    /// Commands drawn directly over the composite, in list order: those a drag keeps changing (docs/overlay.md,
    /// "Hot commands"). Their vertices live in `hotVertices`; in `vertices` they are collapsed to a point, so the cache
    /// texture never holds them and does not need redrawing while they change.
    private var hotCommands: [Int] = []
    /// Where each command's vertices start in `hotVertices` (vertex index), -1 for a cold command.
    private var hotFirst: [Int] = []
    private var hotVertices: [Float] = []
    private var hotBatches: [Batch] = []
    /// Each hot command's batch (parallel to `hotCommands`) and each hot batch's texture and program (reused storage).
    private var hotBatchOf: [Int] = []
    private var hotBatchKeys: [(texture: GLuint, program: BatchProgram)] = []
    private var hotVAO: GLuint = 0
    private var hotVBO: GLuint = 0
    private var hotVBOCapacity = 0
    private var hotVerticesChanged = false
    /// The hot commands whose bounds changed in this partial update (only they can have moved under a cold one).
    private var movedHotCommands: [Int] = []
    /// Frames `prepare` saw the list unchanged while commands were hot.
    private var quietFrames = 0
    /// Partial updates since the list was last tessellated, and the one in which each hot command last changed (or
    /// turned hot): a hot command that has not changed for `framesBeforeCooling` of them and no longer needs to be
    /// drawn over a changing one goes back into the cache on its own (`coolStaleHotCommands`).
    private var partialUpdatesSinceTessellation = 0
    private var hotLastChanged: [Int] = [] // by command index, like `hotFirst`
    /// The partial update before which `coolStaleHotCommands` does not look again after finding nothing to cool (a
    /// swatch's unchanging outline stays hot over its changing fill for the whole drag: the closure is not worked out
    /// every frame for it).
    private var nextStaleHotCheck = 0
    private static let partialUpdatesBetweenStaleChecks = 8
    /// Hot commands go back into the cache after this many unchanged frames (half a second at 60 Hz): each move
    /// costs a cache redraw, so a drag that pauses does not pay it twice.
    private static let framesBeforeCooling = 30
    /// The most commands and vertices drawn hot; a change touching more is drawn directly, as before.
    private static let maxHotCommands = 24
    private static let maxHotVertices = 6 * 400
    /// Commands drawn directly over the composite now (tests and the bench).
    public var hotCommandCount: Int { hotCommands.count }
    /// How many times hot commands that stopped changing went back into the cache while others stayed hot (tests).
    public private(set) var staleHotCommandsCooled = 0

    /// The commands as last emitted (same indices as `spans`): a partial update skips those that are equal.
    private var emittedCommands: [DrawCommand] = []
    /// The atlas's `resetCount` when the list was last tessellated.
    private var tessellatedAtlasResets = 0
    /// The commands whose vertices the last partial update changed.
    private(set) var lastChangedCommands: [Int] = []
    /// Whether each clip pushed and still open in the range being updated moved (reused storage).
    private var movedClips: [Bool] = []

    nonisolated private static let floatsPerVertex = 13

    private struct Batch {
        var first: Int
        var count: Int
        var texture: GLuint
        var program: BatchProgram
        var bounds: Rect? // pixels covered by its quads
    }

    /// Which program draws a batch. llvmpipe runs every branch of a shader for every pixel, so what only a few quads need
    /// has a program of its own rather than a branch of `Shaders/overlay.frag` that every overlay pixel would pay for
    /// (docs/overlay.md, "Every branch is paid").
    enum BatchProgram: Equatable {
        /// `Shaders/overlay.frag`: shapes, glyphs and images.
        case quads
        /// `Shaders/gradient.frag`: the color picker's HSV gradients.
        case gradients
        /// `Shaders/bars.frag`: bar graphs only.
        case bars
        /// `Shaders/solid.frag`: large solid rectangles on whole pixels only (`shape`).
        case solid
    }

    /// One command's vertices: `count` vertices from `first`, in batch `batch` (-1 when it emitted none), the
    /// pixels they cover (for a `pushClip`, the rectangle it pushed) and the clip in effect.
    private struct CommandSpan {
        var first: Int
        var count: Int
        var batch: Int
        var bounds: Rect?
        /// Pixels inside `bounds` that the command leaves untouched (a large border's interior), else nil.
        var hole: Rect?
        /// The clip in effect for the command (pixels), whether or not its batch scissors to it.
        var clip: Rect?

        /// Whether the two commands' pixels may overlap: their bounds intersect and neither lies wholly in the other's
        /// hole. A knob inside a focus border does not touch it, so the border need not be drawn over the knob.
        func mayOverlap(_ other: CommandSpan) -> Bool {
            guard let a = bounds, let b = other.bounds, a.intersects(b) else { return false }
            if let hole, hole.encloses(b) { return false }
            if let otherHole = other.hole, otherHole.encloses(a) { return false }
            return true
        }
    }

    /// Builds the shaders and buffers in the current context. With `sharedState`, every pass drawing in the context
    /// sets its state through that cache and nothing is saved or restored; without it, the caller's state is saved
    /// and restored around each call.
    public convenience init(atlas: GlyphAtlas, sharedState: GLStateCache? = nil) throws(ShaderError) {
        self.init(sharing: try OverlayResources(atlas: atlas, sharedState: sharedState))
    }

    /// A renderer with its own buffers and cache that shares shaders, atlas and images with another.
    private init(sharing resources: OverlayResources) {
        self.resources = resources
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &vbo)
        configureVertexArray(vao, buffer: vbo)
        checkGLError("overlay buffers")
    }

    /// Points a vertex array's attributes into a buffer of this renderer's vertex layout.
    private func configureVertexArray(_ array: GLuint, buffer: GLuint) {
        resources.state.bindVertexArray(array)
        resources.state.bindArrayBuffer(buffer)
        let stride = GLsizei(Self.floatsPerVertex * MemoryLayout<Float>.size)
        func attribute(_ index: GLuint, _ size: GLint, _ offset: Int) {
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.size))
        }
        attribute(0, 2, 0)
        attribute(1, 2, 2)
        attribute(2, 4, 4)
        attribute(3, 4, 8)
        attribute(4, 1, 12)
        resources.state.bindVertexArray(0)
    }

    isolated deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
        if hotVAO != 0 { glDeleteVertexArrays(1, &hotVAO); glDeleteBuffers(1, &hotVBO) }
        if cacheFramebuffer != 0 { glDeleteFramebuffers(1, &cacheFramebuffer) }
        if cacheTexture != 0 { glDeleteTextures(1, &cacheTexture) }
        if compositeTexture != 0 { glDeleteTextures(1, &compositeTexture) }
    }

    /// A renderer for another layer: its own vertices, batches and cache, the same shaders, atlas and images.
    public func makeCompanion() -> any DrawListRenderer {
        let companion = GLOverlayRenderer(sharing: resources)
        companion.compositing = compositing
        return companion
    }

    /// Uploads an RGBA image and returns the handle draw lists use to draw it.
    public func registerImage(_ image: PixelImage) -> ImageHandle {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        resources.state.bindTexture0(texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        // Premultiply once at upload; the shader works in premultiplied alpha.
        var premultiplied = image.rgba
        for i in stride(from: 0, to: premultiplied.count, by: 4) {
            let a = UInt16(premultiplied[i + 3])
            for c in 0..<3 { premultiplied[i + c] = UInt8((UInt16(premultiplied[i + c]) * a + 127) / 255) }
        }
        premultiplied.withUnsafeBytes {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.size.width), GLsizei(image.size.height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        let handle = ImageHandle(id: resources.nextImageID)
        resources.nextImageID += 1
        resources.images[handle.id] = (texture, image.size)
        return handle
    }

    /// Draws a list over the current framebuffer. `generation` identifies the list's content: when it and the
    /// metrics match the previous call, the cached vertices are drawn again without tessellating.
    public func render(_ list: DrawList, generation: UInt64? = nil, metrics: WindowMetrics) {
        render(list, generation: generation, damage: nil, metrics: metrics)
    }

    /// Draws a list over the current framebuffer; when `damage` is relative to the version drawn last, only the
    /// damaged commands are tessellated and uploaded again and the cache is redrawn only where they were and are.
    /// After `prepare` with the same list, only the composite (or the direct draw) is left to do.
    public func render(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics) {
        defer { giveStateBack() }
        update(list, generation: generation, damage: damage, metrics: metrics)
        // A frame in which the list did not change brings `.automatic` back to the cache.
        if !updatedSinceRender { changedFramesInARow = 0 }
        updatedSinceRender = false
        guard usesCache else {
            coolHotCommands() // only `.automatic` draws hot commands: the mode changed under them
            drawBatches(metrics: metrics, region: nil)
            return
        }
        guard contentBounds != nil else { drawCallCount = 0; return }
        prepareState(metrics: metrics)
        let redrawCalls = bringCacheUpToDate(metrics: metrics)
        composite(metrics: metrics)
        drawHotCommands(metrics: metrics)
        drawCallCount += redrawCalls + preparedDrawCalls
        preparedDrawCalls = 0
        checkGLError("overlay composite")
    }

    /// Tessellates and uploads what changed and redraws the cache where it changed, ahead of the scene: on a
    /// software rasterizer, redrawing the cache after the scene was queued makes the driver finish the scene first.
    public func prepare(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics) {
        defer { giveStateBack() }
        // Before the frame's render phase: whatever ran since the last frame may have changed state.
        let changed = update(list, generation: generation, damage: damage, metrics: metrics)
        if !hotCommands.isEmpty {
            quietFrames = changed ? 0 : quietFrames + 1
            if quietFrames >= Self.framesBeforeCooling { coolHotCommands() }
        }
        guard usesCache, contentBounds != nil else { return }
        let needsRedraw = !cacheIsCurrent || cacheSize != metrics.drawableSize || !cacheDamage.isEmpty
        guard needsRedraw else { return }
        prepareState(metrics: metrics)
        preparedDrawCalls += bringCacheUpToDate(metrics: metrics)
        checkGLError("overlay prepare")
    }

    /// Still frames need `prepare` only to count down hot commands or to bring a stale cache up to date.
    public var needsPrepareForUnchangedList: Bool {
        !hotCommands.isEmpty || !cacheIsCurrent || !cacheDamage.isEmpty
    }

    /// Whether the next frame composites the cache texture rather than drawing the batches directly (`.automatic`
    /// draws directly while the list changes frame after frame without hot commands).
    public var drawsFromCache: Bool { usesCache }

    /// Whether this frame composites the cache texture (else it draws the batches directly).
    private var usesCache: Bool {
        // Redrawing the whole cache when the whole list changes again next frame costs more than drawing directly.
        compositing == .cached || (compositing == .automatic && (changedFramesInARow < 2 || !hotCommands.isEmpty))
    }

    /// Re-tessellates (wholly or only the damaged commands) when the list is not the one drawn last; true when what
    /// is drawn changed.
    @discardableResult
    private func update(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics) -> Bool {
        // Another layer's renderer may have filled the shared atlas, which then started over: every glyph is stale.
        if atlas.resetCount != tessellatedAtlasResets { cachedGeneration = nil }
        if generation != nil && generation == cachedGeneration && cachedMetrics == metrics { return false }
        takeState() // tessellation may upload glyphs, and the vertices are uploaded
        // A full atlas deletes its texture (a deleted binding reverts to 0, and the name may come back): the cache
        // must not trust what it knew about unit 0.
        let atlasTextureBefore = atlas.texture
        defer { if atlas.texture != atlasTextureBefore { resources.state.invalidate() } }
        let partial = damage.map { d in
            d.baseGeneration == cachedGeneration && cachedMetrics == metrics && updateDamaged(list, d, metrics: metrics)
        } ?? false
        if partial && lastChangedCommands.isEmpty {
            // The repainted views came out as they were (a re-display that changed nothing visible): a still frame,
            // so `.automatic` keeps compositing and hot commands keep counting down to cooling.
            partialUpdateCount += 1
            cachedGeneration = generation
            return false
        }
        updatedSinceRender = true
        // Either way the list changed: while it changes frame after frame `.automatic` draws directly (on llvmpipe
        // a cache texture redrawn in the frame that samples it makes the driver finish the scene first, about the
        // scene's whole rasterization time), and the cache catches up on the accumulated damage once it holds still.
        changedFramesInARow += 1
        if partial {
            partialUpdateCount += 1
            partialUpdatesSinceTessellation += 1
            for index in lastChangedCommands where hotFirst[index] >= 0 { hotLastChanged[index] = partialUpdatesSinceTessellation }
            updateHotCommands()
            coolStaleHotCommands()
        } else {
            atlas.scale = metrics.scaleY
            let atlasTexture = atlas.texture
            tessellate(list, metrics: metrics)
            // A full atlas starts over (a new texture, glyphs placed anew): the glyphs emitted before are stale.
            if atlasTexture != 0 && atlas.texture != atlasTexture { tessellate(list, metrics: metrics) }
            appendCompositeQuad(metrics: metrics)
            upload()
            tessellationCount += 1
            cacheIsCurrent = false
        }
        cachedGeneration = generation
        cachedMetrics = metrics
        return true
    }

    /// Redraws the whole cache when it is stale, else its damaged rectangles; returns the draw calls issued.
    private func bringCacheUpToDate(metrics: WindowMetrics) -> Int {
        if !cacheIsCurrent || cacheSize != metrics.drawableSize {
            lastCacheRedrawRegions.removeAll(keepingCapacity: true)
            return redrawCache(metrics: metrics, regions: [nil])
        } else if !cacheDamage.isEmpty {
            lastCacheRedrawRegions = cacheDamage
            cacheDamage.removeAll(keepingCapacity: true)
            return redrawCache(metrics: metrics, regions: lastCacheRedrawRegions.map { $0 })
        }
        return 0
    }

    // MARK: - Partial updates

    /// Re-tessellates the damaged commands into their own vertex ranges and uploads those ranges. False (having
    /// changed nothing that a full tessellation would not redo) when a command's vertex count or batch would change:
    /// another texture, or a move that makes it overlap a command its batch is drawn on the wrong side of.
    private func updateDamaged(_ list: DrawList, _ damage: DrawListDamage, metrics: WindowMetrics) -> Bool {
        guard list.commands.count == spans.count else { return false }
        let sx = metrics.scaleX, sy = metrics.scaleY
        let height = metrics.drawableSize.height
        let h = Double(height), w = Double(metrics.drawableSize.width)
        let tail = vertices.count
        uploads.removeAll(keepingCapacity: true)
        moved.removeAll(keepingCapacity: true)
        lastChangedCommands.removeAll(keepingCapacity: true)
        movedHotCommands.removeAll(keepingCapacity: true)
        for range in damage.commandRanges {
            guard range.lowerBound >= 0, range.upperBound <= spans.count else { return false }
            // Clips pushed inside the range may have moved (a springing panel): the clip of each command is worked
            // out again, and every command under a moved clip is in the range, so each is emitted again below.
            var clip = range.isEmpty ? nil : spans[range.lowerBound].clip
            clipStack.removeAll(keepingCapacity: true)
            movedClips.removeAll(keepingCapacity: true)
            for index in range {
                let command = list.commands[index]
                switch command {
                case .pushClip(let r):
                    let pushed = Rect(x: r.minX * sx, y: r.minY * sy, width: r.width * sx, height: r.height * sy)
                    movedClips.append(pushed != spans[index].bounds)
                    spans[index].bounds = pushed
                    spans[index].clip = clip
                    clipStack.append(clip)
                    clip = Self.intersection(clip, pushed)
                    continue
                case .popClip:
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
                case .pushClip, .popClip:
                    continue
                case .image(_, let handle, _):
                    guard let image = resources.images[handle.id] else { return false }
                    if span.count > 0 && batches[span.batch].texture != image.texture { return false }
                case .glyphs, .bars:
                    if span.count > 0 && batches[span.batch].texture != atlas.texture { return false }
                default:
                    break // a shape fits a batch of any texture (its program is checked after emitting)
                }
                emittedBounds = nil
                emittedHole = nil
                emitClip = Self.scissorPixelsIfClipped(span.clip, drawableHeight: height)
                emittingIndex = index
                emit(command, sx: sx, sy: sy)
                emitClip = nil
                reemittedCommandCount += 1
                let floats = vertices.count - tail
                // A rectangle that left whole pixels (or shrank under `solidRectMinimumPixels`) needs another program.
                if span.count > 0 && batches[span.batch].program != emittedProgram {
                    vertices.removeSubrange(tail...)
                    return false
                }
                if span.count > 0 && batches[span.batch].texture != 0 && batches[span.batch].texture != atlas.texture,
                   command.drawsFromAtlas {
                    vertices.removeSubrange(tail...) // the atlas started over while emitting
                    return false
                }
                guard floats == span.count * Self.floatsPerVertex else { vertices.removeSubrange(tail...); return false }
                guard floats > 0 else { continue }
                if index < hotFirst.count && hotFirst[index] >= 0 {
                    // Drawn directly over the composite: its vertices live in the hot buffer, the cache never had it.
                    let start = hotFirst[index] * Self.floatsPerVertex
                    let changed = Self.copyIfChanged(vertices, from: tail, into: &hotVertices, at: start, count: floats)
                        || command.changesWithoutVertices
                    vertices.removeSubrange(tail...)
                    emittedCommands[index] = command
                    guard changed else { continue }
                    lastChangedCommands.append(index)
                    hotVerticesChanged = true
                    if emittedBounds != span.bounds || emittedHole != span.hole { movedHotCommands.append(index) }
                    spans[index].bounds = emittedBounds
                    spans[index].hole = emittedHole
                    continue
                }
                let start = span.first * Self.floatsPerVertex
                // A view repaints all its commands; the ones that came out the same need no upload and no pixels.
                let changed = Self.copyIfChanged(within: &vertices, from: tail, to: start, count: floats)
                    || command.changesWithoutVertices
                vertices.removeSubrange(tail...)
                emittedCommands[index] = command
                guard changed else { continue }
                lastChangedCommands.append(index)
                uploads.append(start..<(start + floats))
                // The pixels the command covered and now covers (its quads are cut to its clip already).
                if let c = Self.union(span.bounds, emittedBounds)?.intersection(Rect(x: 0, y: 0, width: w, height: h)),
                   c.width > 0, c.height > 0 {
                    addDamage(Self.wholePixels(c))
                }
                if emittedBounds != span.bounds || emittedHole != span.hole { moved.append(index) }
                spans[index].bounds = emittedBounds
                spans[index].hole = emittedHole
                if let b = emittedBounds { batches[span.batch].bounds = Self.grown(batches[span.batch].bounds, by: b) }
            }
            // A clip that moved and is still open past the range would leave the commands after it cut to the old one.
            if movedClips.contains(true) { return false }
        }
        guard movesKeepPaintersOrder() else { return false }
        if !movedHotCommands.isEmpty {
            // Still drawn after every cold command it overlaps that follows it in the list? Else draw it all anew.
            guard hotCommandsKeepPaintersOrder() else { return false }
            // Moves rarely change which batch a hot command belongs to; only then are the vertices laid out anew.
            if assignHotBatches() { layOutHotCommands() }
        }
        if hotVerticesChanged { uploadHotVertices() }
        // The composite quad covers the content: grow it when a command moved outside.
        if let bounds = contentBounds, bounds != compositeBounds {
            vertices.removeSubrange((compositeFirst * Self.floatsPerVertex)...)
            appendCompositeQuad(metrics: metrics)
            uploads.append((compositeFirst * Self.floatsPerVertex)..<vertices.count)
        }
        uploadRanges() // nothing when only hot commands changed
        return true
    }

    /// Merges upload ranges less than `uploadMergeGap` floats apart (the vertices between are current too): on
    /// llvmpipe each `glBufferSubData` costs about as much as copying 8 KB, and a drag changes five scattered commands.
    private func mergeNearbyUploads() {
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
    private static let uploadMergeGap = 2048

    /// Copies `count` floats from `source` at `from` over `target` at `to`; false, writing nothing, when they are
    /// equal already. (Plain loops over buffer pointers: a closure or an array access per element cost a main-actor
    /// or uniqueness check each.)
    nonisolated private static func copyIfChanged(_ source: UnsafeBufferPointer<Float>, from: Int,
                                                  into target: UnsafeMutableBufferPointer<Float>, at to: Int, count: Int) -> Bool {
        var k = 0
        while k < count && target[to + k] == source[from + k] { k += 1 }
        guard k < count else { return false }
        while k < count { target[to + k] = source[from + k]; k += 1 }
        return true
    }

    // The array forms are nonisolated so that their buffer closures are too: a main-actor closure passed to
    // `withUnsafe...` has its executor checked at run time on every call (two each re-emitted command).

    /// `copyIfChanged` from one array into another.
    nonisolated private static func copyIfChanged(_ source: [Float], from: Int, into target: inout [Float], at to: Int,
                                                  count: Int) -> Bool {
        source.withUnsafeBufferPointer { v in
            target.withUnsafeMutableBufferPointer { copyIfChanged(v, from: from, into: $0, at: to, count: count) }
        }
    }

    /// `copyIfChanged` between two ranges of one array.
    nonisolated private static func copyIfChanged(within buffer: inout [Float], from: Int, to: Int, count: Int) -> Bool {
        buffer.withUnsafeMutableBufferPointer { copyIfChanged(UnsafeBufferPointer($0), from: from, into: $0, at: to, count: count) }
    }

    /// True when every command that moved is still drawn after each command it now overlaps that precedes it in
    /// the list, and before each that follows it (batches are drawn in order, each batch in list order).
    private func movesKeepPaintersOrder() -> Bool {
        for index in moved {
            guard spans[index].bounds != nil else { continue }
            // A cold command that now overlaps a hot one it follows would be drawn under it.
            for h in hotCommands where h < index {
                if spans[h].mayOverlap(spans[index]) { return false }
            }
            let batch = spans[index].batch
            for other in spans.indices where other != index && spans[other].count > 0 {
                guard spans[other].mayOverlap(spans[index]) else { continue }
                let drawnBefore = spans[other].batch < batch || (spans[other].batch == batch && other < index)
                if drawnBefore != (other < index) { return false }
            }
        }
        return true
    }

    /// Adds the whole pixels of `bounds` inside the drawable as damage (nothing when it lies outside: a sheet sliding
    /// in from below the window). The cache redraw copies exactly these pixels, so they must lie inside the texture.
    private func addDamage(onScreen bounds: Rect?) {
        guard let bounds, let size = cachedMetrics?.drawableSize else { return }
        let c = bounds.intersection(Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        guard c.width > 0, c.height > 0 else { return }
        addDamage(Self.wholePixels(c))
    }

    /// Adds a damaged pixel rectangle, merging it with those it overlaps; past `maxDamageRects`, all become one.
    private func addDamage(_ rect: Rect) {
        var merged = rect
        var i = 0
        while i < cacheDamage.count {
            if cacheDamage[i].intersects(merged) {
                merged = merged.union(cacheDamage.remove(at: i))
                i = 0
            } else {
                i += 1
            }
        }
        cacheDamage.append(merged)
        if cacheDamage.count > Self.maxDamageRects {
            let all = cacheDamage.dropFirst().reduce(cacheDamage[0]) { $0.union($1) }
            cacheDamage = [all]
        }
    }

    /// The union of two optional rectangles.
    private static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        return a.union(b)
    }

    /// `a` grown to cover `b`; `b` when there is no `a`.
    private static func grown(_ a: Rect?, by b: Rect) -> Rect {
        guard let a else { return b }
        return a.union(b)
    }

    /// A clip inside an enclosing clip (`b` alone when there is none).
    private static func intersection(_ a: Rect?, _ b: Rect) -> Rect {
        guard let a else { return b }
        return a.intersection(b)
    }

    /// The whole pixels a rectangle touches.
    private static func wholePixels(_ r: Rect) -> Rect {
        let x0 = r.minX.rounded(.down), y0 = r.minY.rounded(.down)
        return Rect(x: x0, y: y0, width: r.maxX.rounded(.up) - x0, height: r.maxY.rounded(.up) - y0)
    }

    // MARK: - Hot commands

    /// After a partial update: while the same few commands keep changing (the second changed frame in a row), they
    /// are drawn directly over the composite and the cache keeps the rest, instead of drawing everything directly.
    /// A change outside the hot set extends it; one that cannot be drawn hot (too much, or painter's order) cools
    /// everything and the list is drawn directly while it changes.
    private func updateHotCommands() {
        guard compositing == .automatic, changedFramesInARow >= 2 else { return }
        var fresh: [Int] = []
        for index in lastChangedCommands where hotFirst[index] < 0 { fresh.append(index) }
        guard !fresh.isEmpty else { return }
        guard let hot = hotClosure(hotCommands + fresh) else {
            coolHotCommands()
            return
        }
        // Newly hot commands leave the cache: their vertices move to the hot buffer, their pixels are redrawn away.
        var live = hotLiveVertices()
        var collapsed: [Range<Int>] = []
        for index in hot where hotFirst[index] < 0 {
            hotLastChanged[index] = partialUpdatesSinceTessellation
            let span = spans[index]
            guard span.count > 0 else { continue }
            let from = span.first * Self.floatsPerVertex, to = from + span.count * Self.floatsPerVertex
            live[index] = Array(vertices[from..<to])
            for k in stride(from: from + Self.floatsPerVertex, to: to, by: Self.floatsPerVertex) {
                for f in 0..<Self.floatsPerVertex { vertices[k + f] = vertices[from + f] } // one point: no pixels
            }
            collapsed.append(from..<to)
            addDamage(onScreen: span.bounds)
        }
        hotCommands = hot
        hotBatchOf.removeAll(keepingCapacity: true)
        layOutHotCommands(live: live)
        uploads = collapsed
        uploadRanges()
        uploadHotVertices()
    }

    /// Puts the hot commands back into the cache (their vertices where the batches expect them, their pixels redrawn).
    private func coolHotCommands() {
        guard !hotCommands.isEmpty else { return }
        let live = hotLiveVertices()
        uploads.removeAll(keepingCapacity: true)
        for index in hotCommands {
            let span = spans[index]
            guard span.count > 0, let v = live[index] else { continue }
            let from = span.first * Self.floatsPerVertex
            vertices.replaceSubrange(from..<(from + v.count), with: v)
            uploads.append(from..<(from + v.count))
            hotFirst[index] = -1
            addDamage(onScreen: span.bounds)
        }
        hotCommands.removeAll(keepingCapacity: true)
        hotBatches.removeAll(keepingCapacity: true)
        hotVertices.removeAll(keepingCapacity: true)
        quietFrames = 0
        uploadRanges()
    }

    /// Puts back into the cache the hot commands that stopped changing `framesBeforeCooling` partial updates ago and
    /// that no changing hot command needs drawn over it any more (they are outside the changing ones' `hotClosure`):
    /// a focus border made hot while the knob crossed its band is drawn every frame otherwise, for the whole drag
    /// (about 50 µs of llvmpipe's time a frame for its thin bands). If the knob comes back, the border turns hot again.
    private func coolStaleHotCommands() {
        guard hotCommands.count > 1, partialUpdatesSinceTessellation >= nextStaleHotCheck else { return }
        // Counted first: while every hot command keeps changing (most frames of a drag), nothing is allocated.
        func isChanging(_ index: Int) -> Bool { partialUpdatesSinceTessellation - hotLastChanged[index] < Self.framesBeforeCooling }
        var changingCount = 0
        for index in hotCommands where isChanging(index) { changingCount += 1 }
        guard changingCount > 0, changingCount < hotCommands.count else { return }
        let changing = hotCommands.filter(isChanging)
        guard let keep = hotClosure(changing),
              keep.count < hotCommands.count, keep.allSatisfy({ hotFirst[$0] >= 0 }) else {
            nextStaleHotCheck = partialUpdatesSinceTessellation + Self.partialUpdatesBetweenStaleChecks
            return
        }
        var live = hotLiveVertices()
        uploads.removeAll(keepingCapacity: true)
        for index in hotCommands where !keep.contains(index) {
            let span = spans[index]
            if span.count > 0, let v = live[index] {
                let from = span.first * Self.floatsPerVertex
                vertices.replaceSubrange(from..<(from + v.count), with: v)
                uploads.append(from..<(from + v.count))
                addDamage(onScreen: span.bounds)
            }
            hotFirst[index] = -1
            live[index] = nil
        }
        hotCommands = keep
        hotBatchOf.removeAll(keepingCapacity: true)
        layOutHotCommands(live: live)
        uploadRanges()
        uploadHotVertices()
        staleHotCommandsCooled += 1
    }

    /// The hot commands' current vertices, by command.
    private func hotLiveVertices() -> [Int: [Float]] {
        var live: [Int: [Float]] = [:]
        for index in hotCommands where hotFirst[index] >= 0 {
            let from = hotFirst[index] * Self.floatsPerVertex
            live[index] = Array(hotVertices[from..<(from + spans[index].count * Self.floatsPerVertex)])
        }
        return live
    }

    /// `seed` and every command after one of them in the list that overlaps it (transitively), sorted: drawn over the
    /// composite in list order, they cover the cold commands exactly as the list does. Nil past the limits.
    private func hotClosure(_ seed: [Int]) -> [Int]? {
        guard seed.count <= Self.maxHotCommands else { return nil }
        var isHot = [Bool](repeating: false, count: spans.count)
        for index in seed { isHot[index] = true }
        var hot = seed
        var i = 0
        while i < hot.count {
            let h = hot[i]
            i += 1
            guard spans[h].bounds != nil else { continue }
            var j = h + 1
            while j < spans.count {
                if !isHot[j] && spans[j].count > 0 && spans[j].mayOverlap(spans[h]) {
                    isHot[j] = true
                    hot.append(j)
                    if hot.count > Self.maxHotCommands { return nil }
                }
                j += 1
            }
        }
        var vertexCount = 0
        for h in hot { vertexCount += spans[h].count }
        guard vertexCount <= Self.maxHotVertices else { return nil }
        return hot.sorted()
    }

    /// True while no cold command after a moved hot one in the list overlaps it (the hot ones are drawn after all
    /// cold ones). Hot commands that kept their place keep their relation to cold commands that kept theirs, and a
    /// cold command that moved is checked against every hot one by `movesKeepPaintersOrder`.
    private func hotCommandsKeepPaintersOrder() -> Bool {
        for h in movedHotCommands {
            guard spans[h].bounds != nil else { continue }
            var j = h + 1
            while j < spans.count {
                if hotFirst[j] < 0 && spans[j].count > 0 && spans[j].mayOverlap(spans[h]) { return false }
                j += 1
            }
        }
        return true
    }

    /// Groups the hot commands into batches (one per texture where painter's order allows, as `batchToJoin` does for
    /// the list) into `hotBatchOf` (parallel to `hotCommands`) and `hotBatchKeys`; true when that changed.
    @discardableResult
    private func assignHotBatches() -> Bool {
        var changed = hotBatchOf.count != hotCommands.count
        if changed { hotBatchOf = [Int](repeating: -1, count: hotCommands.count) }
        hotBatchKeys.removeAll(keepingCapacity: true)
        for (i, index) in hotCommands.enumerated() {
            let texture = spans[index].batch >= 0 ? batches[spans[index].batch].texture : 0
            let program = spans[index].batch >= 0 ? batches[spans[index].batch].program : .quads
            var candidate = hotBatchKeys.count - 1
            while candidate >= 0 && !Self.sharesBatch(hotBatchKeys[candidate].texture, hotBatchKeys[candidate].program, texture, program) {
                candidate -= 1
            }
            if candidate >= 0, let b = spans[index].bounds {
                // A command of a later batch that it overlaps must stay under it: a batch of its own.
                for j in 0..<i where hotBatchOf[j] > candidate && (spans[hotCommands[j]].bounds?.intersects(b) ?? false) {
                    candidate = -1
                    break
                }
            }
            if candidate < 0 {
                hotBatchKeys.append((texture, program))
                candidate = hotBatchKeys.count - 1
            } else if texture != 0 {
                hotBatchKeys[candidate].texture = texture // a batch of shapes takes the texture (same members, same result)
            }
            if hotBatchOf[i] != candidate { hotBatchOf[i] = candidate; changed = true }
        }
        return changed
    }

    /// Lays the hot commands' vertices out batch after batch in `hotVertices`, as `assignHotBatches` grouped them.
    private func layOutHotCommands(live: [Int: [Float]]? = nil) {
        let current = live ?? hotLiveVertices()
        if live != nil { assignHotBatches() }
        hotBatches.removeAll(keepingCapacity: true)
        hotVertices.removeAll(keepingCapacity: true)
        for (b, key) in hotBatchKeys.enumerated() {
            hotBatches.append(Batch(first: hotVertices.count / Self.floatsPerVertex, count: 0, texture: key.texture, program: key.program))
            for (i, index) in hotCommands.enumerated() where hotBatchOf[i] == b {
                hotFirst[index] = hotVertices.count / Self.floatsPerVertex
                if let v = current[index] { hotVertices.append(contentsOf: v) }
                hotBatches[b].count += spans[index].count
            }
        }
        hotVerticesChanged = true
    }

    /// Uploads `hotVertices` whole (a few hundred vertices at most), making the hot buffer on first use.
    private func uploadHotVertices() {
        hotVerticesChanged = false
        takeState()
        if hotVAO == 0 {
            glGenVertexArrays(1, &hotVAO)
            glGenBuffers(1, &hotVBO)
            configureVertexArray(hotVAO, buffer: hotVBO)
        }
        resources.state.bindArrayBuffer(hotVBO)
        let bytes = hotVertices.count * MemoryLayout<Float>.size
        if bytes > hotVBOCapacity {
            hotVBOCapacity = max(bytes, 16 * 1024)
            glBufferData(GLenum(GL_ARRAY_BUFFER), hotVBOCapacity, nil, GLenum(GL_DYNAMIC_DRAW))
        }
        Self.bufferSubData(hotVertices)
    }

    /// Writes `ranges` of `floats` (in floats; all of them when nil) to the same ranges of the bound array buffer.
    /// Nonisolated so that the buffer's closure is not a main-actor closure, whose executor Swift checks at run time
    /// on every call.
    nonisolated private static func bufferSubData(_ floats: [Float], ranges: [Range<Int>]? = nil) {
        floats.withUnsafeBytes { raw in
            let size = MemoryLayout<Float>.size
            guard let ranges else {
                if raw.count > 0 { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, raw.count, raw.baseAddress) }
                return
            }
            for r in ranges where !r.isEmpty {
                glBufferSubData(GLenum(GL_ARRAY_BUFFER), r.lowerBound * size, r.count * size, raw.baseAddress! + r.lowerBound * size)
            }
        }
    }

    /// Uploads the ranges of `vertices` in `uploads` (merged when close).
    private func uploadRanges() {
        guard !uploads.isEmpty else { return }
        takeState()
        resources.state.bindArrayBuffer(vbo)
        mergeNearbyUploads()
        Self.bufferSubData(vertices, ranges: uploads)
        uploads.removeAll(keepingCapacity: true)
    }

    /// The program that draws a batch.
    private func shader(for batch: Batch) -> ShaderProgram {
        switch batch.program {
        case .quads: program
        case .bars: barsProgram
        case .solid: solidProgram
        case .gradients: gradientProgram
        }
    }

    /// Draws the hot batches over the composite (state prepared by `render`).
    private func drawHotCommands(metrics: WindowMetrics) {
        guard !hotBatches.isEmpty else { return }
        resources.state.bindVertexArray(hotVAO)
        for batch in hotBatches where batch.count > 0 {
            resources.use(shader(for: batch), viewport: metrics.drawableSize)
            if batch.texture != 0 { resources.state.bindTexture0(batch.texture) }
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(batch.first), GLsizei(batch.count))
            drawCallCount += 1
        }
        resources.state.bindVertexArray(vao)
    }

    // MARK: - Cache texture

    /// The overlay's bounds in whole pixels and a textured quad over them, appended after the batches.
    private func appendCompositeQuad(metrics: WindowMetrics) {
        compositeFirst = vertices.count / Self.floatsPerVertex
        compositeBounds = nil
        guard var b = contentBounds else { return }
        let w = Double(metrics.drawableSize.width), h = Double(metrics.drawableSize.height)
        b = b.intersection(Rect(x: 0, y: 0, width: w, height: h))
        guard b.width > 0, b.height > 0 else { contentBounds = nil; return }
        let x0 = b.minX.rounded(.down), y0 = b.minY.rounded(.down), x1 = b.maxX.rounded(.up), y1 = b.maxY.rounded(.up)
        contentBounds = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        compositeBounds = contentBounds
        // The cache texture's rows start at the bottom: v = 1 - y / h.
        quad(x0: x0, y0: y0, x1: x1, y1: y1, l0: (x0 / w, 1 - y0 / h), l1: (x1 / w, 1 - y1 / h),
             colors: .solid(.white), shape: (0, 0, 0, 0), kind: 2)
    }

    /// Rasterizes the batches into the cache texture (transparent elsewhere), only inside each region (whole
    /// pixels, top-left origin; nil: everywhere), copies what it redrew into the texture the composite samples, then
    /// rebinds the caller's framebuffers. Other state is the caller's to save (`render`). Returns the draw calls.
    private func redrawCache(metrics: WindowMetrics, regions: [Rect?]) -> Int {
        var previousDraw: GLint = 0, previousRead: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &previousDraw)
        glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &previousRead)
        if cacheSize != metrics.drawableSize || cacheFramebuffer == 0 { allocateCache(metrics.drawableSize) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), cacheFramebuffer)
        var clearColor: [GLfloat] = [0, 0, 0, 0]
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clearColor)
        glClearColor(0, 0, 0, 0)
        let state = resources.state
        let h = metrics.drawableSize.height
        var calls = 0
        for region in regions {
            if let region {
                let box = ScissorBox(region, drawableHeight: h)
                state.set(.scissorTest, true)
                glScissor(box.x, box.y, box.width, box.height)
            } else {
                state.set(.scissorTest, false)
            }
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            issueBatches(metrics: metrics, region: region)
            calls += drawCallCount
        }
        glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
        // All regions first, then the copies: the first copy makes llvmpipe finish the cache's rasterization once.
        state.bindTexture0(compositeTexture)
        for region in regions {
            guard let copied = (region ?? contentBounds).map({ ScissorBox($0, drawableHeight: h) }),
                  copied.width > 0, copied.height > 0 else { continue }
            glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, copied.x, copied.y, copied.x, copied.y, copied.width, copied.height)
        }
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(previousDraw))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(previousRead))
        cacheIsCurrent = true
        if regions.contains(where: { $0 == nil }) { cacheDamage.removeAll(keepingCapacity: true) }
        cacheRedrawCount += 1
        return calls
    }

    private func allocateCache(_ size: PixelSize) {
        if cacheFramebuffer != 0 { glDeleteFramebuffers(1, &cacheFramebuffer) }
        for texture in [cacheTexture, compositeTexture] where texture != 0 { var t = texture; glDeleteTextures(1, &t) }
        func makeTexture() -> GLuint {
            var texture: GLuint = 0
            glGenTextures(1, &texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(size.width), GLsizei(size.height), 0, GLenum(GL_RGBA),
                         GLenum(GL_UNSIGNED_BYTE), nil)
            // Pixel-aligned quad, nearest sampling: the composite reproduces the cached pixels exactly.
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            return texture
        }
        cacheTexture = makeTexture()
        compositeTexture = makeTexture()
        resources.state.invalidate() // the texture binding changed behind the cache
        glGenFramebuffers(1, &cacheFramebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), cacheFramebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), cacheTexture, 0)
        cacheSize = size
        checkGLError("overlay cache \(size)")
    }

    /// Blends the cache texture over the frame with one quad (state prepared and saved by `render`).
    private func composite(metrics: WindowMetrics) {
        drawCallCount = 0
        resources.use(compositeProgram, viewport: metrics.drawableSize)
        resources.state.bindTexture0(compositeTexture)
        resources.state.set(.scissorTest, false)
        glDrawArrays(GLenum(GL_TRIANGLES), GLint(compositeFirst), 6)
        drawCallCount = 1
    }

    // MARK: - Tessellation

    /// Tessellates the whole list and groups its commands into as few batches (draw calls) as painter's order
    /// allows: a command joins the last batch with its texture unless a command in a later batch overlaps it (then
    /// it must be drawn after that one: a new batch). Commands whose quads do not overlap touch no pixel in common,
    /// so the pixels are those of drawing the list in order. Clips cut the quads themselves (`emitClip`), so they
    /// never split a batch: on llvmpipe each draw call costs about 10 µs of CPU whatever it draws.
    private func tessellate(_ list: DrawList, metrics: WindowMetrics) {
        emittedCommands = list.commands
        hotCommands.removeAll(keepingCapacity: true)
        hotBatches.removeAll(keepingCapacity: true)
        hotFirst = [Int](repeating: -1, count: list.commands.count)
        hotLastChanged = [Int](repeating: 0, count: list.commands.count)
        partialUpdatesSinceTessellation = 0
        nextStaleHotCheck = 0
        quietFrames = 0
        tessellatedAtlasResets = atlas.resetCount
        contentBounds = nil
        cacheDamage.removeAll(keepingCapacity: true)
        // Emitted in painter's order into `vertices`, then copied batch by batch into `staging` and swapped.
        vertices.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        spans.reserveCapacity(list.commands.count)
        let sx = metrics.scaleX, sy = metrics.scaleY
        let height = metrics.drawableSize.height
        clipStack.removeAll(keepingCapacity: true)
        var clip: Rect? = nil

        func px(_ r: Rect) -> Rect { Rect(x: r.minX * sx, y: r.minY * sy, width: r.width * sx, height: r.height * sy) }
        for (index, command) in list.commands.enumerated() {
            spans.append(CommandSpan(first: 0, count: 0, batch: -1, bounds: nil, clip: clip))
            let texture: GLuint
            switch command {
            case .pushClip(let r):
                clipStack.append(clip)
                let p = px(r)
                spans[index].bounds = p // the clip it pushed (partial updates compare it)
                clip = Self.intersection(clip, p)
                continue
            case .popClip:
                clip = clipStack.popLast() ?? nil
                spans[index].clip = clip // for a pop, the clip after it (partial updates resume from it)
                continue
            // Shapes batch without a texture (the shape program); glyphs with the atlas, images with their own.
            case .image(_, let handle, _):
                guard let image = resources.images[handle.id] else { continue }
                texture = image.texture
            case .glyphs(let run):
                // Rasterize first: the atlas texture exists once a glyph is in it.
                if atlas.texture == 0 {
                    let pixelSize = atlas.pixelSize(for: run.fontSize)
                    for scalar in run.text.unicodeScalars { _ = atlas.glyph(scalar, pixelSize: pixelSize) }
                }
                guard atlas.texture != 0 else { continue }
                texture = atlas.texture
            case .bars:
                atlas.ensureTexture() // the levels live in the atlas
                texture = atlas.texture
            default:
                texture = 0
            }
            let first = vertices.count / Self.floatsPerVertex
            emittedBounds = nil
            emittedHole = nil
            emitClip = Self.scissorPixelsIfClipped(clip, drawableHeight: height)
            emittingIndex = index
            emit(command, sx: sx, sy: sy)
            emitClip = nil
            let count = vertices.count / Self.floatsPerVertex - first
            guard count > 0 else { continue }
            // A command cut away entirely (no bounds) draws nothing: any batch of its texture keeps its vertices.
            let b = emittedBounds
            let batch = batchToJoin(bounds: b, texture: texture, program: emittedProgram)
            spans[index] = CommandSpan(first: first, count: count, batch: batch, bounds: b, hole: emittedHole, clip: clip)
            batches[batch].count += count
            if let b { batches[batch].bounds = Self.grown(batches[batch].bounds, by: b) }
            batchMembers[batch].append(index)
        }
        // Lay the vertices out batch after batch, each batch's commands in painter's order.
        staging.removeAll(keepingCapacity: true)
        staging.reserveCapacity(vertices.count)
        for b in batches.indices {
            batches[b].first = staging.count / Self.floatsPerVertex
            for index in batchMembers[b] {
                let span = spans[index]
                spans[index].first = staging.count / Self.floatsPerVertex
                let from = span.first * Self.floatsPerVertex
                staging.append(contentsOf: vertices[from..<(from + span.count * Self.floatsPerVertex)])
            }
        }
        swap(&vertices, &staging)
    }

    /// The batch a command with these pixel bounds, texture and program joins (a new one when it must).
    private func batchToJoin(bounds: Rect?, texture: GLuint, program: BatchProgram) -> Int {
        // Plain loops: closures here were measured to cost a main-actor check per call in this hot path.
        var candidate = batches.count - 1
        while candidate >= 0 && !Self.sharesBatch(batches[candidate].texture, batches[candidate].program, texture, program) {
            candidate -= 1
        }
        if candidate >= 0, let bounds {
            var later = candidate + 1
            while later < batches.count {
                if let union = batches[later].bounds, union.intersects(bounds) {
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
        batches.append(Batch(first: 0, count: 0, texture: texture, program: program))
        if batchMembers.count < batches.count { batchMembers.append([]) }
        batchMembers[batches.count - 1].removeAll(keepingCapacity: true)
        return batches.count - 1
    }

    /// Whether commands of these textures and programs can be drawn by one call: two different programs or textures
    /// cannot (0 is no texture: shapes).
    private static func sharesBatch(_ a: GLuint, _ aProgram: BatchProgram, _ b: GLuint, _ bProgram: BatchProgram) -> Bool {
        aProgram == bProgram && (a == b || a == 0 || b == 0)
    }

    /// `scissorPixels` of a clip, nil when there is none.
    private static func scissorPixelsIfClipped(_ clip: Rect?, drawableHeight h: Int) -> Rect? {
        guard let clip else { return nil }
        return scissorPixels(clip, drawableHeight: h)
    }

    /// The pixels (top-left origin, whole pixels) that scissoring to `clip` keeps, rounded as `ScissorBox` rounds:
    /// quads are cut to exactly these.
    private static func scissorPixels(_ clip: Rect, drawableHeight h: Int) -> Rect {
        let box = ScissorBox(clip, drawableHeight: h)
        return Rect(x: Double(box.x), y: Double(h - Int(box.y) - Int(box.height)), width: Double(box.width), height: Double(box.height))
    }

    private func emit(_ command: DrawCommand, sx: Double, sy: Double) {
        func px(_ r: Rect) -> Rect { Rect(x: r.minX * sx, y: r.minY * sy, width: r.width * sx, height: r.height * sy) }
        let s = min(sx, sy)
        emittedProgram = .quads
        switch command {
        case .rect(let r, let color, let radius):
            shape(px(r), radius: radius * s, stroke: 0, colors: .solid(color))
        case .border(let r, let color, let width, let radius):
            shape(px(r), radius: radius * s, stroke: max(width * s, 0.5), colors: .solid(color))
        case .circle(let c, let radius, let color):
            let r = Rect(x: (c.x - radius) * sx, y: (c.y - radius) * sy, width: 2 * radius * sx, height: 2 * radius * sy)
            shape(r, radius: radius * s, stroke: 0, colors: .solid(color))
        case .ring(let c, let radius, let width, let color):
            let r = Rect(x: (c.x - radius) * sx, y: (c.y - radius) * sy, width: 2 * radius * sx, height: 2 * radius * sy)
            shape(r, radius: radius * s, stroke: max(width * s, 0.5), colors: .solid(color))
        case .linearGradient(let r, let from, let to, let axis, let radius):
            shape(px(r), radius: radius * s, stroke: 0, colors: axis == .horizontal ? .horizontal(from, to) : .vertical(from, to))
        case .saturationValueGradient(let r, let hue, let radius):
            // The shader computes each pixel's color; the vertex color carries its inputs (hue, scale x, scale y).
            shape(px(r), radius: radius * s, stroke: 0, colors: .solid(Color(r: hue, g: sx, b: sy, a: 1)), kind: 3)
            emittedProgram = .gradients
        case .hueGradient(let r, let axis, let radius):
            shape(px(r), radius: radius * s, stroke: 0, colors: .solid(Color(r: 0, g: sx, b: sy, a: 1)),
                  kind: axis == .horizontal ? 4 : 5)
            emittedProgram = .gradients
        case .image(let r, let handle, let tint):
            guard resources.images[handle.id] != nil else { return }
            let p = px(r)
            quad(x0: p.minX, y0: p.minY, x1: p.maxX, y1: p.maxY, l0: (0, 0), l1: (1, 1),
                 colors: .solid(tint), shape: (0, 0, 0, 0), kind: 2)
        case .glyphs(let run):
            glyphs(run, sx: sx, sy: sy)
        case .bars(let graph):
            bars(graph, in: px(graph.frame))
        case .pushClip, .popClip:
            break
        }
    }

    /// A bar graph: its levels in a row of the atlas (kept by command index while the atlas lasts), one quad whose
    /// local coordinates are (texel x along the row, row y + the height fraction from the bottom); the shader reads
    /// the level under each pixel's center (Shaders/bars.frag, kind 6, in batches of their own).
    private func bars(_ graph: BarGraph, in p: Rect) {
        let count = graph.levels.count
        guard count > 0, count <= BarGraph.maximumBars, p.width > 0, p.height > 0 else { return }
        var row = barRows[emittingIndex]
        if row == nil || row!.width != count || row!.atlasResets != atlas.resetCount {
            guard let origin = atlas.reserveRow(width: count) else { return }
            row = (origin.x, origin.y, count, atlas.resetCount)
            barRows[emittingIndex] = row
        }
        guard let row else { return }
        atlas.writeRow(at: (row.x, row.y), graph.levels)
        emittedProgram = .bars
        let f = graph.flaggedColor
        let flagged = (Float(f.r * f.a), Float(f.g * f.a), Float(f.b * f.a), Float(f.a))
        quad(x0: p.minX, y0: p.minY, x1: p.maxX, y1: p.maxY, l0: (Double(row.x), Double(row.y) + 0.999),
             l1: (Double(row.x + count), Double(row.y)), colors: .solid(graph.color), shape: flagged, kind: 6)
    }

    private enum VertexColors {
        case solid(Color)
        case horizontal(Color, Color)
        case vertical(Color, Color)

        /// Colors at (top-left, top-right, bottom-left, bottom-right).
        var corners: (Color, Color, Color, Color) {
            switch self {
            case .solid(let c): (c, c, c, c)
            case .horizontal(let a, let b): (a, b, a, b)
            case .vertical(let a, let b): (a, a, b, b)
            }
        }
    }

    /// A rounded shape: the quad grows by a pixel on each side so the anti-aliased edge has room. A stroked shape
    /// whose transparent interior is large (`strokeInterior`) is four quads around that interior instead of one:
    /// llvmpipe shades every pixel a quad covers, and a border's interior is most of its quad (the picker square's
    /// focus border covers 29,600 pixels at scale 1; its bands, about 4,800). The interior is the command's hole:
    /// commands inside it do not overlap it (`CommandSpan.mayOverlap`).
    private func shape(_ r: Rect, radius: Double, stroke: Double, colors: VertexColors, kind: Float = 0) {
        guard r.width > 0, r.height > 0 else { return }
        let hw = r.width / 2, hh = r.height / 2
        let cornerRadius = min(radius, min(hw, hh))
        let shapeParams = (Float(hw), Float(hh), Float(cornerRadius), Float(stroke))
        if kind == 0, stroke == 0, cornerRadius <= 0, case .solid = colors, drawsLargeSolidRectsAlone,
           let exact = Self.largeWholePixelRect(r) {
            // Coverage is exactly 1 on every pixel inside and 0 outside, so the rectangle alone, without the pixel of
            // margin, in the program that only interpolates the color. Its quad carries the same shape parameters, so
            // `Shaders/overlay.frag` would draw it the same.
            emittedProgram = .solid
            quad(x0: exact.minX, y0: exact.minY, x1: exact.maxX, y1: exact.maxY, l0: (-hw, -hh), l1: (hw, hh), colors: colors,
                 shape: shapeParams, kind: kind)
            return
        }
        let (x0, y0, x1, y1) = (r.minX - 1, r.minY - 1, r.maxX + 1, r.maxY + 1)
        guard stroke > 0, cutsStrokeInteriors, case .solid = colors,
              let inner = Self.strokeInterior(r, cornerRadius: cornerRadius, stroke: stroke) else {
            quad(x0: x0, y0: y0, x1: x1, y1: y1, l0: (-hw - 1, -hh - 1), l1: (hw + 1, hh + 1), colors: colors,
                 shape: shapeParams, kind: kind)
            return
        }
        // Local coordinates are pixels from the shape's center, so each band's are its corners' offsets.
        let (cx, cy) = (r.minX + hw, r.minY + hh)
        func band(_ bx0: Double, _ by0: Double, _ bx1: Double, _ by1: Double) {
            quad(x0: bx0, y0: by0, x1: bx1, y1: by1, l0: (bx0 - cx, by0 - cy), l1: (bx1 - cx, by1 - cy), colors: colors,
                 shape: shapeParams, kind: kind)
        }
        emittedHole = inner
        band(x0, y0, x1, inner.minY) // top
        band(x0, inner.maxY, x1, y1) // bottom
        band(x0, inner.minY, inner.minX, inner.maxY) // left
        band(inner.maxX, inner.minY, x1, inner.maxY) // right
    }

    /// Whether large stroked shapes leave out their transparent interior (tests turn it off to draw the reference).
    var cutsStrokeInteriors = true
    /// Whether large solid rectangles on whole pixels are drawn by `Shaders/solid.frag` (tests turn it off to draw the
    /// reference).
    var drawsLargeSolidRectsAlone = true

    /// Solid rectangles covering fewer pixels stay in `Shaders/overlay.frag`'s batches: a batch of their own costs a
    /// program switch and a draw call (about 10 µs of CPU on llvmpipe), which a pixel saves about 3 ns of.
    nonisolated static let solidRectMinimumPixels = 16_384.0

    /// The rectangle with its edges on whole pixels when they lie within a millionth of a pixel of them and it covers
    /// at least `solidRectMinimumPixels`, else nil.
    nonisolated static func largeWholePixelRect(_ r: Rect) -> Rect? {
        let x0 = r.minX.rounded(), y0 = r.minY.rounded(), x1 = r.maxX.rounded(), y1 = r.maxY.rounded()
        let tolerance = 1e-6
        guard abs(r.minX - x0) < tolerance, abs(r.minY - y0) < tolerance, abs(r.maxX - x1) < tolerance,
              abs(r.maxY - y1) < tolerance, (x1 - x0) * (y1 - y0) >= solidRectMinimumPixels else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// Vertices of the last tessellation (its batches and the composite quad).
    var vertexCount: Int { vertices.count / Self.floatsPerVertex }

    /// Interiors smaller than this (pixels, each side) are shaded rather than cut out: three more quads cost more.
    nonisolated static let strokeInteriorMinimum = 24.0

    /// The whole-pixel rectangle inside a stroked rounded rectangle where Shaders/overlay.frag's coverage is exactly
    /// 0, or nil when it is under `strokeInteriorMinimum`. A point inset by t = radius x (1 - 1/sqrt 2) + stroke + 1.5
    /// from every edge is at a distance of at least stroke + 0.5 inside the shape (corners included), where the stroke's
    /// inner edge has faded to nothing: those pixels blend nothing, and leaving them out changes no pixel.
    nonisolated static func strokeInterior(_ r: Rect, cornerRadius: Double, stroke: Double) -> Rect? {
        let inset = cornerRadius * (1 - 1 / 2.0.squareRoot()) + stroke + 1.5
        let x0 = (r.minX + inset).rounded(.up), x1 = (r.maxX - inset).rounded(.down)
        let y0 = (r.minY + inset).rounded(.up), y1 = (r.maxY - inset).rounded(.down)
        guard x1 - x0 >= strokeInteriorMinimum, y1 - y0 >= strokeInteriorMinimum else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func glyphs(_ run: GlyphRun, sx: Double, sy: Double) {
        let pixelSize = atlas.pixelSize(for: run.fontSize)
        // Snap the line to whole pixels so glyphs stay crisp.
        var penX = (run.origin.x * sx).rounded()
        let top = (run.origin.y * sy).rounded()
        let known = atlas.asciiGlyphs(pixelSize: pixelSize)
        for scalar in run.text.unicodeScalars {
            let cached = scalar.value < 128 ? known[Int(scalar.value)] : nil
            guard let g = cached ?? atlas.glyph(scalar, pixelSize: pixelSize) else { continue }
            if g.width > 0 {
                let x0 = penX + Double(g.bearingX), y0 = top + Double(g.top)
                quad(x0: x0, y0: y0, x1: x0 + Double(g.width), y1: y0 + Double(g.height),
                     l0: (Double(g.u0), Double(g.v0)), l1: (Double(g.u1), Double(g.v1)),
                     colors: .solid(run.color), shape: (0, 0, 0, 0), kind: 1)
            }
            penX += Double(g.advance)
        }
    }

    /// Appends one quad (two triangles), cut to `emitClip` when one is set: positions, local coordinates and
    /// (premultiplied) colors are interpolated to the cut edges, so the pixels inside are the uncut quad's. A quad
    /// wholly outside becomes six vertices at one point: it draws nothing and keeps the command's vertex count.
    private func quad(x0: Double, y0: Double, x1: Double, y1: Double, l0: (Double, Double), l1: (Double, Double),
                      colors: VertexColors, shape: (Float, Float, Float, Float), kind: Float) {
        let (tl, tr, bl, br) = colors.corners
        func premultiplied(_ c: Color) -> (Float, Float, Float, Float) {
            let a = Float(c.a)
            return (Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a)
        }
        var p = (tl: premultiplied(tl), tr: premultiplied(tr), bl: premultiplied(bl), br: premultiplied(br))
        var (qx0, qy0, qx1, qy1) = (x0, y0, x1, y1)
        var (m0, m1) = (l0, l1)
        if let c = emitClip, x0 < c.minX || y0 < c.minY || x1 > c.maxX || y1 > c.maxY {
            qx0 = min(max(x0, c.minX), c.maxX); qx1 = min(max(x1, c.minX), c.maxX)
            qy0 = min(max(y0, c.minY), c.maxY); qy1 = min(max(y1, c.minY), c.maxY)
            guard qx1 > qx0, qy1 > qy0 else {
                appendQuad(qx0, qy0, qx0, qy0, m0, m0, (p.tl, p.tl, p.tl, p.tl), shape, kind)
                return
            }
            let u0 = x1 > x0 ? (qx0 - x0) / (x1 - x0) : 0, u1 = x1 > x0 ? (qx1 - x0) / (x1 - x0) : 1
            let v0 = y1 > y0 ? (qy0 - y0) / (y1 - y0) : 0, v1 = y1 > y0 ? (qy1 - y0) / (y1 - y0) : 1
            m0 = (l0.0 + u0 * (l1.0 - l0.0), l0.1 + v0 * (l1.1 - l0.1))
            m1 = (l0.0 + u1 * (l1.0 - l0.0), l0.1 + v1 * (l1.1 - l0.1))
            if case .solid = colors {} else {
                let corners = p
                func at(_ u: Double, _ v: Double) -> (Float, Float, Float, Float) {
                    func mix(_ a: (Float, Float, Float, Float), _ b: (Float, Float, Float, Float), _ t: Float) -> (Float, Float, Float, Float) {
                        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t, a.3 + (b.3 - a.3) * t)
                    }
                    return mix(mix(corners.tl, corners.tr, Float(u)), mix(corners.bl, corners.br, Float(u)), Float(v))
                }
                p = (tl: at(u0, v0), tr: at(u1, v0), bl: at(u0, v1), br: at(u1, v1))
            }
        }
        let quadBounds = Rect(x: qx0, y: qy0, width: qx1 - qx0, height: qy1 - qy0)
        // Plain calls, not `Optional.map` closures: a closure formed in main-actor code has its executor checked at
        // run time on every call (docs/bench.md, "What the bench itself costs"), and this runs for every quad.
        emittedBounds = Self.grown(emittedBounds, by: quadBounds)
        contentBounds = Self.grown(contentBounds, by: quadBounds)
        appendQuad(qx0, qy0, qx1, qy1, m0, m1, (p.tl, p.tr, p.bl, p.br), shape, kind)
    }

    /// Appends the six vertices of two triangles (top-left, top-right, bottom-right; top-left, bottom-right,
    /// bottom-left) in one append: element by element, the capacity checks cost as much as the arithmetic.
    private func appendQuad(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ l0: (Double, Double), _ l1: (Double, Double),
                            _ colors: (tl: (Float, Float, Float, Float), tr: (Float, Float, Float, Float), bl: (Float, Float, Float, Float), br: (Float, Float, Float, Float)),
                            _ shape: (Float, Float, Float, Float), _ kind: Float) {
        Self.appendQuad(to: &vertices, x0, y0, x1, y1, l0, l1, colors, shape, kind)
    }

    /// `appendQuad` without the renderer: nonisolated, so the temporary buffer's closure is not a main-actor closure
    /// (Swift checks such a closure's executor at run time each call, 24 times a dragged frame here).
    nonisolated private static func appendQuad(
        to vertices: inout [Float], _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ l0: (Double, Double),
        _ l1: (Double, Double),
        _ colors: (tl: (Float, Float, Float, Float), tr: (Float, Float, Float, Float), bl: (Float, Float, Float, Float), br: (Float, Float, Float, Float)),
        _ shape: (Float, Float, Float, Float), _ kind: Float
    ) {
        let n = floatsPerVertex
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 6 * n) { v in
            func put(_ i: Int, _ x: Double, _ y: Double, _ lx: Double, _ ly: Double, _ c: (Float, Float, Float, Float)) {
                let o = i * n
                v[o] = Float(x); v[o + 1] = Float(y); v[o + 2] = Float(lx); v[o + 3] = Float(ly)
                v[o + 4] = c.0; v[o + 5] = c.1; v[o + 6] = c.2; v[o + 7] = c.3
                v[o + 8] = shape.0; v[o + 9] = shape.1; v[o + 10] = shape.2; v[o + 11] = shape.3; v[o + 12] = kind
            }
            put(0, x0, y0, l0.0, l0.1, colors.tl); put(1, x1, y0, l1.0, l0.1, colors.tr); put(2, x1, y1, l1.0, l1.1, colors.br)
            put(3, x0, y0, l0.0, l0.1, colors.tl); put(4, x1, y1, l1.0, l1.1, colors.br); put(5, x0, y1, l0.0, l1.1, colors.bl)
            vertices.append(contentsOf: UnsafeBufferPointer(v))
        }
    }

    private func upload() {
        takeState()
        resources.state.bindArrayBuffer(vbo)
        let bytes = vertices.count * MemoryLayout<Float>.size
        vertices.withUnsafeBytes { raw in
            if bytes > vboCapacity {
                vboCapacity = max(bytes, vboCapacity * 2, 64 * 1024)
                glBufferData(GLenum(GL_ARRAY_BUFFER), vboCapacity, nil, GLenum(GL_DYNAMIC_DRAW))
            }
            if bytes > 0 { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, raw.baseAddress) }
        }
    }

    // MARK: - Drawing with saved and restored state

    /// Draws every batch directly, saving and restoring state.
    private func drawBatches(metrics: WindowMetrics, region: Rect?) {
        drawCallCount = 0
        guard !batches.isEmpty else { return }
        prepareState(metrics: metrics)
        issueBatches(metrics: metrics, region: region)
        checkGLError("overlay render")
    }

    /// Issues the batches that touch `region` (all when nil), each scissored to its clip and the region.
    private func issueBatches(metrics: WindowMetrics, region: Rect?) {
        drawCallCount = 0
        let h = metrics.drawableSize.height
        // Clips are cut into the quads; only a region redraw scissors (once, for every batch).
        if let box = region.map({ ScissorBox($0, drawableHeight: h) }) {
            guard box.width > 0, box.height > 0 else { return }
            resources.state.set(.scissorTest, true)
            glScissor(box.x, box.y, box.width, box.height)
        }
        var boundTexture: GLuint = .max
        for batch in batches {
            if let region, !(batch.bounds.map { $0.intersects(region) } ?? false) { continue }
            resources.use(shader(for: batch), viewport: metrics.drawableSize) // a no-op while the program is bound
            if batch.texture != 0 && batch.texture != boundTexture {
                resources.state.bindTexture0(batch.texture)
                boundTexture = batch.texture
            }
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(batch.first), GLsizei(batch.count))
            drawCallCount += 1
        }
    }
}

/// A scissor box in GL's bottom-left pixel coordinates.
private struct ScissorBox: Equatable {
    var x: GLint, y: GLint, width: GLsizei, height: GLsizei

    /// The box of a top-left-origin pixel rectangle, rounded as the clip scissor always was.
    init(_ r: Rect, drawableHeight h: Int) {
        x = GLint(r.minX.rounded()); y = GLint((Double(h) - r.maxY).rounded())
        width = GLsizei(max(0, r.width.rounded())); height = GLsizei(max(0, r.height.rounded()))
    }

    init(x: GLint, y: GLint, width: GLsizei, height: GLsizei) { self.x = x; self.y = y; self.width = width; self.height = height }
}

extension GLOverlayRenderer {
    /// Premultiplied blending, no depth, culling or scissor, the overlay's vertex array and texture unit 0 (each
    /// draw binds its program).
    fileprivate func prepareState(metrics: WindowMetrics) {
        takeState()
        let state = resources.state
        state.viewport(0, 0, GLsizei(metrics.drawableSize.width), GLsizei(metrics.drawableSize.height))
        state.set(.blend, true)
        state.blendEquation(GLenum(GL_FUNC_ADD))
        state.blendFunc(srcRGB: GLenum(GL_ONE), dstRGB: GLenum(GL_ONE_MINUS_SRC_ALPHA), srcAlpha: GLenum(GL_ONE), dstAlpha: GLenum(GL_ONE_MINUS_SRC_ALPHA))
        state.set(.depthTest, false)
        state.set(.cullFace, false)
        // Shapes anti-alias themselves; single-sample rasterization into a multisampled target keeps overlay pixels
        // identical to the cache's and clips exactly to the scissor (llvmpipe lets a clip edge bleed a pixel).
        state.set(.multisample, false)
        state.set(.scissorTest, false)
        state.bindVertexArray(vao)
    }

    /// Before the renderer's first GL call of a `render` or `prepare`: without a shared cache, saves the caller's
    /// state (once) and forgets what the cache knew. With one, nothing: the cache is the truth.
    fileprivate func takeState() {
        guard !resources.sharesState, savedState == nil else { return }
        savedState = SavedGLState()
        resources.state.invalidate()
    }

    /// At the end of a `render` or `prepare`: puts the caller's state back when it was saved.
    fileprivate func giveStateBack() {
        guard let saved = savedState else { return }
        saved.restore()
        savedState = nil
        resources.state.invalidate()
    }
}

/// What every layer's renderer shares: the programs, the glyph atlas, the uploaded images.
@MainActor
final class OverlayResources {
    let atlas: GlyphAtlas
    let program: ShaderProgram
    let compositeProgram: ShaderProgram
    /// Bar graphs only (`Shaders/bars.frag` with the quads' vertex shader).
    let barsProgram: ShaderProgram
    /// Large solid rectangles on whole pixels only (`Shaders/solid.frag` with the quads' vertex shader).
    let solidProgram: ShaderProgram
    /// The color picker's HSV gradients only (`Shaders/gradient.frag` with the quads' vertex shader).
    let gradientProgram: ShaderProgram
    var images: [Int: (texture: GLuint, size: PixelSize)] = [:]
    var nextImageID = 1
    /// The state shadow the layers' renderers set state through (the session's shared one, or their own).
    let state: GLStateCache
    /// True when `state` is shared with the other passes of the frame under the contract (nothing saved or restored).
    let sharesState: Bool

    /// Each program's `uViewportSize` location and the size last set there (program uniforms keep their values, so
    /// an unchanged drawable size costs no uniform call and no lookup by name).
    private var viewports: [(program: GLuint, location: GLint, size: PixelSize?)] = []

    init(atlas: GlyphAtlas, sharedState: GLStateCache?) throws(ShaderError) {
        self.atlas = atlas
        state = sharedState ?? GLStateCache()
        sharesState = sharedState != nil
        program = try ShaderProgram(vertex: "overlay.vert", fragment: "overlay.frag")
        compositeProgram = try ShaderProgram(vertex: "composite.vert", fragment: "composite.frag")
        barsProgram = try ShaderProgram(vertex: "overlay.vert", fragment: "bars.frag")
        solidProgram = try ShaderProgram(vertex: "overlay.vert", fragment: "solid.frag")
        gradientProgram = try ShaderProgram(vertex: "overlay.vert", fragment: "gradient.frag")
        var current: GLint = 0
        if !sharesState { glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &current) }
        for p in [program, compositeProgram, barsProgram, solidProgram, gradientProgram] {
            viewports.append((p.id, p.uniform("uViewportSize"), nil))
            state.useProgram(p.id)
            glUniform1i(p.uniform("uTexture"), 0) // the texture is always on unit 0
        }
        // Without the contract, the caller's program is put back (when it still exists: a deleted program's name
        // would be an error).
        if !sharesState && glIsProgram(GLuint(current)) != 0 {
            glUseProgram(GLuint(current))
            state.invalidate()
        }
    }

    /// Binds one of the overlay's programs, setting its viewport size when it changed since the last time.
    func use(_ shader: ShaderProgram, viewport size: PixelSize) {
        state.useProgram(shader.id)
        for i in viewports.indices where viewports[i].program == shader.id && viewports[i].size != size {
            glUniform2f(viewports[i].location, Float(size.width), Float(size.height))
            viewports[i].size = size
        }
    }

    isolated deinit {
        for (_, image) in images { var t = image.texture; glDeleteTextures(1, &t) }
    }
}

/// The GL state the overlay renderer changes, captured so it can be put back (the engine relies on it).
@MainActor
private struct SavedGLState {
    var program: GLint = 0, vertexArray: GLint = 0, arrayBuffer: GLint = 0, texture: GLint = 0, activeTexture: GLint = 0
    var viewport = (GLint(0), GLint(0), GLint(0), GLint(0)), scissorBox = (GLint(0), GLint(0), GLint(0), GLint(0))
    var blend = false, depthTest = false, cullFace = false, scissorTest = false, multisample = false
    var blendSrcRGB: GLint = 0, blendDstRGB: GLint = 0, blendSrcAlpha: GLint = 0, blendDstAlpha: GLint = 0
    var blendEquation: GLint = 0

    init() {
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &program)
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &vertexArray)
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &arrayBuffer)
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &activeTexture)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &texture)
        // Tuples, not arrays: no allocation per frame.
        withUnsafeMutableBytes(of: &viewport) { glGetIntegerv(GLenum(GL_VIEWPORT), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
        withUnsafeMutableBytes(of: &scissorBox) { glGetIntegerv(GLenum(GL_SCISSOR_BOX), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
        blend = glIsEnabled(GLenum(GL_BLEND)) != 0
        depthTest = glIsEnabled(GLenum(GL_DEPTH_TEST)) != 0
        cullFace = glIsEnabled(GLenum(GL_CULL_FACE)) != 0
        scissorTest = glIsEnabled(GLenum(GL_SCISSOR_TEST)) != 0
        multisample = glIsEnabled(GLenum(GL_MULTISAMPLE)) != 0
        glGetIntegerv(GLenum(GL_BLEND_SRC_RGB), &blendSrcRGB)
        glGetIntegerv(GLenum(GL_BLEND_DST_RGB), &blendDstRGB)
        glGetIntegerv(GLenum(GL_BLEND_SRC_ALPHA), &blendSrcAlpha)
        glGetIntegerv(GLenum(GL_BLEND_DST_ALPHA), &blendDstAlpha)
        glGetIntegerv(GLenum(GL_BLEND_EQUATION_RGB), &blendEquation)
    }

    func restore() {
        glUseProgram(GLuint(program))
        glBindVertexArray(GLuint(vertexArray))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture))
        glActiveTexture(GLenum(activeTexture))
        glViewport(viewport.0, viewport.1, GLsizei(viewport.2), GLsizei(viewport.3))
        glScissor(scissorBox.0, scissorBox.1, GLsizei(scissorBox.2), GLsizei(scissorBox.3))
        func set(_ cap: Int32, _ on: Bool) { if on { glEnable(GLenum(cap)) } else { glDisable(GLenum(cap)) } }
        set(GL_BLEND, blend); set(GL_DEPTH_TEST, depthTest); set(GL_CULL_FACE, cullFace); set(GL_SCISSOR_TEST, scissorTest)
        set(GL_MULTISAMPLE, multisample)
        glBlendEquation(GLenum(blendEquation))
        glBlendFuncSeparate(GLenum(blendSrcRGB), GLenum(blendDstRGB), GLenum(blendSrcAlpha), GLenum(blendDstAlpha))
    }
}

extension Rect {
    /// Whether `o` lies wholly inside (edges included).
    fileprivate func encloses(_ o: Rect) -> Bool {
        o.minX >= minX && o.maxX <= maxX && o.minY >= minY && o.maxY <= maxY
    }

    /// The smallest rectangle holding both.
    fileprivate func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// True when the two share some area (touching edges do not count).
    fileprivate func intersects(_ o: Rect) -> Bool {
        min(maxX, o.maxX) > max(minX, o.minX) && min(maxY, o.maxY) > max(minY, o.minY)
    }
}

extension DrawCommand {
    /// A re-emitted bar graph has the same quad and new levels in the atlas: changed pixels, unchanged vertices.
    fileprivate var changesWithoutVertices: Bool {
        if case .bars = self { true } else { false }
    }

    /// Glyphs and bar graphs are drawn from the glyph atlas.
    fileprivate var drawsFromAtlas: Bool {
        switch self {
        case .glyphs, .bars: true
        default: false
        }
    }
}
