// Shader programs built from the sources embedded from Shaders/ at build time.
import CGL

/// Why a shader program could not be built. Messages name the file and carry the driver's log.
public enum ShaderError: Error, Equatable, CustomStringConvertible {
    /// No embedded shader has this file name.
    case missingSource(file: String)
    /// The driver rejected a shader; `log` is its info log.
    case compileFailed(file: String, log: String)
    /// The program did not link.
    case linkFailed(files: [String], log: String)

    /// A stable identifier.
    public var identifier: String {
        switch self {
        case .missingSource: "shader-missing"
        case .compileFailed: "shader-compile-failed"
        case .linkFailed: "shader-link-failed"
        }
    }

    /// A message naming the file(s), with the driver's log.
    public var description: String {
        switch self {
        case .missingSource(let f): "Shaders/\(f): no such shader was embedded at build time (embedded: \(ShaderLibrary.names.joined(separator: ", ")))"
        case .compileFailed(let f, let log): "Shaders/\(f): compile failed:\n\(log)"
        case .linkFailed(let fs, let log): "linking \(fs.map { "Shaders/\($0)" }.joined(separator: " + ")) failed:\n\(log)"
        }
    }
}

/// The GLSL sources of the package's Shaders/ folder, embedded at build time.
public enum ShaderLibrary {
    /// Every embedded file name, sorted.
    public static var names: [String] { EmbeddedShaders.sources.keys.sorted() }
    /// The source of a file, or nil.
    public static func source(named name: String) -> String? { EmbeddedShaders.sources[name] }
}

/// A linked GL program with cached uniform locations.
@MainActor
public final class ShaderProgram {
    /// The GL program object.
    public let id: GLuint
    private var uniforms: [String: GLint] = [:]

    /// Builds a program from two embedded files, e.g. `cube.vert` and `cube.frag`.
    public convenience init(vertex: String, fragment: String) throws(ShaderError) {
        guard let vs = ShaderLibrary.source(named: vertex) else { throw .missingSource(file: vertex) }
        guard let fs = ShaderLibrary.source(named: fragment) else { throw .missingSource(file: fragment) }
        try self.init(vertexFile: vertex, vertexSource: vs, fragmentFile: fragment, fragmentSource: fs)
    }

    /// Builds a program from source text; the file names are used in error messages.
    public init(vertexFile: String, vertexSource: String, fragmentFile: String, fragmentSource: String) throws(ShaderError) {
        let v = try ShaderProgram.compile(GLenum(GL_VERTEX_SHADER), vertexSource, file: vertexFile)
        let f: GLuint
        do { f = try ShaderProgram.compile(GLenum(GL_FRAGMENT_SHADER), fragmentSource, file: fragmentFile) } catch {
            glDeleteShader(v); throw error
        }
        let p = glCreateProgram()
        glAttachShader(p, v)
        glAttachShader(p, f)
        glLinkProgram(p)
        glDeleteShader(v)
        glDeleteShader(f)
        var ok: GLint = 0
        glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = ShaderProgram.infoLog(object: p, isProgram: true)
            glDeleteProgram(p)
            throw .linkFailed(files: [vertexFile, fragmentFile], log: log)
        }
        id = p
        checkGLError("linking \(vertexFile)+\(fragmentFile)")
    }

    isolated deinit { glDeleteProgram(id) }

    private static func compile(_ kind: GLenum, _ source: String, file: String) throws(ShaderError) -> GLuint {
        let s = glCreateShader(kind)
        source.withCString { ptr in
            var p: UnsafePointer<GLchar>? = ptr
            glShaderSource(s, 1, &p, nil)
        }
        glCompileShader(s)
        var ok: GLint = 0
        glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(object: s, isProgram: false)
            glDeleteShader(s)
            throw .compileFailed(file: file, log: log)
        }
        return s
    }

    private static func infoLog(object: GLuint, isProgram: Bool) -> String {
        var length: GLint = 0
        if isProgram { glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        else { glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        guard length > 1 else { return "(the driver gave no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if isProgram { glGetProgramInfoLog(object, length, nil, &buffer) }
        else { glGetShaderInfoLog(object, length, nil, &buffer) }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            .trimmingCharacters(in: [" ", "\n", "\0"])
    }

    /// The location of a uniform (cached; -1 when the program does not use it).
    public func uniform(_ name: String) -> GLint {
        if let l = uniforms[name] { return l }
        let l = glGetUniformLocation(id, name)
        uniforms[name] = l
        return l
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
