// SDL2, SDL2_ttf and SDL2_image for Swift. SDL_MAIN_HANDLED: Swift owns main(); call SDL_SetMainReady().
#ifndef GLASSPANE_CSDL2_SHIM_H
#define GLASSPANE_CSDL2_SHIM_H
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>

// Function-like macros do not import into Swift: expose the ones we need as functions.
static inline int glasspane_SDL_WINDOWPOS_CENTERED(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 glasspane_SDL_BUTTON_MASK(int button) { return SDL_BUTTON(button); }
#endif
