// The MangoHud log format: two system-info lines, the frame header, one row per frame with the unmeasured sensors 0.
import GlasspaneBench
import GlasspaneCore
import XCTest

final class MangoHudCSVTests: XCTestCase {
    static let machine = MachineInfo(memoryTotalKB: "8141604", kernelRelease: "6.1.0-27-cloud-amd64", cpuGovernor: nil)

    func testTheFileIsMangoHudsLayout() {
        let environment = BenchEnvironment(glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)", glVersion: "3.3 (Core Profile) Mesa 22.3.6",
                                           cpuModel: "AMD EPYC 7B13", os: "Debian GNU/Linux 12 (bookworm)")
        let list = [FrameSample(index: 0, timestampNs: 4_000_000, frameTimeNs: 4_000_000),
                    FrameSample(index: 1, timestampNs: 10_250_000, frameTimeNs: 6_250_000),
                    FrameSample(index: 2, timestampNs: 10_250_000, frameTimeNs: 0)]
        let text = MangoHudCSV(environment: environment, machine: Self.machine).text(list)
        XCTAssertEqual(text, """
            os,cpu,gpu,ram,kernel,driver,cpuscheduler
            Debian GNU/Linux 12 (bookworm),AMD EPYC 7B13,llvmpipe (LLVM 15.0.6; 256 bits),8141604,6.1.0-27-cloud-amd64,3.3 (Core Profile) Mesa 22.3.6,unknown
            fps,frametime,cpu_load,cpu_power,gpu_load,cpu_temp,gpu_temp,gpu_core_clock,gpu_mem_clock,gpu_vram_used,gpu_power,ram_used,swap_used,process_rss,cpu_mhz,elapsed
            250.000,4.000000,0,0,0,0,0,0,0,0,0,0,0,0,0,4000000
            160.000,6.250000,0,0,0,0,0,0,0,0,0,0,0,0,0,10250000
            0,0.000000,0,0,0,0,0,0,0,0,0,0,0,0,0,10250000

            """)
        for line in text.split(separator: "\n").dropFirst(2) { XCTAssertEqual(line.split(separator: ",").count, 16, String(line)) }
        XCTAssertEqual(MangoHudCSV.unmeasuredColumns.first, "cpu_load")
        XCTAssertEqual(MangoHudCSV.unmeasuredColumns.last, "cpu_mhz")
    }

    func testUnknownSystemValuesAreNamedNotLeftEmpty() {
        let csv = MangoHudCSV(os: nil, cpu: "", gpu: "a,b\nc", ram: nil, kernel: nil, driver: nil, cpuScheduler: nil)
        XCTAssertEqual(csv.system, ["unknown", "unknown", "a;b c", "unknown", "unknown", "unknown", "unknown"])
    }

    func testWriteReportsAnUnwritablePath() throws {
        let error = benchError { try MangoHudCSV(environment: BenchEnvironment()).write([], to: "/proc/nope/x.csv") }
        XCTAssertEqual(error?.identifier, "bench.write-failed")
    }
}
