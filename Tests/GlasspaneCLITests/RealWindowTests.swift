// A real window on a real X server (Xvfb, through xvfb-run) driven by real X input (xdotool, through XTEST): the
// click reaches the engine through SDL's X11 driver, and a window destroyed by another client ends the recording
// cleanly (exit 0, the script whole and replayable) instead of Xlib's exit(1).
import Foundation
import XCTest

final class RealWindowTests: XCTestCase {
    func testARealClickIsRecordedAndADestroyedWindowEndsTheRecordingCleanly() throws {
        for tool in ["/usr/bin/xvfb-run", "/usr/bin/xdotool"] {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing (scripts/install-deps.sh installs it)")
        }
        let dir = NSTemporaryDirectory() + "glasspane-window-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/clicked.jsonl", busLog = dir + "/bus.jsonl"
        // Every wait is on a condition with a deadline: the window to be mapped, then the click to be logged.
        let driver = """
            set -u
            "$GLASSPANE" record --out '\(script)' --size 640x400 --bus-log '\(busLog)' >'\(dir)/out' 2>'\(dir)/err' &
            pid=$!
            window=$(timeout 120 xdotool search --sync --onlyvisible --name '^glasspane' | head -1)
            [ -n "$window" ] || { echo "no window within 120 s"; kill $pid; exit 90; }
            # The window maps before the first frame; input waits until the overlay has laid out and the engine
            # answered (its state reply is delivered in frame 1), so the click lands on the views' real frames.
            for _ in $(seq 1 1200); do grep -q '"event":"deliver","from":"engine","to":"overlay","type":"state"' '\(busLog)' 2>/dev/null && break; sleep 0.1; done
            xdotool mousemove --window "$window" 500 300 click 1
            for _ in $(seq 1 1200); do grep -q '"state-changed".*"spinning":false' '\(busLog)' 2>/dev/null && break; sleep 0.1; done
            xdotool windowclose "$window"
            wait $pid
            echo "exit $?"
            """
        let run = try Self.runUnderXvfb(driver)
        let errors = (try? String(contentsOfFile: dir + "/err", encoding: .utf8)) ?? ""
        XCTAssertEqual(run.code, 0, run.output + errors)
        XCTAssertTrue(run.output.contains("exit 0"), "the recorder ended cleanly when its window was destroyed: \(run.output) \(errors)")
        // Xvfb's GLX cannot sync to a display: the default `--vsync on` is refused with a warning, not silently.
        XCTAssertTrue(errors.contains("warning: vsync was requested but the x11 driver refused it"), errors)

        // The click, at the window point xdotool chose, went to the engine: a scene click stops the spin, and the engine
        // tells the overlay.
        let text = try String(contentsOfFile: script, encoding: .utf8)
        XCTAssertTrue(text.contains(#""event":"down","at":[500,300]"#), text)
        XCTAssertTrue(text.contains(#""event":"up","at":[500,300]"#), text)
        let log = try String(contentsOfFile: busLog, encoding: .utf8)
        XCTAssertTrue(log.contains(#""event":"post","from":"engine","to":"overlay","type":"state-changed","data":{"color":[0.93,0.45,0.16],"spinning":false}"#), log)
        // The recording is whole: the replay reads every line and exits 0.
        let replay = try BinaryRunner.run(["replay", script, "--headless"])
        XCTAssertEqual(replay.code, 0, replay.stderr)
    }

    func testTheTextFieldPastesFromAndCopiesToTheRealXClipboard() throws {
        for tool in ["/usr/bin/xvfb-run", "/usr/bin/xdotool", "/usr/bin/xclip"] {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing (scripts/install-deps.sh installs it)")
        }
        let dir = NSTemporaryDirectory() + "glasspane-clipboard-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let busLog = dir + "/bus.jsonl"
        // Another X client (xclip) owns the clipboard with #2e86de; the hex field (picker.hex, 68,228 178x30 at this
        // size) pastes it with Ctrl+V and the cube turns that color. Then the field's own text goes the other way.
        let driver = """
            set -u
            printf '#2e86de' | xclip -selection clipboard -i
            "$GLASSPANE" demo --size 640x400 --bus-log '\(busLog)' >'\(dir)/out' 2>'\(dir)/err' &
            pid=$!
            window=$(timeout 120 xdotool search --sync --onlyvisible --name '^glasspane' | head -1)
            [ -n "$window" ] || { echo "no window within 120 s"; kill $pid; exit 90; }
            # The window maps before the first frame; input waits until the overlay has laid out and the engine
            # answered (its state reply is delivered in frame 1), so the click lands on the views' real frames.
            for _ in $(seq 1 1200); do grep -q '"event":"deliver","from":"engine","to":"overlay","type":"state"' '\(busLog)' 2>/dev/null && break; sleep 0.1; done
            xdotool mousemove --window "$window" 150 243 click 1
            xdotool key ctrl+a ctrl+v Return
            for _ in $(seq 1 1200); do grep -q '"change-color"' '\(busLog)' 2>/dev/null && break; sleep 0.1; done
            xdotool mousemove --window "$window" 150 243 click 1
            xdotool key ctrl+a
            xdotool type '#ff00aa'
            xdotool key Return ctrl+a ctrl+c
            for _ in $(seq 1 1200); do [ "$(xclip -selection clipboard -o 2>/dev/null)" = '#ff00aa' ] && break; sleep 0.1; done
            echo "clipboard $(xclip -selection clipboard -o)"
            xdotool key Escape Escape
            for _ in $(seq 1 600); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
            kill -0 $pid 2>/dev/null && { echo "Escape did not quit within 60 s"; xdotool windowclose "$window"; }
            wait $pid
            echo "exit $?"
            """
        let run = try Self.runUnderXvfb(driver)
        let errors = (try? String(contentsOfFile: dir + "/err", encoding: .utf8)) ?? ""
        XCTAssertEqual(run.code, 0, run.output + errors)
        let log = try String(contentsOfFile: busLog, encoding: .utf8)
        // #2e86de, pasted from the other client, reached the engine.
        XCTAssertTrue(log.contains(#""type":"change-color","data":[0.1803921568627451,0.5254901960784314,0.8705882352941177]"#), log)
        XCTAssertTrue(log.contains(#""type":"change-color","data":[1,0,0.666666666666667]"#), "the typed #ff00aa was applied: \(log)")
        XCTAssertTrue(run.output.contains("clipboard #ff00aa"), "the field's copy reached the X clipboard: \(run.output)")
        XCTAssertTrue(run.output.contains("exit 0"), run.output + errors)
        XCTAssertFalse(run.output.contains("Escape did not quit"), "Escape twice (the field's focus, then the app) quits")
    }

    /// Runs the bash `driver` on a fresh Xvfb display (xvfb-run -a), with this build as `$GLASSPANE` and SDL on X11.
    static func runUnderXvfb(_ driver: String) throws -> (code: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["GLASSPANE"] = BinaryRunner.binary.path
        environment["SDL_VIDEODRIVER"] = "x11"
        environment["DISPLAY"] = nil
        return try BinaryRunner.runProgram("/usr/bin/xvfb-run", ["-a", "-s", "-screen 0 1024x768x24", "bash", "-c", driver],
                                           environment: environment)
    }
}
