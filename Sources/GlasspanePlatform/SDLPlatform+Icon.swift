// The window's icon through SDL_SetWindowIcon: the pixels wrapped in a surface (SDL copies them), set, freed.
import CSDL2
import GlasspaneCore

extension SDLPlatform {
    /// Sets the window's icon; false without a window or when SDL cannot wrap the pixels. The offscreen driver
    /// accepts it and shows nothing; `windowIcon` records it either way.
    @discardableResult
    public func setWindowIcon(_ icon: WindowIcon) -> Bool {
        guard let window else { return false }
        var pixels = icon.rgba
        let ok = pixels.withUnsafeMutableBytes { raw -> Bool in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(icon.size.width), Int32(icon.size.height), 32,
                                                                   Int32(icon.size.width * 4), UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)) else { return false }
            SDL_SetWindowIcon(window, surface)  // SDL copies the pixels before this returns
            SDL_FreeSurface(surface)
            return true
        }
        if ok { windowIcon = icon }
        return ok
    }
}
