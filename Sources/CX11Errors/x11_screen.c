// See include/x11_screen.h.
#include "x11_screen.h"
#include <X11/Xlib.h>
#include <X11/Xutil.h>

/// The right shift that brings `mask`'s lowest set bit to bit 0.
static int shift_of(unsigned long mask) {
    int shift = 0;
    while (mask && !(mask & 1)) { mask >>= 1; shift++; }
    return shift;
}

int glasspane_x11_read_screen(const char *display_name, int x, int y, int width, int height, uint8_t *rgba) {
    if (width <= 0 || height <= 0 || x < 0 || y < 0) return -1;
    Display *display = XOpenDisplay(display_name);
    if (!display) return -1;
    int screen = DefaultScreen(display);
    int result = -1;
    if (x + width <= DisplayWidth(display, screen) && y + height <= DisplayHeight(display, screen)) {
        XImage *image = XGetImage(display, RootWindow(display, screen), x, y, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
        if (image && image->bits_per_pixel >= 24 && image->red_mask == 0xff0000 && image->green_mask == 0xff00 && image->blue_mask == 0xff) {
            int rs = shift_of(image->red_mask), gs = shift_of(image->green_mask), bs = shift_of(image->blue_mask);
            for (int row = 0; row < height; row++) {
                for (int column = 0; column < width; column++) {
                    unsigned long pixel = XGetPixel(image, column, row);
                    uint8_t *out = rgba + ((size_t)row * (size_t)width + (size_t)column) * 4;
                    out[0] = (uint8_t)((pixel & image->red_mask) >> rs);
                    out[1] = (uint8_t)((pixel & image->green_mask) >> gs);
                    out[2] = (uint8_t)((pixel & image->blue_mask) >> bs);
                    out[3] = 255;
                }
            }
            result = 0;
        }
        if (image) XDestroyImage(image);
    }
    XCloseDisplay(display);
    return result;
}
