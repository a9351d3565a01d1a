// Game controllers through SDL's GameController API, for SDLPlatform.
// Implements: hot-plug (open on SDL_CONTROLLERDEVICEADDED, close on REMOVED), several controllers with small stable
// numbers, SDL's shipped mapping database plus SDL_GAMECONTROLLERCONFIG (SDL reads it at init), buttons, sticks and
// triggers with dead zones (ControllerAxis.normalized), one cancel per button held when its controller goes away,
// a notice naming a joystick SDL has no mapping for (once per GUID) with how to add one.
// Does not implement: repeat for held directions, rumble, sensors, touchpads, remapping events (ignored).
import CSDL2
import GlasspaneCore
#if canImport(Glibc)
import Glibc
#endif

/// The open controllers and what each holds, so an unplug cancels exactly what was held.
@MainActor
final class SDLControllers {
    /// The most controllers open at once; further ones are ignored (SDL keeps them closed) and counted.
    static let maximumOpen = 16

    /// One open controller.
    private struct Open {
        let handle: OpaquePointer
        let number: Int
        var held: Set<ControllerButton> = []
        /// The last value reported per axis (dead zone applied), so noise inside the dead zone is not reported.
        var axes: [ControllerAxis: Double] = [:]
    }

    /// Open controllers by SDL joystick instance id.
    private var open: [SDL_JoystickID: Open] = [:]
    /// Whether SDL's game controller subsystem started (without it no controller events arrive).
    private(set) var isAvailable = false
    /// Controllers ignored because `maximumOpen` were already open.
    private(set) var ignoredCount = 0
    /// The most joysticks without a mapping remembered (each is announced once); later ones are announced every time.
    static let maximumUnmappedRemembered = 64
    /// The GUIDs (SDL's 32 hex digits) of the joysticks seen without a game controller mapping, oldest first.
    private(set) var unmappedGUIDs: [String] = []
    /// Where notices go (a joystick without a mapping); by default a `glasspane:` line on standard error.
    var onNotice: (String) -> Void = { notice in
        let line = Array("glasspane: \(notice)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// Starts SDL's game controller subsystem; failure leaves controllers unavailable (the window still opens).
    func start() {
        isAvailable = SDL_InitSubSystem(UInt32(SDL_INIT_GAMECONTROLLER)) == 0
    }

    /// Closes every controller and stops the subsystem.
    func stop() {
        for entry in open.values { SDL_GameControllerClose(entry.handle) }
        open.removeAll()
        if isAvailable { SDL_QuitSubSystem(UInt32(SDL_INIT_GAMECONTROLLER)); isAvailable = false }
    }

    /// The numbers of the controllers open now, ascending.
    var connectedNumbers: [Int] { open.values.map(\.number).sorted() }

    /// Translates one controller event; returns false when `e` is not a controller event.
    func translate(_ e: SDL_Event, into events: inout [InputEvent]) -> Bool {
        switch SDL_EventType(rawValue: e.type) {
        case SDL_CONTROLLERDEVICEADDED: added(deviceIndex: e.cdevice.which, into: &events)
        case SDL_CONTROLLERDEVICEREMOVED: removed(instance: SDL_JoystickID(e.cdevice.which), into: &events)
        case SDL_CONTROLLERDEVICEREMAPPED: break
        case SDL_JOYDEVICEADDED: joystickAdded(deviceIndex: e.jdevice.which)
        case SDL_JOYDEVICEREMOVED: break  // a controller's removal comes as SDL_CONTROLLERDEVICEREMOVED too
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard var entry = open[e.cbutton.which], let button = Self.button(e.cbutton.button) else { return true }
            let down = e.type == SDL_CONTROLLERBUTTONDOWN.rawValue
            // A release of a button never seen down (pressed before the controller was opened) is not reported.
            if down ? entry.held.insert(button).inserted : entry.held.remove(button) != nil {
                open[e.cbutton.which] = entry
                events.append(.controllerButton(ControllerButtonEvent(controller: entry.number, button: button,
                                                                      phase: down ? .down : .up)))
            }
        case SDL_CONTROLLERAXISMOTION:
            guard var entry = open[e.caxis.which], let axis = Self.axis(e.caxis.axis) else { return true }
            let value = axis.normalized(raw: Int(e.caxis.value))
            guard value != (entry.axes[axis] ?? 0) else { return true }
            entry.axes[axis] = value
            open[e.caxis.which] = entry
            events.append(.controllerAxis(ControllerAxisEvent(controller: entry.number, axis: axis, value: value)))
        default: return false
        }
        return true
    }

    private func added(deviceIndex: Int32, into events: inout [InputEvent]) {
        guard open.count < Self.maximumOpen else { ignoredCount += 1; return }
        guard let handle = SDL_GameControllerOpen(deviceIndex) else { return }
        let instance = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(handle))
        // An added event for a controller already open (SDL may repeat one around a remap) opens nothing new.
        if open[instance] != nil { SDL_GameControllerClose(handle); return }
        let used = Set(open.values.map(\.number))
        var number = 0
        while used.contains(number) { number += 1 }
        open[instance] = Open(handle: handle, number: number)
        let name = SDL_GameControllerName(handle).map { String(cString: $0) } ?? ""
        events.append(.controllerDevice(ControllerDeviceEvent(controller: number, isConnected: true, name: name,
                                                              style: Self.style(SDL_GameControllerGetType(handle)))))
    }

    /// A joystick SDL sends no controller events for (no mapping): one notice per GUID naming it and how to add a
    /// mapping. A device index that is gone already (plugged and unplugged before the poll) says nothing.
    private func joystickAdded(deviceIndex: Int32) {
        guard deviceIndex >= 0, deviceIndex < SDL_NumJoysticks(), SDL_IsGameController(deviceIndex) == SDL_FALSE else { return }
        var text = [CChar](repeating: 0, count: 33)
        SDL_JoystickGetGUIDString(SDL_JoystickGetDeviceGUID(deviceIndex), &text, 33)
        let guid = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if unmappedGUIDs.contains(guid) { return }
        if unmappedGUIDs.count < Self.maximumUnmappedRemembered { unmappedGUIDs.append(guid) }
        let name = SDL_JoystickNameForIndex(deviceIndex).map { String(cString: $0) } ?? "unnamed"
        onNotice(Self.unmappedNotice(name: name, guid: guid))
    }

    /// The notice for a joystick without a game controller mapping. The suggested line's GUID has its name CRC (hex
    /// digits 5 to 8) zeroed, as in SDL's own database: SDL matches such a line whatever the CRC (a line with the
    /// CRC in it did not match on SDL 2.26.5).
    static func unmappedNotice(name: String, guid: String) -> String {
        let lineGUID = guid.count == 32 ? String(guid.prefix(4)) + "0000" + String(guid.dropFirst(8)) : guid
        return "joystick \"\(name)\" (GUID \(guid)) has no game controller mapping, so it is ignored; to use it, add a mapping "
            + "line for its GUID to the SDL_GAMECONTROLLERCONFIG environment variable, e.g. SDL_GAMECONTROLLERCONFIG="
            + "'\(lineGUID),\(name.replacingComma),a:b0,b:b1,x:b2,y:b3,leftx:a0,lefty:a1,dpup:h0.1,dpdown:h0.4,dpleft:h0.8,dpright:h0.2,"
            + "platform:Linux' (its buttons as SDL numbers them: docs/focus.md, \"Controllers\")"
    }

    /// The prompt family of an SDL controller type (unknown and virtual controllers get Xbox-style letters).
    static func style(_ type: SDL_GameControllerType) -> ControllerStyle {
        switch type {
        case SDL_CONTROLLER_TYPE_XBOX360, SDL_CONTROLLER_TYPE_XBOXONE: .xbox
        case SDL_CONTROLLER_TYPE_PS3, SDL_CONTROLLER_TYPE_PS4, SDL_CONTROLLER_TYPE_PS5: .playstation
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_PRO, SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_LEFT,
             SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_RIGHT, SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_PAIR: .nintendo
        default: .generic
        }
    }

    private func removed(instance: SDL_JoystickID, into events: inout [InputEvent]) {
        guard let entry = open.removeValue(forKey: instance) else { return }
        for button in ControllerButton.allCases where entry.held.contains(button) {
            events.append(.controllerButton(ControllerButtonEvent(controller: entry.number, button: button, phase: .cancel)))
        }
        for axis in ControllerAxis.allCases where (entry.axes[axis] ?? 0) != 0 {
            events.append(.controllerAxis(ControllerAxisEvent(controller: entry.number, axis: axis, value: 0)))
        }
        SDL_GameControllerClose(entry.handle)
        events.append(.controllerDevice(ControllerDeviceEvent(controller: entry.number, isConnected: false)))
    }

    /// SDL's button numbers (SDL_GameControllerButton) in order; paddles are not reported.
    private static let buttons: [ControllerButton] = [
        .a, .b, .x, .y, .back, .guide, .start, .leftStick, .rightStick, .leftShoulder, .rightShoulder,
        .dpadUp, .dpadDown, .dpadLeft, .dpadRight, .misc,
    ]

    static func button(_ raw: UInt8) -> ControllerButton? {
        if Int32(raw) == SDL_CONTROLLER_BUTTON_TOUCHPAD.rawValue { return .touchpad }
        return Int(raw) < buttons.count ? buttons[Int(raw)] : nil
    }

    /// SDL's axis numbers (SDL_GameControllerAxis) in order.
    private static let axes: [ControllerAxis] = [.leftX, .leftY, .rightX, .rightY, .leftTrigger, .rightTrigger]

    static func axis(_ raw: UInt8) -> ControllerAxis? { Int(raw) < axes.count ? axes[Int(raw)] : nil }
}

private extension String {
    /// The name with its commas taken out (a mapping line separates its fields with commas).
    var replacingComma: String { String(map { $0 == "," ? " " : $0 }) }
}
