// Controller lines (docs/scripts.md, "Controllers"): the short form `{"pad":"dpad-down"}` (press and release, this
// frame) or `{"pad":"a","frames":30}` (held for 30 frames), and the recorded event forms `pad-button`, `pad-axis`
// and `pad-device`.
import GlasspaneCore

/// The most controllers a script may name (numbers 0...15, as the platform opens at most 16).
let scriptControllerRange = 0...15

/// A stick a `pad` line with `to` moves: its two axes.
public enum ScriptStick: String, Hashable, Sendable, CaseIterable {
    /// `left-x` and `left-y`.
    case left = "left-stick"
    /// `right-x` and `right-y`.
    case right = "right-stick"

    /// The stick's horizontal and vertical axes.
    public var axes: (x: ControllerAxis, y: ControllerAxis) {
        switch self {
        case .left: (.leftX, .leftY)
        case .right: (.rightX, .rightY)
        }
    }
}

extension ScriptParser {
    /// `{"pad":"a","frames":30,"controller":1}`, or a stick: `{"pad":"left-stick","to":[0.8,-0.2],"frames":10}`.
    func parsePad(_ f: inout Fields) throws(LineProblem) -> ScriptAction {
        let name = try f.requiredString("pad")
        if f.has("to") {
            guard let stick = ScriptStick(rawValue: name) else {
                throw f.invalid("pad", "left-stick or right-stick (a pad line with \"to\" moves a stick)", .string(name))
            }
            let to = try f.requiredPoint("to", in: -1...1)
            let frames = try f.int("frames", in: ScriptRanges.padStickFrames)
            let controller = try f.int("controller", in: scriptControllerRange) ?? 0
            return .padStick(stick, to: to, controller: controller, frames: frames)
        }
        guard let button = ControllerButton(rawValue: name) else {
            throw f.invalid("pad", "a controller button (" + ControllerButton.allCases.map(\.rawValue).joined(separator: ", ") + ")",
                            .string(name))
        }
        let frames = try f.int("frames", in: ScriptRanges.padHoldFrames) ?? 0
        let controller = try f.int("controller", in: scriptControllerRange) ?? 0
        return .pad(button, controller: controller, frames: frames)
    }

    /// The event forms: `{"event":"pad-button","controller":0,"button":"a","phase":"down"}`,
    /// `{"event":"pad-axis","axis":"left-x","value":0.5}`, `{"event":"pad-device","connected":true,"name":"..."}`.
    func parseControllerEvent(_ kind: InputEventKind, _ f: inout Fields) throws(LineProblem) -> InputEvent {
        let controller = try f.int("controller", in: scriptControllerRange) ?? 0
        switch kind {
        case .padButton:
            let name = try f.requiredString("button")
            guard let button = ControllerButton(rawValue: name) else {
                throw f.invalid("button", "a controller button (" + ControllerButton.allCases.map(\.rawValue).joined(separator: ", ") + ")",
                                .string(name))
            }
            let phaseName = try f.string("phase") ?? "down"
            guard let phase = ControllerButtonEvent.Phase(rawValue: phaseName) else {
                throw f.invalid("phase", "one of down, up, cancel", .string(phaseName))
            }
            return .controllerButton(ControllerButtonEvent(controller: controller, button: button, phase: phase))
        case .padAxis:
            let name = try f.requiredString("axis")
            guard let axis = ControllerAxis(rawValue: name) else {
                throw f.invalid("axis", "a controller axis (" + ControllerAxis.allCases.map(\.rawValue).joined(separator: ", ") + ")",
                                .string(name))
            }
            guard let value = try f.number("value", in: axis.range) else { throw f.missing("value", "a number in \(axis.range)") }
            return .controllerAxis(ControllerAxisEvent(controller: controller, axis: axis, value: value))
        default:
            let connected: Bool
            switch f.value("connected") {
            case .bool(let b)?: connected = b
            case let other?: throw f.invalid("connected", "true or false", other)
            case nil: throw f.missing("connected", "true or false")
            }
            let name = try f.string("name") ?? ""
            let styleName = try f.string("style") ?? ControllerStyle.generic.rawValue
            guard let style = ControllerStyle(rawValue: styleName) else {
                throw f.invalid("style", "one of " + ControllerStyle.allCases.map(\.rawValue).joined(separator: ", "), .string(styleName))
            }
            return .controllerDevice(ControllerDeviceEvent(controller: controller, isConnected: connected, name: name, style: style))
        }
    }
}

extension ScriptRecorder {
    /// The fields of a controller event line after `"event":...`.
    static func controllerFields(_ event: InputEvent) -> String {
        switch event {
        case .controllerButton(let b):
            return ",\"controller\":\(b.controller),\"button\":\"\(b.button.rawValue)\",\"phase\":\"\(b.phase.rawValue)\""
        case .controllerAxis(let a):
            return ",\"controller\":\(a.controller),\"axis\":\"\(a.axis.rawValue)\",\"value\":\(JSONText.number(a.value))"
        case .controllerDevice(let d):
            return ",\"controller\":\(d.controller),\"connected\":\(d.isConnected),\"name\":" + JSONText.quoted(d.name)
                + (d.style == .generic ? "" : ",\"style\":\"\(d.style.rawValue)\"")
        default:
            return ""
        }
    }
}
