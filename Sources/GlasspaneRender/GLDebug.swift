// GL error checking: on in debug builds, compiled out in release.
import CGL
import GlasspaneCore

/// Checks `glGetError` in debug builds and reports where an error surfaced.
@inline(__always)
func checkGLError(_ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    #if DEBUG
    var error = glGetError()
    while error != GLenum(GL_NO_ERROR) {
        let name: String
        switch Int32(error) {
        case GL_INVALID_ENUM: name = "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: name = "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: name = "GL_INVALID_OPERATION"
        case GL_OUT_OF_MEMORY: name = "GL_OUT_OF_MEMORY"
        case GL_INVALID_FRAMEBUFFER_OPERATION: name = "GL_INVALID_FRAMEBUFFER_OPERATION"
        default: name = "0x\(String(error, radix: 16))"
        }
        print("GL error \(name) after \(what()) at \(file):\(line)")
        error = glGetError()
    }
    #endif
}

/// Facts about the current GL context, for logs and benchmark reports.
public struct GLInfo: Sendable, Codable, Hashable {
    /// `GL_RENDERER`, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`.
    public var renderer: String
    /// `GL_VERSION`, e.g. `4.5 (Core Profile) Mesa 22.3.6`.
    public var version: String
    /// `GL_VENDOR`.
    public var vendor: String

    /// True for a CPU rasterizer (llvmpipe): the loop then runs the overlay's work before the scene, since the
    /// rasterizer's threads would preempt it rather than overlap it (docs/design.md, "One frame, in order").
    public var rasterizesOnCPU: Bool { SoftwareRasterizer.isNamed(by: renderer) }

    /// Reads the strings of the current context.
    @MainActor public static func current() -> GLInfo {
        func s(_ e: Int32) -> String { glGetString(GLenum(e)).map { String(cString: $0) } ?? "unknown" }
        return GLInfo(renderer: s(GL_RENDERER), version: s(GL_VERSION), vendor: s(GL_VENDOR))
    }
}
