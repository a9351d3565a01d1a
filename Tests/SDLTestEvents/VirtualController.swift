// A virtual game controller (SDL_JoystickAttachVirtualEx, SDL 2.26) for tests that plug, press and unplug a real SDL
// joystick: SDL builds a GameController mapping for it from its button and axis masks, so it arrives as
// SDL_CONTROLLERDEVICEADDED and its buttons as SDL_CONTROLLERBUTTONDOWN/UP. Test support only.
import CSDL2

/// One virtual controller with every standard button (0...14) and axis (0...5); button n is SDL's button n.
@MainActor
public final class VirtualController {
    /// The joystick handle the test drives (SDL counts it beside the platform's own).
    private var joystick: OpaquePointer?
    /// The SDL instance id.
    public let instanceID: SDL_JoystickID

    /// Attaches a controller named `name`; nil with SDL's error when SDL refuses (no joystick subsystem). With another
    /// `type` than a game controller (a flight stick) SDL builds no mapping: it stays a plain joystick.
    public init?(name: String = "Glasspane Test Pad", type: SDL_JoystickType = SDL_JOYSTICK_TYPE_GAMECONTROLLER) {
        // SDL drops joystick presses while a window exists without keyboard focus (the headless window never has
        // it); tests want them.
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        if SDL_WasInit(UInt32(SDL_INIT_JOYSTICK)) == 0 { _ = SDL_InitSubSystem(UInt32(SDL_INIT_JOYSTICK)) }
        var desc = SDL_VirtualJoystickDesc()
        desc.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        desc.type = UInt16(type.rawValue)
        desc.naxes = 6
        desc.nbuttons = 15
        desc.button_mask = (1 << 15) - 1
        desc.axis_mask = (1 << 6) - 1
        let index = name.withCString { cName -> Int32 in
            desc.name = cName
            return SDL_JoystickAttachVirtualEx(&desc)
        }
        guard index >= 0, let handle = SDL_JoystickOpen(index) else { return nil }
        joystick = handle
        instanceID = SDL_JoystickInstanceID(handle)
    }

    /// Presses or releases SDL button `button` (SDL_GameControllerButton's raw value).
    @discardableResult
    public func set(button: SDL_GameControllerButton, down: Bool) -> Int32 {
        SDL_JoystickSetVirtualButton(joystick, Int32(button.rawValue), down ? 1 : 0)
    }

    /// Sets SDL axis `axis` to a raw value.
    public func set(axis: SDL_GameControllerAxis, to value: Int16) {
        _ = SDL_JoystickSetVirtualAxis(joystick, Int32(axis.rawValue), value)
    }

    /// Unplugs the controller (safe to call twice).
    public func detach() {
        guard let handle = joystick else { return }
        joystick = nil
        for i in 0..<SDL_NumJoysticks() where SDL_JoystickGetDeviceInstanceID(i) == instanceID {
            _ = SDL_JoystickDetachVirtual(i)
            break
        }
        SDL_JoystickClose(handle)
    }
}
