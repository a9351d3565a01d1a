// The overlay's draw-list renderer for OpenGL 3.3 core (an ImGui-style backend). The GL-free half, the draw list into
// vertices and batches, partial updates and hot commands, is GlasspaneDraw's `DrawListTessellator`; this backend
// uploads and draws what it produces. Files: this one (the public face and the update policy),
// GLOverlayRenderer+Drawing.swift (buffers, uploads, draw calls), GLOverlayRenderer+Cache.swift (the cache texture and
// its composite), OverlayResources.swift (programs, atlas, images), SavedGLState.swift (state saved and restored).
//
// Implements:
// - rounded rects, borders, circles, rings (signed-distance anti-aliasing in Shaders/overlay.frag), two-color linear
//   gradients (vertex colors), the picker's hue and saturation/value gradients (per pixel, Shaders/gradient.frag),
//   glyph runs from the atlas (R8, tinted), RGBA images (premultiplied at upload, linear filtering), bar graphs
//   (Shaders/bars.frag), large solid rectangles (Shaders/solid.frag);
// - nested clips, cut into the quads (not scissored), so clips never split a batch; offset groups (`pushOffset`, a
//   scrolled document) in batches of their own, drawn moved by the group's offset (vertex attribute 5, one value a
//   draw call from a small buffer) and scissored to the clip around the group;
// - premultiplied alpha blending, high-DPI scaling (points to pixels by `WindowMetrics`);
// - batching by texture and program, reordering commands whose quads do not overlap (the demo panel: three calls);
// - caching: an unchanged list (same generation and metrics) is not tessellated or uploaded again; a list whose
//   changed commands are named (`DrawListDamage`) re-tessellates and uploads only those (`glBufferSubData`) and
//   redraws the cache texture only inside the damaged pixels;
// - compositing (`OverlayCompositing`): `.cached` rasterizes into a texture and composites one quad a frame,
//   `.direct` draws every batch every frame, `.automatic` (default) draws directly while the list changes frame after
//   frame, composites once it holds still, and draws a drag's changing commands "hot" over the composite;
// - GL state: given a shared `GLStateCache` (the session's, which its scene renderer uses too) it sets only what
//   differs and restores nothing (the contract in GLStateCache.swift); without one it saves the caller's state and
//   restores it, so a foreign engine is unaffected.
// Does not implement:
// - indexed drawing (six vertices a quad: a command's vertices are one range a partial update overwrites in place);
// - draw-list callbacks (ImGui's ImDrawCallback), per-command blend modes, custom shaders;
// - scissor-rectangle clipping per batch other than an offset group's (clips are geometry), multi-sample
//   anti-aliasing of overlay pixels (shapes anti-alias themselves and are drawn single-sampled);
// - color glyphs (the atlas is one 8-bit channel), mipmaps, image formats other than RGBA8, freeing a registered
//   image before the renderer's resources go;
// - sRGB-correct blending, OpenGL ES, GL below 3.3, several windows or contexts.
// Measurements in docs/overlay.md.
import CGL
import GlasspaneCore
import GlasspaneDraw

/// Draws `DrawList`s with OpenGL 3.3 core.
@MainActor
public final class GLOverlayRenderer: DrawListRenderer {
    /// Direct drawing or a cached texture (see the file comment).
    public var compositing: OverlayCompositing = .automatic
    /// How many times the cache texture was brought up to date, wholly or in its damaged rectangles (tests: stays put
    /// while the overlay is unchanged).
    public internal(set) var cacheRedrawCount = 0
    /// Draw calls issued by the last `render` (for tests and the bench).
    public internal(set) var drawCallCount = 0
    /// How many times a whole draw list was tessellated (stays put while the overlay is unchanged).
    public private(set) var tessellationCount = 0
    /// How many times only a list's damaged commands were tessellated again (a drag: one per frame).
    public private(set) var partialUpdateCount = 0
    /// Commands partial updates emitted again (a damaged command equal to the one emitted before is skipped).
    public var reemittedCommandCount: Int { tessellator.reemittedCommandCount }
    /// The pixel rectangles of the cache texture the last cache update redrew (top-left origin); empty when it
    /// redrew the whole cache.
    public internal(set) var lastCacheRedrawRegions: [Rect] = []
    /// The glyph atlas text is drawn from (also the overlay's `FontMetrics`).
    public var atlas: GlyphAtlas { resources.atlas }
    /// Commands drawn directly over the composite now (tests and the bench).
    public var hotCommandCount: Int { tessellator.hot.commands.count }
    /// How many times hot commands that stopped changing went back into the cache while others stayed hot (tests).
    public var staleHotCommandsCooled: Int { tessellator.hot.staleCooled }
    /// The commands whose vertices the last partial update changed.
    var lastChangedCommands: [Int] { tessellator.lastChangedCommands }
    /// Vertices of the last tessellation (its batches and the composite quad).
    var vertexCount: Int { tessellator.vertexCount }
    /// Whether large stroked shapes leave out their transparent interior (tests turn it off to draw the reference).
    var cutsStrokeInteriors: Bool {
        get { tessellator.cutsStrokeInteriors }
        set { tessellator.cutsStrokeInteriors = newValue }
    }
    /// Whether large solid rectangles on whole pixels get `Shaders/solid.frag` (tests turn it off for the reference).
    var drawsLargeSolidRectsAlone: Bool {
        get { tessellator.drawsLargeSolidRectsAlone }
        set { tessellator.drawsLargeSolidRectsAlone = newValue }
    }
    /// Whether large rounded shapes get `Shaders/shape.frag` (on a CPU rasterizer; tests turn it off for the reference).
    var drawsLargeShapesAlone: Bool {
        get { tessellator.drawsLargeShapesAlone }
        set { tessellator.drawsLargeShapesAlone = newValue }
    }
    /// Whether rectangles under a scrolled list's opaque rows leave out the pixels the rows cover (on by default;
    /// tests turn it off to draw the reference).
    var cutsCoveredInteriors: Bool {
        get { tessellator.cutsCoveredInteriors }
        set { tessellator.cutsCoveredInteriors = newValue }
    }
    /// The cache's framebuffer and the texture the composite samples (tests check they never coincide).
    var cacheTextures: (framebuffer: GLuint, sampled: GLuint) { (cache.framebuffer, cache.sampledTexture) }

    let resources: OverlayResources
    /// The draw list's vertices, batches, damage and hot commands, without GL.
    let tessellator = DrawListTessellator()
    /// The batches' vertex buffer, and the hot commands' (made on first use).
    var listBuffer = VertexBuffer()
    var hotBuffer = VertexBuffer()
    /// The cache texture (GLOverlayRenderer+Cache.swift).
    var cache = CacheTexture()
    /// What was tessellated last: a list of the same generation at the same metrics is drawn again as it is.
    private var drawnGeneration: UInt64?
    private var drawnMetrics: WindowMetrics?
    private var changedFramesInARow = 0
    private var updatedSinceRender = false
    /// Draw calls `prepare` issued redrawing the cache, added to the next `render`'s.
    var preparedDrawCalls = 0
    /// Frames `prepare` saw the list unchanged while commands were hot.
    private var quietFrames = 0
    /// The caller's GL state while a `render` or `prepare` without a shared cache runs (`takeState`).
    var savedState: SavedGLState?

    /// Builds the shaders and buffers in the current context. With `sharedState`, every pass drawing in the context
    /// sets its state through that cache and nothing is saved or restored; without it, the caller's state is saved
    /// and restored around each call.
    public convenience init(atlas: GlyphAtlas, sharedState: GLStateCache? = nil) throws(ShaderError) {
        self.init(sharing: try OverlayResources(atlas: atlas, sharedState: sharedState))
    }

    /// A renderer with its own buffers and cache that shares shaders, atlas and images with another.
    private init(sharing resources: OverlayResources) {
        self.resources = resources
        let choices = Self.tessellationChoices(rasterizesOnCPU: resources.rasterizesOnCPU)
        tessellator.drawsLargeShapesAlone = choices.drawsLargeShapesAlone
        tessellator.cutsCoveredInteriors = choices.cutsCoveredInteriors
        listBuffer = makeVertexBuffer()
        checkGLError("overlay buffers")
    }

    isolated deinit {
        listBuffer.delete()
        hotBuffer.delete()
        cache.delete()
    }

    /// What the tessellator does for a rasterizer: large rounded shapes get their own program only on a CPU one (it
    /// saves llvmpipe a texture read a pixel); covered interiors are cut on every one, since the panel's pixels under
    /// opaque rows cost a GPU's fill as they cost llvmpipe's threads (docs/overlay.md, "Covered interiors").
    nonisolated static func tessellationChoices(rasterizesOnCPU: Bool) -> (drawsLargeShapesAlone: Bool, cutsCoveredInteriors: Bool) {
        (drawsLargeShapesAlone: rasterizesOnCPU, cutsCoveredInteriors: true)
    }

    /// A renderer for another layer: its own vertices, batches and cache, the same shaders, atlas and images.
    public func makeCompanion() -> any DrawListRenderer {
        let companion = GLOverlayRenderer(sharing: resources)
        companion.compositing = compositing
        return companion
    }

    /// Uploads an RGBA image and returns the handle draw lists use to draw it.
    public func registerImage(_ image: PixelImage) -> ImageHandle {
        resources.registerImage(image)
    }

    /// Images registered and not released (their textures are alive).
    public var imageCount: Int { resources.images.count }

    /// Deletes an image's texture; drawing its handle afterwards draws nothing.
    public func releaseImage(_ handle: ImageHandle) {
        resources.releaseImage(handle)
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
            drawBatches(metrics: metrics)
            return
        }
        guard tessellator.contentBounds != nil else { drawCallCount = 0; return }
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
        if hotCommandCount > 0 {
            quietFrames = changed ? 0 : quietFrames + 1
            if quietFrames >= DrawListTessellator.framesBeforeCooling { coolHotCommands() }
        }
        guard usesCache, tessellator.contentBounds != nil else { return }
        let needsRedraw = !cache.isCurrent || cache.size != metrics.drawableSize || !tessellator.damagedPixels.isEmpty
        guard needsRedraw else { return }
        prepareState(metrics: metrics)
        preparedDrawCalls += bringCacheUpToDate(metrics: metrics)
        checkGLError("overlay prepare")
    }

    /// Pixels (top-left origin) that drawing the list prepared last covers with opaque color: a scrolled list's rows
    /// over its viewport, where the covers cut the panel under them (docs/overlay.md, "Covered interiors"). Nil when
    /// there are none.
    public var pixelsCoveredOpaquely: Rect? { tessellator.largestCoveredPixels }

    /// Still frames need `prepare` only to count down hot commands or to bring a stale cache up to date.
    public var needsPrepareForUnchangedList: Bool {
        hotCommandCount > 0 || !cache.isCurrent || !tessellator.damagedPixels.isEmpty
    }

    /// Whether the next frame composites the cache texture rather than drawing the batches directly (`.automatic`
    /// draws directly while the list changes frame after frame without hot commands).
    public var drawsFromCache: Bool { usesCache }

    /// Whether this frame composites the cache texture (else it draws the batches directly).
    private var usesCache: Bool {
        // Redrawing the whole cache when the whole list changes again next frame costs more than drawing directly.
        compositing == .cached || (compositing == .automatic && (changedFramesInARow < 2 || hotCommandCount > 0))
    }

    /// Re-tessellates (wholly or only the damaged commands) when the list is not the one drawn last, and uploads what
    /// changed; true when what is drawn changed.
    @discardableResult
    private func update(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics) -> Bool {
        // Another layer's renderer may have filled the shared atlas, which then started over: every glyph is stale.
        if atlas.resetCount != tessellator.tessellatedGlyphResets { drawnGeneration = nil }
        if generation != nil && generation == drawnGeneration && drawnMetrics == metrics { return false }
        takeState() // tessellation may upload glyphs, and the vertices are uploaded
        // A full atlas deletes its texture (a deleted binding reverts to 0, and the name may come back): the cache
        // must not trust what it knew about unit 0.
        let atlasTextureBefore = atlas.texture
        defer { if atlas.texture != atlasTextureBefore { resources.state.invalidate() } }
        let images = resources.imageTextures
        let partial = damage.map { d in
            !d.rewritesWholeList && d.baseGeneration == drawnGeneration && drawnMetrics == metrics
                && tessellator.updateDamaged(list, d, metrics: metrics, glyphs: atlas, images: images)
        } ?? false
        // A page evicted while emitting (runs come and go as a list scrolls) may have held what commands kept from
        // before show: everything is emitted again, now, so no frame draws another run's texels.
        let evictedWhileEmitting = partial && atlas.resetCount != tessellator.tessellatedGlyphResets
        if partial && !evictedWhileEmitting && tessellator.lastChangedCommands.isEmpty {
            // The repainted views came out as they were (a re-display that changed nothing visible): a still frame,
            // so `.automatic` keeps compositing and hot commands keep counting down to cooling.
            partialUpdateCount += 1
            drawnGeneration = generation
            uploadChangedVertices()
            return false
        }
        updatedSinceRender = true
        // Either way the list changed: while it changes frame after frame `.automatic` draws directly (on llvmpipe
        // a cache texture redrawn in the frame that samples it makes the driver finish the scene first, about the
        // scene's whole rasterization time), and the cache catches up on the accumulated damage once it holds still.
        changedFramesInARow += 1
        if partial && !evictedWhileEmitting {
            partialUpdateCount += 1
            tessellator.notePartialUpdate()
            if compositing == .automatic && changedFramesInARow >= 2 { tessellator.updateHotCommands() }
            tessellator.coolStaleHotCommands()
            uploadChangedVertices()
        } else {
            atlas.scale = metrics.scaleY
            let atlasTexture = atlas.texture
            // A scrolled document's rows that only moved are copied from what was drawn last, moved.
            let moved = damage.flatMap { d in
                d.rewritesWholeList && d.baseGeneration == drawnGeneration && drawnMetrics == metrics ? d.movedRuns : nil
            } ?? []
            tessellator.tessellate(list, metrics: metrics, glyphs: atlas, images: images,
                                   moved: evictedWhileEmitting ? [] : moved)
            // A full atlas starts over (a new texture, glyphs placed anew), and a page evicted while emitting may have
            // held glyphs or runs emitted before it: those are stale.
            let startedOver = atlasTexture != 0 && atlas.texture != atlasTexture
            if startedOver || atlas.resetCount != tessellator.tessellatedGlyphResets {
                tessellator.tessellate(list, metrics: metrics, glyphs: atlas, images: images)
            }
            uploadAllVertices()
            tessellationCount += 1
            cache.isCurrent = false
        }
        if hotCommandCount == 0 { quietFrames = 0 }
        drawnGeneration = generation
        drawnMetrics = metrics
        return true
    }

    /// Puts the hot commands back into the cache (their pixels are redrawn there).
    private func coolHotCommands() {
        guard hotCommandCount > 0 else { return }
        tessellator.coolHotCommands()
        quietFrames = 0
        uploadChangedVertices()
    }
}
