// The performance HUD: a non-interactive top layer (events pass straight through it) showing FPS, a graph of
// the last 240 frame times and the per-phase split. It is an ordinary overlay layer, so it costs what it draws.
import GlasspaneCore
import GlasspaneOverlay

/// FPS, a frame-time graph and the per-phase split, drawn in a non-interactive layer at the top-right.
/// It observes the frame loop (added by the session at `FrameObserverOrder.hud`).
@MainActor
public final class PerformanceHUD: FrameObserver {
    /// The layer the HUD lives in (level 1000, of kind non-interactive; visible or hidden).
    public let layer: OverlayLayer
    /// The view that draws it.
    public let view: HUDView

    /// Adds the HUD's layer to an overlay, hidden unless `visible`.
    public init(overlay: Overlay, visible: Bool = false) {
        view = HUDView(identifier: "hud.panel")
        layer = overlay.addLayer(name: "hud", level: 1000, visibility: visible ? .visible : .hidden,
                                 kind: .nonInteractive)
        layer.addSubview(view)
        position(in: overlay.windowSize)
    }

    /// Whether the HUD is drawn. It never takes events either way.
    public var isVisible: Bool {
        get { layer.visibility != .hidden }
        set { layer.visibility = newValue ? .visible : .hidden }
    }

    /// Shows or hides the HUD (F1).
    public func toggle() { isVisible.toggle() }

    /// Keeps the panel at the top-right corner.
    public func position(in windowSize: Size) {
        let frame = Rect(x: windowSize.width - HUDView.size.width - 16, y: 16, width: HUDView.size.width, height: HUDView.size.height)
        if view.frame != frame { view.frame = frame }
    }

    /// Sets the line of engine figures (streamed over the bus's fast channel by the app).
    public func setEngineLine(_ text: String) { view.engineLine = text }

    /// Adds a frame's figures (only repaints while visible).
    public func record(_ report: FrameReport) {
        view.record(report, redraw: isVisible)
    }

    /// Takes each frame's figures from the loop.
    public func frameDidEnd(_ loop: FrameLoop, report: FrameReport) {
        record(report)
        onFrame?(report)
    }

    /// Called with every frame's figures, shown or not (the demo's Stats screen lists them).
    public var onFrame: ((FrameReport) -> Void)?
}

/// Draws the HUD panel: text lines and a bar per frame.
public final class HUDView: View {
    /// The panel's size in points.
    public static let size = Size(width: 280, height: 216)
    /// Frames kept for the graph.
    public static let historyLength = 240
    /// The 60 Hz budget line of the graph, in milliseconds.
    static let budgetMilliseconds = Double(FrameBudget.at60Hz) / 1e6
    /// A frame is drawn as over budget only beyond this: vsync at 60 Hz delivers frames of 16.4-17.0 ms, and a
    /// steady 60 fps must not paint the graph red. 1.5 ms above budget is the tolerance.
    public static let overBudgetMilliseconds = budgetMilliseconds + 1.5

    /// Whether a frame of `milliseconds` is drawn as over budget (red).
    public static func isOverBudget(_ milliseconds: Double) -> Bool { milliseconds > overBudgetMilliseconds }

    /// The graph's top in milliseconds: at least 20 ms, else the slowest frame shown, rounded up to 10 ms.
    static func graphScale(forMax maxMs: Double) -> Double { max(20, (maxMs / 10).rounded(.up) * 10) }

    /// The bars of frames within budget and over it.
    static let barColor = Color(r: 0.35, g: 0.8, b: 0.5), overBudgetBarColor = Color(r: 0.95, g: 0.35, b: 0.3)

    private var frameTimes = [Double](repeating: 0, count: HUDView.historyLength) // ms, ring buffer
    private var levels: [UInt8] = [] // the graph's, reused
    private var head = 0
    private var count = 0
    private var phaseAverages = [Double](repeating: 0, count: FramePhase.allCases.count) // µs, smoothed
    private var fpsText = ""
    private var phaseText: [String] = []
    private var framesSinceText = 0
    /// How many times the text lines were formatted (tests check that a hidden HUD formats none).
    private(set) var textRefreshCount = 0
    /// A line of engine figures under the FPS line (set by the app; empty hides it).
    public var engineLine = "" { didSet { if engineLine != oldValue { setNeedsDisplay() } } }

    /// Creates the view (draws, ignores interaction).
    public override init(identifier: String = "", frame: Rect = .zero) {
        super.init(identifier: identifier, frame: frame)
        isUserInteractionEnabled = false
        backgroundColor = Color(r: 0.05, g: 0.06, b: 0.08, a: 0.82)
        cornerRadius = 8
    }

    /// Adds a frame; text refreshes every 15 frames so it stays readable.
    func record(_ report: FrameReport, redraw: Bool) {
        let ms = Double(report.frameTime) / 1e6
        frameTimes[head] = ms
        head = (head + 1) % Self.historyLength
        count = min(count + 1, Self.historyLength)
        for (i, t) in report.phaseTimes.enumerated() where i < phaseAverages.count {
            phaseAverages[i] = phaseAverages[i] * 0.9 + Double(t) / 1000 * 0.1
        }
        framesSinceText += 1
        if redraw { setNeedsDisplay() }
    }

    /// Formats the FPS and phase lines from the recorded frames, at most every 15 frames. Called from `draw`, so a
    /// hidden HUD formats nothing (it did, every 15 frames of every run) and a HUD just shown starts with fresh text.
    private func refreshTextIfDue() {
        guard framesSinceText >= 15 || fpsText.isEmpty else { return }
        framesSinceText = 0
        textRefreshCount += 1
        let recent = (0..<min(count, 60)).map { frameTimes[(head - 1 - $0 + Self.historyLength) % Self.historyLength] }
        let mean = recent.isEmpty ? 0 : recent.reduce(0, +) / Double(recent.count)
        fpsText = mean > 0 ? "\(Int((1000 / mean).rounded())) FPS  \(format(mean)) ms" : "— FPS"
        let top = FramePhase.allCases.sorted { phaseAverages[$0.ordinal] > phaseAverages[$1.ordinal] }.prefix(5)
        phaseText = top.map { "\($0.key)  \(format(phaseAverages[$0.ordinal])) µs" }
    }

    private func format(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return String(r)
    }

    /// Panel, FPS line, per-phase lines, and the frame-time graph with its scale and a 16.7 ms budget line.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        refreshTextIfDue()
        context.add(.glyphs(GlyphRun(text: fpsText, origin: Point(x: rect.minX + 10, y: rect.minY + 6), fontSize: 14, color: .white)))
        if !engineLine.isEmpty {
            context.add(.glyphs(GlyphRun(text: engineLine, origin: Point(x: rect.minX + 10, y: rect.minY + 26), fontSize: 11,
                                         color: Color(r: 0.55, g: 0.8, b: 0.65))))
        }
        for (i, line) in phaseText.enumerated() {
            context.add(.glyphs(GlyphRun(text: line, origin: Point(x: rect.minX + 10, y: rect.minY + 44 + Double(i) * 15),
                                         fontSize: 11, color: Color(r: 0.7, g: 0.74, b: 0.8))))
        }
        let graph = Rect(x: rect.minX + 10, y: rect.minY + 124, width: rect.width - 20, height: rect.height - 134)
        context.add(.rect(graph, color: Color(r: 1, g: 1, b: 1, a: 0.05), cornerRadius: 2))
        let scaleMs = Self.graphScale(forMax: frameTimes.max() ?? 0)
        let label = Color(r: 0.62, g: 0.66, b: 0.72)
        context.add(.glyphs(GlyphRun(text: "\(Int(scaleMs)) ms", origin: Point(x: graph.maxX - 40, y: graph.minY + 2), fontSize: 9, color: label)))
        context.add(.glyphs(GlyphRun(text: "0", origin: Point(x: graph.maxX - 10, y: graph.maxY - 12), fontSize: 9, color: label)))
        // One command for the 240 bars (oldest first, unfilled slots empty at the right): the renderer draws it as one
        // quad from a row of levels, so the graph changing every frame re-emits one quad, not 240 (docs/bench.md).
        levels.removeAll(keepingCapacity: true)
        for i in 0..<Self.historyLength {
            guard i < count else { levels.append(0); continue }
            let ms = frameTimes[(head - count + i + Self.historyLength) % Self.historyLength]
            levels.append(BarGraph.level(ms / scaleMs, flagged: Self.isOverBudget(ms)))
        }
        context.add(.bars(BarGraph(frame: graph, levels: levels, color: Self.barColor, flaggedColor: Self.overBudgetBarColor)))
        let budgetY = graph.maxY - Self.budgetMilliseconds / scaleMs * graph.height
        context.add(.rect(Rect(x: graph.minX, y: budgetY, width: graph.width, height: 1), color: Color(r: 1, g: 1, b: 1, a: 0.4), cornerRadius: 0))
        context.add(.glyphs(GlyphRun(text: "16.7", origin: Point(x: graph.minX + 2, y: budgetY - 11), fontSize: 9, color: label)))
    }
}
