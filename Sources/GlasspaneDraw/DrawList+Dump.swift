// A stable text form of draw lists, one command per line, for golden files and debugging.
import GlasspaneCore

/// A number without trailing zeros, at most two decimals (matches Core's geometry descriptions).
func shortNumber(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
    return String((v * 100).rounded() / 100)
}

extension DrawCommand {
    /// One line: `rect 10,10 200x100 #1a1c21@0.92 r=10`, `glyphs "Red" 22,22 size=14 #ffffff`, `pushClip ...`.
    var dumpLine: String {
        func r(_ v: Double) -> String { v == 0 ? "" : " r=\(shortNumber(v))" }
        switch self {
        case let .rect(rect, color, radius):
            return "rect \(rect) \(color)\(r(radius))"
        case let .border(rect, color, width, radius):
            return "border \(rect) \(color) w=\(shortNumber(width))\(r(radius))"
        case let .circle(center, radius, color):
            return "circle \(center) radius=\(shortNumber(radius)) \(color)"
        case let .ring(center, radius, width, color):
            return "ring \(center) radius=\(shortNumber(radius)) w=\(shortNumber(width)) \(color)"
        case let .linearGradient(rect, from, to, axis, radius):
            return "linearGradient \(rect) \(from)->\(to) \(axis.rawValue)\(r(radius))"
        case let .hueGradient(rect, axis, radius):
            return "hueGradient \(rect) \(axis.rawValue)\(r(radius))"
        case let .saturationValueGradient(rect, hue, radius):
            return "svGradient \(rect) hue=\(shortNumber(hue))\(r(radius))"
        case let .image(rect, image, tint):
            return "image \(rect) id=\(image.id) \(tint)"
        case let .glyphs(run):
            return "glyphs \"\(run.text)\" \(run.origin) size=\(shortNumber(run.fontSize)) \(run.color)"
        case let .bars(graph):
            let flagged = graph.levels.filter { $0 & BarGraph.flagged != 0 }.count
            return "bars \(graph.frame) n=\(graph.levels.count) flagged=\(flagged) \(graph.color) \(graph.flaggedColor)"
        case let .pushClip(rect):
            return "pushClip \(rect)"
        case .popClip:
            return "popClip"
        case let .pushOffset(offset):
            return "pushOffset \(offset)"
        case .popOffset:
            return "popOffset"
        }
    }
}

extension DrawList {
    /// Every command's `dumpLine`, indented by clip and offset depth, newline-terminated.
    public var dumpText: String {
        var out = ""
        var depth = 0
        for command in commands {
            switch command {
            case .popClip, .popOffset: depth = max(0, depth - 1)
            default: break
            }
            out += String(repeating: "  ", count: depth) + command.dumpLine + "\n"
            switch command {
            case .pushClip, .pushOffset: depth += 1
            default: break
            }
        }
        return out
    }
}
