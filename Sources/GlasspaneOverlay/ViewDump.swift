// Dumps of the view tree: an indented text form for tests and a JSON form (`glasspane demo --dump-views`) that
// tools and scripts use to find views by identifier.
import Foundation
import GlasspaneCore
import GlasspaneDraw

/// A rectangle in window points, flat for JSON (`{"x":..,"y":..,"width":..,"height":..}`).
public struct DumpRect: Hashable, Sendable, Codable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double
    /// Creates a flat rectangle from a `Rect`.
    public init(_ r: Rect) { x = r.minX; y = r.minY; width = r.width; height = r.height }
    /// The `Rect`.
    public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
}

/// One view in a JSON dump.
public struct ViewDumpEntry: Hashable, Sendable, Codable {
    /// The view's identifier (empty when unnamed).
    public var identifier: String
    /// The view's Swift type name (`Slider`, `VStack`, ...).
    public var type: String
    /// The layer's name.
    public var layer: String
    /// The superview's identifier (nil for a layer root).
    public var parent: String?
    /// Depth below the layer root (the root is 0).
    public var depth: Int
    /// The frame in window points.
    public var frame: DumpRect
    /// Tags, sorted.
    public var tags: [String]
    /// State flags, sorted: `hidden`, `transparent` (alpha < 0.01), `noInteraction`, `focused`, `claims`
    /// (would be the hit view for its own area), `clips`.
    public var flags: [String]
    /// Whether the view can currently be seen (it, its ancestors and its layer are shown).
    public var visible: Bool
    /// Whether the view could currently receive pointer events (visible, interactive layer, skip rules pass).
    public var interactive: Bool
    /// A paragraph label's shaped lines and runs (ViewDump+Text.swift); absent for other views.
    public var text: TextDump?
}

extension View {
    /// The state flags used by both dumps.
    var dumpFlags: [String] {
        var f: [String] = []
        if claimsOwnBounds { f.append("claims") }
        if clipsToBounds { f.append("clips") }
        if isFocused { f.append("focused") }
        if isHidden { f.append("hidden") }
        if !isUserInteractionEnabled { f.append("noInteraction") }
        if alpha < View.minimumHitAlpha { f.append("transparent") }
        return f
    }

    /// An indented text dump of this subtree: `identifier Type frame(parent coords) [flags] #tags`, one per line.
    func treeDescription(indent: Int = 0) -> String {
        var out = ""
        appendTreeDescription(to: &out, depth: indent)
        return out
    }

    private func appendTreeDescription(to out: inout String, depth: Int) {
        out += String(repeating: "  ", count: depth)
        out += identifier.isEmpty ? "(unnamed)" : identifier
        out += " \(type(of: self)) \(frame)"
        if alpha != 1 && alpha >= View.minimumHitAlpha { out += " alpha=\(alpha)" }
        let flags = dumpFlags
        if !flags.isEmpty { out += " [" + flags.joined(separator: ",") + "]" }
        for tag in tags.map(\.rawValue).sorted() { out += " #" + tag }
        out += "\n"
        for child in subviews { child.appendTreeDescription(to: &out, depth: depth + 1) }
    }
}

extension OverlayLayer {
    /// The layer's header line and its tree (`layer ui level=10 passthrough`: the kind, or `hidden`).
    public func textDump() -> String {
        "layer \(name) level=\(level) \(visibility == .hidden ? LayerVisibility.hidden.rawValue : kind.rawValue)\n"
            + root.treeDescription(indent: 1)
    }

    /// Every view of the layer, pre-order, with window frames.
    public func viewDump() -> [ViewDumpEntry] {
        var entries: [ViewDumpEntry] = []
        collect(root, parent: nil, origin: .zero, depth: 0, visible: visibility != .hidden,
                interactive: takesEvents, into: &entries)
        return entries
    }

    private func collect(_ view: View, parent: View?, origin: Point, depth: Int, visible: Bool, interactive: Bool,
                         into entries: inout [ViewDumpEntry]) {
        let frame = view.frame.offsetBy(dx: origin.x, dy: origin.y)
        let isVisible = visible && !view.isHidden && view.alpha > 0
        let isInteractive = interactive && view.isHitTestable
        entries.append(ViewDumpEntry(
            identifier: view.identifier, type: String(describing: type(of: view)), layer: name,
            parent: parent?.identifier, depth: depth, frame: DumpRect(frame), tags: view.tags.map(\.rawValue).sorted(),
            flags: view.dumpFlags, visible: isVisible, interactive: isInteractive,
            text: (view as? Label)?.textDump(frame: frame, fonts: fonts) ?? (view as? TextEditor)?.textDump(frame: frame, fonts: fonts)))
        for child in view.subviews {
            collect(child, parent: view, origin: frame.origin, depth: depth + 1, visible: isVisible,
                    interactive: isInteractive, into: &entries)
        }
    }
}

extension Overlay {
    /// Every layer's text dump, back to front.
    public func textDump() -> String { layers.map { $0.textDump() }.joined() }

    /// Every view of every layer, back to front, pre-order, with window frames.
    public func viewDump() -> [ViewDumpEntry] { layers.flatMap { $0.viewDump() } }

    /// The view dump as JSON (an array of `ViewDumpEntry`), keys sorted so the output is stable.
    public func viewDumpJSON(pretty: Bool = true) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(viewDump()), as: UTF8.self)
    }
}
