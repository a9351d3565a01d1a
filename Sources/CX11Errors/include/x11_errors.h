// Xlib's default error handler exits the process (status 1) on any protocol error, so a window destroyed by another
// client (`xdotool windowclose`, a crashed window manager) would end the demo before it saves its recording. This
// handler counts errors about a window or drawable that no longer exists instead, for the platform to end the loop
// cleanly; any other error still goes to the handler that was installed before.
#ifndef GLASSPANE_X11_ERRORS_H
#define GLASSPANE_X11_ERRORS_H

/// Installs the handler once, in front of the current one. Safe to call when no X display is in use.
void glasspane_x11_errors_install(void);

/// How many BadWindow/BadDrawable errors arrived since the handler was installed.
int glasspane_x11_errors_lost_window_count(void);

#endif
