// Where a run happened and how it was configured: the `environment` object of the JSON report. The caller
// (the `glasspane bench` command) fills in what only it knows (GL strings, options, commit); the helpers
// below read what the machine can tell us.
import Foundation

/// The options a run was made with (`environment.options`).
public struct BenchRunOptions: Sendable, Equatable, Codable {
    /// Scenario name: `cube`, `demo` or `stress`.
    public var scenario: String
    /// Measured frames (`--frames`).
    public var frames: Int
    /// Warmup frames run before measuring (`--warmup`).
    public var warmup: Int
    /// Drawable width in pixels (`--size WxH`).
    public var width: Int
    /// Drawable height in pixels (`--size WxH`).
    public var height: Int
    /// Whether the run was headless (`--headless`).
    public var headless: Bool
    /// Whether glFinish ran before timing the present (`--finish`).
    public var finish: Bool
    /// The input script driving the scenario (`--script`), if any.
    public var script: String?
    /// Anything else the caller wants on record (free-form, sorted by key in the file).
    public var extra: [String: String]

    /// Creates the options record.
    public init(
        scenario: String, frames: Int, warmup: Int, width: Int, height: Int, headless: Bool, finish: Bool,
        script: String? = nil, extra: [String: String] = [:]
    ) {
        self.scenario = scenario
        self.frames = frames
        self.warmup = warmup
        self.width = width
        self.height = height
        self.headless = headless
        self.finish = finish
        self.script = script
        self.extra = extra
    }
}

/// The machine, build and options of a run (`environment` in the JSON report). Unknown values are `nil`
/// and encoded as JSON `null`, never guessed.
public struct BenchEnvironment: Sendable, Equatable, Codable {
    /// `GL_RENDERER` string.
    public var glRenderer: String?
    /// `GL_VERSION` string.
    public var glVersion: String?
    /// CPU model name (see `CPUInfo`).
    public var cpuModel: String?
    /// Number of logical CPUs.
    public var cpuCores: Int?
    /// `debug` or `release` (see `BenchEnvironment.buildConfiguration`).
    public var buildConfiguration: String?
    /// Git commit of the build, if known.
    public var gitCommit: String?
    /// Operating system description, e.g. the `PRETTY_NAME` of /etc/os-release.
    public var os: String?
    /// The run's options.
    public var options: BenchRunOptions?
    /// When the run was made: UTC, ISO 8601 to the second (`2026-11-23T14:03:00Z`).
    public var date: String?

    enum CodingKeys: String, CodingKey {
        case glRenderer = "gl_renderer"
        case glVersion = "gl_version"
        case cpuModel = "cpu_model"
        case cpuCores = "cpu_cores"
        case buildConfiguration = "build_configuration"
        case gitCommit = "git_commit"
        case os
        case options
        case date
    }

    /// Creates an environment record; every field defaults to unknown.
    public init(
        glRenderer: String? = nil, glVersion: String? = nil, cpuModel: String? = nil, cpuCores: Int? = nil,
        buildConfiguration: String? = nil, gitCommit: String? = nil, os: String? = nil, options: BenchRunOptions? = nil,
        date: String? = nil
    ) {
        self.glRenderer = glRenderer
        self.glVersion = glVersion
        self.cpuModel = cpuModel
        self.cpuCores = cpuCores
        self.buildConfiguration = buildConfiguration
        self.gitCommit = gitCommit
        self.os = os
        self.options = options
        self.date = date
    }

    /// Encodes every field, writing `null` for unknown ones so the schema's keys are always present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(glRenderer, forKey: .glRenderer)
        try c.encode(glVersion, forKey: .glVersion)
        try c.encode(cpuModel, forKey: .cpuModel)
        try c.encode(cpuCores, forKey: .cpuCores)
        try c.encode(buildConfiguration, forKey: .buildConfiguration)
        try c.encode(gitCommit, forKey: .gitCommit)
        try c.encode(os, forKey: .os)
        try c.encode(options, forKey: .options)
        try c.encode(date, forKey: .date)
    }

    /// `date` for a moment: UTC, ISO 8601 to the second.
    public static func isoDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The configuration this module was compiled in: `debug` or `release`.
    public static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    /// An environment with everything the machine can tell: CPU model and cores from /proc/cpuinfo, the OS from
    /// /etc/os-release, the build configuration, and the git commit of `repository` when given. The caller adds
    /// the GL strings and options.
    public static func detect(repository: String? = nil) -> BenchEnvironment {
        let cpu = CPUInfo.read()
        return BenchEnvironment(
            cpuModel: cpu.model, cpuCores: cpu.logicalCores, buildConfiguration: buildConfiguration,
            gitCommit: repository.flatMap { GitInfo.headCommit(repository: $0) }, os: OSInfo.prettyName(), date: isoDate(Date()))
    }
}

/// CPU model and logical core count, from /proc/cpuinfo.
public struct CPUInfo: Sendable, Equatable {
    /// The `model name` (x86) or `Model`/`Hardware` (ARM) line's value, if present.
    public var model: String?
    /// The number of `processor` entries; falls back to the OS's count when the file has none.
    public var logicalCores: Int?

    /// Creates a record.
    public init(model: String?, logicalCores: Int?) {
        self.model = model
        self.logicalCores = logicalCores
    }

    /// Reads /proc/cpuinfo (or another file, for tests); missing or unreadable files give the OS's core count
    /// and no model.
    public static func read(path: String = "/proc/cpuinfo") -> CPUInfo {
        let fallbackCores = ProcessInfo.processInfo.activeProcessorCount
        guard let text = SystemFile.read(path) else {
            return CPUInfo(model: nil, logicalCores: fallbackCores)
        }
        var info = parse(text)
        if info.logicalCores == nil { info.logicalCores = fallbackCores }
        return info
    }

    /// Parses the text of /proc/cpuinfo.
    public static func parse(_ text: String) -> CPUInfo {
        var model: String?
        var armModel: String?
        var processors = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "processor": processors += 1
            case "model name": if model == nil, !value.isEmpty { model = value }
            case "Model", "Hardware": if armModel == nil, !value.isEmpty { armModel = value }
            default: break
            }
        }
        return CPUInfo(model: model ?? armModel, logicalCores: processors > 0 ? processors : nil)
    }
}

/// The git commit of a checkout, read from its files (no `git` process needed).
public enum GitInfo {
    /// The commit HEAD points at in the repository at `repository`, or nil when it cannot be read.
    public static func headCommit(repository: String) -> String? {
        var gitDir = repository + "/.git"
        // In a linked worktree or submodule, .git is a file: "gitdir: <path>".
        if let pointer = try? String(contentsOfFile: gitDir, encoding: .utf8), pointer.hasPrefix("gitdir: ") {
            let target = pointer.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDir = target.hasPrefix("/") ? target : repository + "/" + target
        }
        guard let head = try? String(contentsOfFile: gitDir + "/HEAD", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        else { return nil }
        guard head.hasPrefix("ref: ") else { return head.isEmpty ? nil : head }
        let ref = String(head.dropFirst(5))
        if let commit = try? String(contentsOfFile: gitDir + "/" + ref, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines), !commit.isEmpty {
            return commit
        }
        // Refs can be packed: lines of "<commit> <ref>".
        guard let packed = try? String(contentsOfFile: gitDir + "/packed-refs", encoding: .utf8) else { return nil }
        for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
            return String(line.prefix { $0 != " " })
        }
        return nil
    }
}

/// The operating system's name.
public enum OSInfo {
    /// The `PRETTY_NAME` of /etc/os-release, or nil.
    public static func prettyName(path: String = "/etc/os-release") -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return String(line.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }
}

/// Reading the kernel's text files (/proc, /sys) whole.
public enum SystemFile {
    /// The most a file is read up to (/proc/cpuinfo of a 512-core machine is under 1 MB).
    public static let maximumBytes = 4 << 20

    /// The file's text, read until end of file (at most `maximumBytes`), or nil when it cannot be opened or is not
    /// UTF-8. `String(contentsOfFile:)` trusts the size `stat` gives, which is 0 for /proc files, and returned
    /// only the first 4 KB: the first 2 `processor` entries of a 16-core machine's /proc/cpuinfo.
    public static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var bytes = Data()
        while bytes.count < maximumBytes {
            guard let chunk = try? handle.read(upToCount: 65_536), !chunk.isEmpty else { break }
            bytes.append(chunk)
        }
        return String(data: bytes.prefix(maximumBytes), encoding: .utf8)
    }
}
