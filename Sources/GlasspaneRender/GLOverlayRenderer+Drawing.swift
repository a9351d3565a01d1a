// Buffers, uploads and draw calls: the tessellator's vertices into GL buffers, its batches into glDrawArrays.
import CGL
import GlasspaneCore
import GlasspaneDraw

/// A vertex array and the buffer its attributes read, with the bytes allocated in it.
struct VertexBuffer {
    var vertexArray: GLuint = 0
    var buffer: GLuint = 0
    var capacity = 0
    /// The offset groups' offsets, read by attribute 5 (`aOffset`, divisor 1): (0, 0) first, then one pair a group.
    var offsets: GLuint = 0
    /// What `offsets` holds, and which of its pairs attribute 5 points at now (vertex-array state).
    var uploadedOffsets: [Float] = []
    var offsetSlot = -1

    /// Deletes both (nothing when they were never made).
    mutating func delete() {
        if buffer != 0 { glDeleteBuffers(1, &buffer) }
        if offsets != 0 { glDeleteBuffers(1, &offsets) }
        if vertexArray != 0 { glDeleteVertexArrays(1, &vertexArray) }
    }
}

extension GLOverlayRenderer {
    /// A vertex array whose attributes follow the tessellator's vertex layout (DrawListTessellator.swift), over a
    /// new buffer.
    func makeVertexBuffer() -> VertexBuffer {
        var made = VertexBuffer()
        glGenVertexArrays(1, &made.vertexArray)
        glGenBuffers(1, &made.buffer)
        resources.state.bindVertexArray(made.vertexArray)
        resources.state.bindArrayBuffer(made.buffer)
        let stride = GLsizei(DrawListTessellator.floatsPerVertex * MemoryLayout<Float>.size)
        func attribute(_ index: GLuint, _ size: GLint, _ offset: Int) {
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.size))
        }
        attribute(0, 2, 0) // position
        attribute(1, 2, 2) // local coordinates
        attribute(2, 4, 4) // premultiplied color
        attribute(3, 4, 8) // shape parameters
        attribute(4, 1, 12) // kind
        // Attribute 5, the offset: one pair a draw call from its own buffer (`pointOffsets`).
        glGenBuffers(1, &made.offsets)
        resources.state.bindArrayBuffer(made.offsets)
        var zero: [Float] = [0, 0]
        glBufferData(GLenum(GL_ARRAY_BUFFER), 8, &zero, GLenum(GL_DYNAMIC_DRAW))
        made.uploadedOffsets = zero
        glEnableVertexAttribArray(5)
        glVertexAttribPointer(5, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glVertexAttribDivisor(5, 1)
        made.offsetSlot = 0
        resources.state.bindVertexArray(0)
        return made
    }

    /// Makes the list's offset buffer hold (0, 0) then each group's offset (a new buffer's storage when they changed:
    /// no wait for a frame still drawing from the old one).
    func uploadOffsets() {
        var wanted: [Float] = [0, 0]
        for group in tessellator.groups { wanted.append(Float(group.offset.x)); wanted.append(Float(group.offset.y)) }
        guard wanted != listBuffer.uploadedOffsets else { return }
        resources.state.bindArrayBuffer(listBuffer.offsets)
        glBufferData(GLenum(GL_ARRAY_BUFFER), wanted.count * MemoryLayout<Float>.size, wanted, GLenum(GL_DYNAMIC_DRAW))
        listBuffer.uploadedOffsets = wanted
    }

    /// Points attribute 5 of the list's vertex array (bound) at slot `slot` of the offset buffer: 0 is (0, 0), group
    /// `g` is slot `g + 1`.
    func pointOffsets(at slot: Int) {
        guard slot != listBuffer.offsetSlot else { return }
        resources.state.bindArrayBuffer(listBuffer.offsets)
        glVertexAttribPointer(5, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, UnsafeRawPointer(bitPattern: slot * 8))
        listBuffer.offsetSlot = slot
    }

    /// Uploads every vertex after a whole tessellation, growing the buffer when it must.
    func uploadAllVertices() {
        _ = tessellator.takeUploads() // the whole buffer goes
        takeState()
        resources.state.bindArrayBuffer(listBuffer.buffer)
        let bytes = tessellator.vertices.count * MemoryLayout<Float>.size
        if bytes > listBuffer.capacity {
            listBuffer.capacity = max(bytes, listBuffer.capacity * 2, 64 * 1024)
            glBufferData(GLenum(GL_ARRAY_BUFFER), listBuffer.capacity, nil, GLenum(GL_DYNAMIC_DRAW))
        }
        Self.bufferSubData(tessellator.vertices)
    }

    /// Uploads the vertex ranges a partial update or a hot-command change rewrote, and the hot vertices when they
    /// changed (a few hundred vertices at most, uploaded whole; the hot buffer is made on first use).
    func uploadChangedVertices() {
        let ranges = tessellator.takeUploads()
        if !ranges.isEmpty {
            takeState()
            resources.state.bindArrayBuffer(listBuffer.buffer)
            Self.bufferSubData(tessellator.vertices, ranges: ranges)
        }
        guard let hotVertices = tessellator.takeChangedHotVertices() else { return }
        takeState()
        if hotBuffer.vertexArray == 0 { hotBuffer = makeVertexBuffer() }
        resources.state.bindArrayBuffer(hotBuffer.buffer)
        let bytes = hotVertices.count * MemoryLayout<Float>.size
        if bytes > hotBuffer.capacity {
            hotBuffer.capacity = max(bytes, 16 * 1024)
            glBufferData(GLenum(GL_ARRAY_BUFFER), hotBuffer.capacity, nil, GLenum(GL_DYNAMIC_DRAW))
        }
        Self.bufferSubData(hotVertices)
    }

    /// Writes `ranges` of `floats` (in floats; all of them when nil) to the same ranges of the bound array buffer.
    /// Nonisolated so that the buffer's closure is not a main-actor closure, whose executor Swift checks at run time
    /// on every call.
    nonisolated static func bufferSubData(_ floats: [Float], ranges: [Range<Int>]? = nil) {
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

    /// The program that draws a batch.
    func shader(for batch: DrawBatch) -> ShaderProgram {
        switch batch.program {
        case .quads: resources.program
        case .bars: resources.barsProgram
        case .solid: resources.solidProgram
        case .shapes: resources.shapeProgram
        case .gradients: resources.gradientProgram
        }
    }

    /// Draws every batch directly (no cache).
    func drawBatches(metrics: WindowMetrics) {
        drawCallCount = 0
        guard !tessellator.batches.isEmpty else { return }
        prepareState(metrics: metrics)
        drawCallCount = issueBatches(metrics: metrics, region: nil)
        checkGLError("overlay render")
    }

    /// Issues the batches that touch `region` (all when nil); returns the draw calls. An offset group's batches are
    /// drawn moved by its offset (`aOffset`) and scissored to its clip.
    func issueBatches(metrics: WindowMetrics, region: Rect?) -> Int {
        let h = metrics.drawableSize.height
        // Clips are cut into the quads; a region redraw and an offset group scissor.
        var scissor: Rect? = nil
        if let region {
            let box = ScissorBox(region, drawableHeight: h)
            guard box.width > 0, box.height > 0 else { return 0 }
            resources.state.set(.scissorTest, true)
            glScissor(box.x, box.y, box.width, box.height)
            scissor = region
        }
        var calls = 0
        var boundTexture: GLuint = .max
        let groups = tessellator.groups
        uploadOffsets()
        for batch in tessellator.batches {
            var batchScissor = region
            if batch.group >= 0 {
                let group = groups[batch.group]
                if let cut = group.scissor { batchScissor = region.map { $0.intersection(cut) } ?? cut }
                let shown = batch.bounds.flatMap { tessellator.onScreen($0, group: batch.group) }
                if let region, !(shown.map { $0.intersects(region) } ?? false) { continue }
            } else if let region, !(batch.bounds.map { $0.intersects(region) } ?? false) {
                continue
            }
            if batchScissor != scissor {
                if let cut = batchScissor {
                    let box = ScissorBox(cut, drawableHeight: h)
                    guard box.width > 0, box.height > 0 else { continue }
                    resources.state.set(.scissorTest, true)
                    glScissor(box.x, box.y, box.width, box.height)
                } else {
                    resources.state.set(.scissorTest, false)
                }
                scissor = batchScissor
            }
            resources.use(shader(for: batch), viewport: metrics.drawableSize) // a no-op while the program is bound
            pointOffsets(at: batch.group + 1)
            if batch.texture != 0 && batch.texture != boundTexture {
                resources.state.bindTexture0(batch.texture)
                boundTexture = batch.texture
            }
            // Opaque color on whole pixels replaces what is under it either way; unblended, llvmpipe does not read it.
            resources.state.set(.blend, !batch.isOpaque)
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(batch.first), GLsizei(batch.count))
            calls += 1
        }
        resources.state.set(.blend, true) // the composite and the hot commands blend
        if region == nil && scissor != nil { resources.state.set(.scissorTest, false) }
        return calls
    }

    /// Draws the hot batches over the composite (state prepared by `render`).
    func drawHotCommands(metrics: WindowMetrics) {
        let batches = tessellator.hot.batches
        guard !batches.isEmpty else { return }
        resources.state.bindVertexArray(hotBuffer.vertexArray)
        for batch in batches where batch.count > 0 {
            resources.use(shader(for: batch), viewport: metrics.drawableSize)
            if batch.texture != 0 { resources.state.bindTexture0(batch.texture) }
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(batch.first), GLsizei(batch.count))
            drawCallCount += 1
        }
        resources.state.bindVertexArray(listBuffer.vertexArray)
    }
}
