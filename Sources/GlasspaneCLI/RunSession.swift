// The one place the CLI opens a session: the demo app on the runtime, errors printed, exit code returned.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneRuntime

/// Prints a line to standard error, prefixed with the program name.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("glasspane: \(message)\n".utf8))
}

/// Prints a line to standard error as is.
func printNote(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
}

/// Opens a session of the demo app, runs it and hands the finished session to `report`, which prints what the
/// command promises and returns the exit code.
@MainActor
func runDemoSession(_ description: SessionDescription, content: DemoApp.Content = DemoApp.Content(),
                    onStart: @MainActor (Session) -> Void = { _ in },
                    report: @MainActor (Session, SessionOutcome) -> Int32) async -> Int32 {
    let session: Session
    do {
        session = try Session.open(description) { r in
            var content = content
            content.showsHUD = content.showsHUD || r.description.showsHUD
            if content.version.isEmpty { content.version = GlasspaneVersion.description }
            if !r.description.initialRoute.isEmpty {
                // Checked against `routeNames` before the window opened; parsed again for apps that leave them empty.
                content.route = try DemoRoute.parse(r.description.initialRoute)
            }
            return DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                           windowSize: r.windowSize, bus: r.bus, content: content)
        }
    } catch {
        for line in error.lines { printError(line) }
        return error.exitCode
    }
    defer { session.close() }
    for warning in session.warnings { printError(warning) }
    if let demo = session.app as? DemoApp {
        wirePacing(of: demo.navigation, to: session)
        demo.attachWindowIcon(to: session.platform)
    }
    onStart(session)
    let outcome = await session.run()
    if let fatal = outcome.fatalError { printError(fatal); return 2 }
    for line in outcome.outputErrors { printError(line) }
    if let json = outcome.viewDumpJSON { print(json) }
    for path in outcome.screenshotsWritten { printNote("screenshot: \(path)") }
    let code = report(session, outcome)
    return max(code, outcome.exitCode)
}

/// The Options sheet's vsync switch, fps cap and MSAA pickers start from the session's values and change them at once.
@MainActor
func wirePacing(of navigation: DemoNavigation, to session: Session) {
    navigation.vsyncToggle.isOn = session.platform.vsyncActive
    navigation.fpsCapPicker.selection = DemoOptionChoices.fpsCaps.firstIndex(of: session.description.fpsCap) ?? 0
    navigation.setPacing = { [weak session] vsync, cap in
        guard let session else { return }
        session.platform.setVsync(vsync)
        session.loop.setFPSCap(cap)
    }
    // The MSAA picker offers what the context supports and applies a choice from the next frame.
    navigation.offerMSAA(supported: session.supportedMSAASampleCounts, current: session.msaaSamples)
    navigation.setMSAA = { [weak session] samples in session?.setMSAA(samples) ?? samples }
}
