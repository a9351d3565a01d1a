// What the X server shows: a rectangle of the root window read back with XGetImage over a connection of its own, so
// a test can check the pixels that reached a window after its swap (WindowMSAACopyTests), not a GL buffer.
#ifndef GLASSPANE_X11_SCREEN_H
#define GLASSPANE_X11_SCREEN_H

#include <stdint.h>

/// Reads `width` x `height` pixels at (`x`, `y`) of the root window of `display_name` (NULL: $DISPLAY) into `rgba`
/// (width * height * 4 bytes, top row first, alpha 255). Returns 0, or -1 when the display cannot be opened, the
/// rectangle is off the screen or the visual is not 24/32-bit true color.
int glasspane_x11_read_screen(const char *display_name, int x, int y, int width, int height, uint8_t *rgba);

#endif
