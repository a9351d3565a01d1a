// What the X server shows where the window is, read with XGetImage (CX11Errors' x11_screen.c) after a swap: the
// pixels that reached the window, which tests compare with a headless frame (WindowMSAACopyTests).
import CSDL2
import CX11Errors
import GlasspaneCore

extension SDLPlatform {
    /// The window's pixels as the X server shows them (RGBA, top row first, alpha 255), at its position on the
    /// root window (no window manager: Xvfb); nil without an X11 window or when the screen cannot be read.
    package func windowPixelsOnScreen() -> (size: PixelSize, rgba: [UInt8])? {
        guard videoDriver == "x11", let window else { return nil }
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        SDL_GL_GetDrawableSize(window, &width, &height)
        var rgba = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = rgba.withUnsafeMutableBufferPointer { glasspane_x11_read_screen(nil, x, y, width, height, $0.baseAddress) }
        return status == 0 ? (PixelSize(width: Int(width), height: Int(height)), rgba) : nil
    }
}
