// OpenGL 3.3 core through glvnd's libOpenGL: prototypes for every core entry point, dispatched to the
// current context whether SDL made it with GLX (X11) or EGL (offscreen driver).
#ifndef GLASSPANE_CGL_SHIM_H
#define GLASSPANE_CGL_SHIM_H
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#endif
