// The MangoHud log format (`--mangohud-csv`), so MangoHud's own tools and the sites that chart its logs read our
// runs: a line of system-info names, a line of their values, the frame columns' header, then one row per frame.
// We know a frame's time and when it was presented; the sensors MangoHud samples (loads, temperatures, clocks,
// power, memory) are not measured by the bench and are written as 0 (docs/bench.md lists them).
import Foundation
import GlasspaneCore

/// Writes a run's frames in MangoHud's CSV log format.
public struct MangoHudCSV: Sendable {
    /// The names of the system-info line (line 1).
    public static let systemColumns = ["os", "cpu", "gpu", "ram", "kernel", "driver", "cpuscheduler"]
    /// The frame columns (line 3).
    public static let frameColumns = [
        "fps", "frametime", "cpu_load", "cpu_power", "gpu_load", "cpu_temp", "gpu_temp", "gpu_core_clock", "gpu_mem_clock",
        "gpu_vram_used", "gpu_power", "ram_used", "swap_used", "process_rss", "cpu_mhz", "elapsed",
    ]
    /// The frame columns the bench cannot know, written as 0.
    public static let unmeasuredColumns = Array(frameColumns.dropFirst(2).dropLast())

    /// The system-info values, in `systemColumns` order (line 2).
    public var system: [String]

    /// A writer with explicit system-info values (commas in them become `;`, line breaks spaces, an empty value
    /// `unknown`).
    public init(os: String?, cpu: String?, gpu: String?, ram: String?, kernel: String?, driver: String?, cpuScheduler: String?) {
        system = [os, cpu, gpu, ram, kernel, driver, cpuScheduler].map { value in
            let text = (value ?? "").replacingOccurrences(of: ",", with: ";")
                .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
                .trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? "unknown" : text
        }
    }

    /// A writer whose system info comes from the report's environment (OS, CPU model, GL renderer as the GPU, GL
    /// version as the driver) and the machine (total RAM in kB from /proc/meminfo, the kernel release, CPU 0's
    /// frequency governor as the scheduler).
    public init(environment: BenchEnvironment, machine: MachineInfo = .read()) {
        self.init(os: environment.os, cpu: environment.cpuModel, gpu: environment.glRenderer, ram: machine.memoryTotalKB,
                  kernel: machine.kernelRelease, driver: environment.glVersion, cpuScheduler: machine.cpuGovernor)
    }

    /// The file's text: the two system-info lines, the frame header, one row per sample (fps = 1000 / frametime
    /// with 3 decimals, frametime in ms with 6 decimals, elapsed in ns since the measured run started).
    public func text(_ samples: [FrameSample]) -> String {
        var out = Self.systemColumns.joined(separator: ",") + "\n" + system.joined(separator: ",") + "\n"
        out += Self.frameColumns.joined(separator: ",") + "\n"
        let zeros = String(repeating: "0,", count: Self.unmeasuredColumns.count)
        for sample in samples {
            let ns = max(0, sample.frameTimeNs)
            let fps = ns > 0 ? FixedPoint.format(1e9 / Double(ns), decimals: 3) : "0"
            out += fps + "," + FixedPoint.ms(ns: ns, decimals: 6) + "," + zeros + String(max(0, sample.timestampNs)) + "\n"
        }
        return out
    }

    /// Writes the file, creating parent directories.
    public func write(_ samples: [FrameSample], to path: String) throws(BenchError) {
        try BenchFiles.write(text(samples), to: path)
    }
}

/// What MangoHud's system line needs beyond the report's environment; nil where a file cannot be read.
public struct MachineInfo: Sendable, Equatable {
    /// `MemTotal` of /proc/meminfo, in kB, as written there.
    public var memoryTotalKB: String?
    /// /proc/sys/kernel/osrelease.
    public var kernelRelease: String?
    /// /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor (absent in most VMs).
    public var cpuGovernor: String?

    /// Creates a record.
    public init(memoryTotalKB: String?, kernelRelease: String?, cpuGovernor: String?) {
        self.memoryTotalKB = memoryTotalKB
        self.kernelRelease = kernelRelease
        self.cpuGovernor = cpuGovernor
    }

    /// Reads the three files.
    public static func read() -> MachineInfo {
        func file(_ path: String) -> String? {
            SystemFile.read(path)?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let memory = file("/proc/meminfo")?.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        return MachineInfo(memoryTotalKB: memory, kernelRelease: file("/proc/sys/kernel/osrelease"),
                           cpuGovernor: file("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"))
    }
}
