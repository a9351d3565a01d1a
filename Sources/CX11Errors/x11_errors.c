// See include/x11_errors.h. Xlib calls the handler on the thread that made the failing request (the frame loop's).
#include "x11_errors.h"
#include <X11/Xlib.h>
#include <stdatomic.h>

static XErrorHandler previous_handler;
static atomic_int lost_window_count;
static atomic_int installed;

static int count_lost_window_errors(Display *display, XErrorEvent *event) {
    if (event->error_code == BadWindow || event->error_code == BadDrawable) {
        atomic_fetch_add(&lost_window_count, 1);
        return 0;
    }
    return previous_handler ? previous_handler(display, event) : 0;
}

void glasspane_x11_errors_install(void) {
    if (atomic_exchange(&installed, 1)) return;
    previous_handler = XSetErrorHandler(count_lost_window_errors);
}

int glasspane_x11_errors_lost_window_count(void) { return atomic_load(&lost_window_count); }
