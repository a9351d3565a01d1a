/*
 * The floor: the least a program can do to show Glasspane's cube. SDL2 window (or SDL's offscreen driver),
 * OpenGL 3.3 core, the same mesh, the same shaders (read from the repository's Shaders/ at start, so they cannot
 * drift: the background gradient triangle, then the lit cube), the same size and camera as GLSceneRenderer and
 * CubeSimulation draw in `glasspane bench --scenario cube`, in an uncapped loop: poll events, draw, (glFinish),
 * swap. It prints frame-time percentiles (time between presents, as `glasspane bench` measures them).
 *
 * Plain C, no Swift dependency. Build: scripts/build-floor.sh (gcc, Debian's SDL2 and glvnd's libOpenGL).
 * Usage: floor [--frames N] [--warmup N] [--size WxH] [--headless] [--finish|--no-finish] [--json PATH]
 *              [--shaders DIR] [--plain] [--msaa N] [--fbo] [--timer-queries] [--state-per-frame] [--composite]
 *              [--occlude] [--depth]
 * --composite blends one textured quad the size of the demo's picker panel over the cube each frame, with
 * Shaders/composite.*, setting only the state it needs, and times that on the CPU: the least an overlay drawn from a
 * cache can cost on this driver (reported as the overlay phase). --occlude (with --composite) draws the background
 * gradient around the panel's opaque interior instead of under it, to price culling the scene beneath an opaque
 * overlay region (the panel's pixels there are the composite's alone). --plain draws the floor's first scene instead (a clear and a diffuse-only cube, built-in shaders) to price the
 * scene's content; --msaa N draws into an N-sample framebuffer object headless, as RenderTarget does, and into an
 * N-sample window (resolved by the swap) otherwise, as SDLPlatform asks for. The last
 * three add, one at a time, something Glasspane does per frame that a minimal loop does not, to price it.
 * --depth clears depth and stencil each frame and depth-tests the cube, as GLSceneRenderer does for a scene of more
 * than one object; one convex cube needs neither, so by default the floor, like the scene, touches no depth buffer.
 * docs/bench.md ("The floor") explains what it is compared with and why each option exists.
 */
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#include <SDL2/SDL.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Limits checked before any work. */
#define MAX_FRAMES 10000000L
#define MAX_SIDE 16384

/* --plain: the floor's first scene, a diffuse-only cube on a cleared background (Glasspane's scene before it had a
 * specular term and a gradient background). Without --plain the shaders come from Shaders/. */
static const char *vertex_source =
    "#version 330 core\n"
    "layout(location = 0) in vec3 aPosition;\n"
    "layout(location = 1) in vec3 aNormal;\n"
    "uniform mat4 uModel;\n"
    "uniform mat4 uViewProjection;\n"
    "out vec3 vNormal;\n"
    "void main() {\n"
    "    vNormal = mat3(uModel) * aNormal;\n"
    "    gl_Position = uViewProjection * uModel * vec4(aPosition, 1.0);\n"
    "}\n";
static const char *fragment_source =
    "#version 330 core\n"
    "in vec3 vNormal;\n"
    "uniform vec3 uColor;\n"
    "uniform vec3 uLightDirection;\n"
    "out vec4 fragColor;\n"
    "void main() {\n"
    "    vec3 n = normalize(vNormal);\n"
    "    float key = max(dot(n, normalize(uLightDirection)), 0.0);\n"
    "    float fill = max(dot(n, normalize(vec3(-0.7, 0.15, 0.7))), 0.0);\n"
    "    float ambient = 0.30 + 0.10 * n.y;\n"
    "    vec3 lit = uColor * (ambient + 0.62 * key + 0.28 * fill);\n"
    "    fragColor = vec4(min(lit, vec3(1.0)), 1.0);\n"
    "}\n";

typedef struct { float m[16]; } mat4; /* column-major, as GL expects */

static mat4 mul(mat4 a, mat4 b) {
    mat4 o;
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++) {
            float s = 0;
            for (int k = 0; k < 4; k++) s += a.m[k * 4 + r] * b.m[c * 4 + k];
            o.m[c * 4 + r] = s;
        }
    return o;
}

static void normalize3(float v[3]) {
    float l = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (l > 0) { v[0] /= l; v[1] /= l; v[2] /= l; }
}

static void cross3(const float a[3], const float b[3], float out[3]) {
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

static float dot3(const float a[3], const float b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* Mat4.perspective in Sources/GlasspaneCore/Math3D.swift. */
static mat4 perspective(float fovy, float aspect, float near, float far) {
    float f = 1 / tanf(fovy / 2);
    mat4 p = {{f / (aspect > 1e-6f ? aspect : 1e-6f), 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / (near - far), -1,
               0, 0, 2 * far * near / (near - far), 0}};
    return p;
}

/* Mat4.lookAt with center (0,0,0) and up (0,1,0). */
static mat4 look_at(const float eye[3]) {
    float f[3] = {-eye[0], -eye[1], -eye[2]}, up[3] = {0, 1, 0}, s[3], u[3];
    normalize3(f);
    cross3(f, up, s);
    normalize3(s);
    cross3(s, f, u);
    mat4 v = {{s[0], u[0], -f[0], 0, s[1], u[1], -f[1], 0, s[2], u[2], -f[2], 0, -dot3(s, eye), -dot3(u, eye),
               dot3(f, eye), 1}};
    return v;
}

/* Mat4.rotation(angle:axis:) * Mat4.scale(s). */
static mat4 rotation_scaled(float angle, float ax, float ay, float az, float scale) {
    float a[3] = {ax, ay, az};
    normalize3(a);
    float c = cosf(angle), s = sinf(angle), t = 1 - c;
    mat4 r = {{t * a[0] * a[0] + c, t * a[0] * a[1] + s * a[2], t * a[0] * a[2] - s * a[1], 0,
               t * a[0] * a[1] - s * a[2], t * a[1] * a[1] + c, t * a[1] * a[2] + s * a[0], 0,
               t * a[0] * a[2] + s * a[1], t * a[1] * a[2] - s * a[0], t * a[2] * a[2] + c, 0, 0, 0, 0, 1}};
    mat4 sc = {{scale, 0, 0, 0, 0, scale, 0, 0, 0, 0, scale, 0, 0, 0, 0, 1}};
    return mul(r, sc);
}

/* GLSceneRenderer.cubeVertices(): 36 vertices (position, flat normal), counter-clockwise faces. */
static int cube_vertices(float *out) {
    static const float faces[6][3 + 12] = {
        {0, 0, 1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, 1},
        {0, 0, -1, 1, -1, -1, -1, -1, -1, -1, 1, -1, 1, 1, -1},
        {1, 0, 0, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1, 1, 1},
        {-1, 0, 0, -1, -1, -1, -1, -1, 1, -1, 1, 1, -1, 1, -1},
        {0, 1, 0, -1, 1, 1, 1, 1, 1, 1, 1, -1, -1, 1, -1},
        {0, -1, 0, -1, -1, -1, 1, -1, -1, 1, -1, 1, -1, -1, 1},
    };
    static const int order[6] = {0, 1, 2, 0, 2, 3};
    int n = 0;
    for (int f = 0; f < 6; f++)
        for (int i = 0; i < 6; i++) {
            const float *c = &faces[f][3 + order[i] * 3];
            out[n++] = c[0] * 0.5f; out[n++] = c[1] * 0.5f; out[n++] = c[2] * 0.5f;
            out[n++] = faces[f][0]; out[n++] = faces[f][1]; out[n++] = faces[f][2];
        }
    return n / 6;
}

static GLuint compile(GLenum kind, const char *source, const char *name) {
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &source, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "floor: %s shader: compile failed:\n%s\n", name, log);
        exit(1);
    }
    return s;
}

/* The whole text of a file, or exit with the reason. */
static char *read_text(const char *dir, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "floor: %s: %s (run from the repository root, or pass --shaders DIR)\n", path, strerror(errno)); exit(2); }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    if (n < 0 || n > (1 << 20)) { fprintf(stderr, "floor: %s: not a shader of at most 1 MiB\n", path); exit(2); }
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) { fprintf(stderr, "floor: %s: cannot read\n", path); exit(2); }
    text[n] = 0;
    fclose(f);
    return text;
}

static GLuint link_program(const char *vertex, const char *fragment, const char *name) {
    GLuint p = glCreateProgram();
    glAttachShader(p, compile(GL_VERTEX_SHADER, vertex, name));
    glAttachShader(p, compile(GL_FRAGMENT_SHADER, fragment, name));
    glLinkProgram(p);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    if (!linked) { fprintf(stderr, "floor: %s program did not link\n", name); exit(1); }
    return p;
}

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int compare_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Nearest-rank percentile of sorted values (the rank docs/bench.md uses). */
/* A vertex array over a static buffer of interleaved floats: attribute 0 of `size0` floats, then attribute 1 of
 * `size1` (0: none). Leaves the new array bound. */
static GLuint static_vertex_array(const float *data, GLsizeiptr bytes, int size0, int size1) {
    GLuint vao, vbo;
    GLsizei stride = (GLsizei)((size0 + size1) * sizeof(float));
    glGenVertexArrays(1, &vao);
    glGenBuffers(1, &vbo);
    glBindVertexArray(vao);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, bytes, data, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, size0, GL_FLOAT, GL_FALSE, stride, (void *)0);
    if (size1 > 0) {
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, size1, GL_FLOAT, GL_FALSE, stride, (void *)(size0 * sizeof(float)));
    }
    return vao;
}

/* GLSceneRenderer.backgroundGradient of the scene's background (0.09, 0.10, 0.13), into a program using
 * Shaders/background.frag (left in use). */
static void set_background_gradient(GLuint program) {
    glUseProgram(program);
    glUniform3f(glGetUniformLocation(program, "uTop"), 0.09f * 1.25f + 0.09f, 0.10f * 1.25f + 0.09f, 0.13f * 1.25f + 0.10f);
    glUniform3f(glGetUniformLocation(program, "uBottom"), 0.09f * 0.55f, 0.10f * 0.55f, 0.13f * 0.55f);
}

static double percentile_ms(const int64_t *sorted, long n, double p) {
    long rank = (long)ceil(p * (double)n / 100.0);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return (double)sorted[rank - 1] / 1e6;
}

static void usage_error(const char *message, const char *value) {
    fprintf(stderr, "floor: %s%s%s\n", message, value ? ": " : "", value ? value : "");
    fprintf(stderr, "usage: floor [--frames N] [--warmup N] [--size WxH] [--headless] [--finish|--no-finish] "
                    "[--json PATH] [--shaders DIR] [--plain] [--msaa N] [--fbo] [--timer-queries] [--state-per-frame] "
                    "[--composite] [--occlude] [--depth]\n");
    exit(2);
}

static long parse_count(const char *option, const char *text, long min) {
    if (!text) usage_error("missing value after", option);
    char *end = NULL;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || !end || *end || v < min || v > MAX_FRAMES) {
        char message[128];
        snprintf(message, sizeof message, "%s wants a whole number in %ld...%ld", option, min, MAX_FRAMES);
        usage_error(message, text);
    }
    return v;
}

int main(int argc, char **argv) {
    long frames = 1000, warmup = 60;
    int width = 1280, height = 720, headless = 0, finish = -1, fbo = 0, timer_queries = 0, state_per_frame = 0;
    int plain = 0, msaa = 1, composite = 0, occlude = 0, depth = 0;
    const char *json_path = NULL, *shader_dir = "Shaders";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--frames")) { frames = parse_count(a, next, 1); i++; }
        else if (!strcmp(a, "--warmup")) { warmup = parse_count(a, next, 1); i++; }
        else if (!strcmp(a, "--size")) {
            if (!next || sscanf(next, "%dx%d", &width, &height) != 2 || width < 1 || height < 1 || width > MAX_SIDE ||
                height > MAX_SIDE)
                usage_error("--size wants WxH, each side 1...16384", next);
            i++;
        }
        else if (!strcmp(a, "--headless")) headless = 1;
        else if (!strcmp(a, "--finish")) finish = 1;
        else if (!strcmp(a, "--no-finish")) finish = 0;
        else if (!strcmp(a, "--fbo")) fbo = 1;
        else if (!strcmp(a, "--plain")) plain = 1;
        else if (!strcmp(a, "--shaders")) { if (!next) usage_error("missing value after", a); shader_dir = next; i++; }
        else if (!strcmp(a, "--msaa")) {
            msaa = (int)parse_count(a, next, 1);
            if (msaa != 1 && msaa != 2 && msaa != 4 && msaa != 8 && msaa != 16) usage_error("--msaa wants 1, 2, 4, 8 or 16", next);
            i++;
        }
        else if (!strcmp(a, "--timer-queries")) timer_queries = 1;
        else if (!strcmp(a, "--state-per-frame")) state_per_frame = 1;
        else if (!strcmp(a, "--composite")) composite = 1;
        else if (!strcmp(a, "--occlude")) occlude = 1;
        else if (!strcmp(a, "--depth")) depth = 1;
        else if (!strcmp(a, "--json")) { if (!next) usage_error("missing value after", a); json_path = next; i++; }
        else usage_error("unknown option", a);
    }
    if (occlude && (!composite || plain)) usage_error("--occlude needs --composite and the gradient (not --plain)", NULL);
    /* As `glasspane bench`: glFinish before the swap by default when headless (a swap there waits for nothing). */
    if (finish < 0) finish = headless;
    FILE *json = NULL;
    if (json_path && !(json = fopen(json_path, "w"))) {
        fprintf(stderr, "floor: --json %s: %s\n", json_path, strerror(errno));
        return 2;
    }

    if (headless) setenv("SDL_VIDEODRIVER", "offscreen", 1);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) { fprintf(stderr, "floor: SDL_Init: %s\n", SDL_GetError()); return 1; }
    /* The attributes SDLPlatform asks for. */
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 8);
    /* --msaa in a window: a multisampled default framebuffer, as SDLPlatform asks for (the swap resolves it);
     * headless, a multisampled framebuffer object below, as RenderTarget's. */
    int window_samples = headless || fbo ? 1 : msaa;
    SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, window_samples > 1 ? 1 : 0);
    SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, window_samples > 1 ? window_samples : 0);
    SDL_Window *window = SDL_CreateWindow("floor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                          SDL_WINDOW_OPENGL | SDL_WINDOW_SHOWN);
    if (!window && window_samples > 1) {
        /* No multisampled visual: none, as SDLPlatform falls back. */
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, 0);
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, 0);
        window = SDL_CreateWindow("floor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                  SDL_WINDOW_OPENGL | SDL_WINDOW_SHOWN);
    }
    if (!window) { fprintf(stderr, "floor: SDL_CreateWindow: %s\n", SDL_GetError()); return 1; }
    SDL_GLContext context = SDL_GL_CreateContext(window);
    if (!context) { fprintf(stderr, "floor: SDL_GL_CreateContext: %s\n", SDL_GetError()); return 1; }
    SDL_GL_MakeCurrent(window, context);
    SDL_GL_SetSwapInterval(0); /* uncapped, as `glasspane bench` */
    int pw = width, ph = height;
    SDL_GL_GetDrawableSize(window, &pw, &ph);
    if (pw <= 0 || ph <= 0) { pw = width; ph = height; }

    /* --fbo: draw into a framebuffer object like RenderTarget does headless (to price that choice); headless, --msaa
     * N > 1 makes it multisampled, as RenderTarget's is (never resolved per frame: only a screenshot resolves it). */
    if (msaa > 1 && headless) fbo = 1;
    GLuint framebuffer = 0, color_rb = 0, depth_rb = 0;
    if (fbo) {
        GLint driver_max = 1;
        glGetIntegerv(GL_MAX_SAMPLES, &driver_max);
        GLsizei samples = msaa > 1 ? (msaa < driver_max ? msaa : driver_max) : 0;
        glGenFramebuffers(1, &framebuffer);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glGenRenderbuffers(1, &color_rb);
        glBindRenderbuffer(GL_RENDERBUFFER, color_rb);
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, pw, ph);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_rb);
        glGenRenderbuffers(1, &depth_rb);
        glBindRenderbuffer(GL_RENDERBUFFER, depth_rb);
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, pw, ph);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth_rb);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
            fprintf(stderr, "floor: --fbo: framebuffer incomplete\n");
            return 1;
        }
    }

    GLuint program, background = 0, background_vao = 0;
    if (plain) {
        program = link_program(vertex_source, fragment_source, "plain cube");
    } else {
        char *cv = read_text(shader_dir, "cube.vert"), *cf = read_text(shader_dir, "cube.frag");
        char *bv = read_text(shader_dir, "background.vert"), *bf = read_text(shader_dir, "background.frag");
        program = link_program(cv, cf, "cube");
        background = link_program(bv, bf, "background");
        free(cv); free(cf); free(bv); free(bf);
        glGenVertexArrays(1, &background_vao); /* the triangle's corners come from gl_VertexID */
        set_background_gradient(background);
    }
    GLint u_model = glGetUniformLocation(program, "uModel"), u_vp = glGetUniformLocation(program, "uViewProjection");
    GLint u_color = glGetUniformLocation(program, "uColor"), u_light = glGetUniformLocation(program, "uLightDirection");

    float vertices[36 * 6];
    GLsizei vertex_count = cube_vertices(vertices);
    GLuint vao = static_vertex_array(vertices, sizeof vertices, 3, 3); /* position, normal */

    /* State that never changes here; GLSceneRenderer sets it every frame (docs/bench.md prices the difference). */
    glViewport(0, 0, pw, ph);
    glClearColor(0.09f, 0.10f, 0.13f, 1);
    glClearDepth(1);
    glClearStencil(0);
    if (depth) glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glUseProgram(program);
    /* CubeState defaults: OrbitCamera(yaw 0, pitch 0.35, distance 5), light (0.4, 0.8, 0.6), color (0.93, 0.45, 0.16). */
    float eye[3] = {0, (float)(5 * sin(0.35)), (float)(5 * cos(0.35))};
    mat4 view_projection = mul(perspective(0.9f, (float)pw / (float)(ph > 0 ? ph : 1), 0.1f, 100), look_at(eye));
    glUniformMatrix4fv(u_vp, 1, GL_FALSE, view_projection.m);
    glUniform3f(u_light, 0.4f, 0.8f, 0.6f);
    glUniform3f(u_color, 0.93f, 0.45f, 0.16f);
    glUniform3f(glGetUniformLocation(program, "uEye"), eye[0], eye[1], eye[2]); /* -1 (ignored) for --plain */

    /* --composite: the demo panel's pixel rectangle at scale 1 (16, 16, 244 x 314, one pixel more each side for
     * anti-aliasing), a premultiplied translucent texture, the quad in a buffer as GLOverlayRenderer lays it out. */
    GLuint composite_program = 0, composite_vao = 0, composite_texture = 0;
    if (composite) {
        char *vs = read_text(shader_dir, "composite.vert"), *fs = read_text(shader_dir, "composite.frag");
        composite_program = link_program(vs, fs, "composite");
        free(vs); free(fs);
        float x0 = 15, y0 = 15, x1 = 261, y1 = 331, w = (float)pw, h = (float)ph;
        float quad[6 * 4] = {x0, y0, x0 / w, 1 - y0 / h,  x1, y0, x1 / w, 1 - y0 / h,  x1, y1, x1 / w, 1 - y1 / h,
                             x0, y0, x0 / w, 1 - y0 / h,  x1, y1, x1 / w, 1 - y1 / h,  x0, y1, x0 / w, 1 - y1 / h};
        composite_vao = static_vertex_array(quad, sizeof quad, 2, 2); /* pixel position, uv */
        glBindVertexArray(vao);
        /* A window-sized texture, as the overlay's cache is; 92 % opaque dark grey, premultiplied. */
        unsigned char *pixels = malloc((size_t)pw * (size_t)ph * 4);
        if (!pixels) { fprintf(stderr, "floor: out of memory for the composite texture\n"); return 1; }
        for (long k = 0; k < (long)pw * ph; k++) { pixels[4 * k] = 28; pixels[4 * k + 1] = 30; pixels[4 * k + 2] = 38; pixels[4 * k + 3] = 235; }
        glGenTextures(1, &composite_texture);
        glBindTexture(GL_TEXTURE_2D, composite_texture);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, pw, ph, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        free(pixels);
        glUseProgram(composite_program);
        glUniform2f(glGetUniformLocation(composite_program, "uViewportSize"), w, h);
        glUniform1i(glGetUniformLocation(composite_program, "uTexture"), 0);
        glBlendFuncSeparate(GL_ONE, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        glUseProgram(program);
    }

    /* --occlude: the gradient as four bands around the panel's opaque interior (the rounded corners and the rim stay
     * over the gradient), from a position buffer; the same fragment shader. */
    GLuint occluding_program = 0, occluding_vao = 0;
    if (occlude) {
        static const char *banded_vertex_source =
            "#version 330 core\n"
            "layout(location = 0) in vec2 aPosition;\n"
            "out float vDown;\n"
            "void main() { vDown = 0.5 - 0.5 * aPosition.y; gl_Position = vec4(aPosition, 1.0, 1.0); }\n";
        char *bf = read_text(shader_dir, "background.frag");
        occluding_program = link_program(banded_vertex_source, bf, "occluding background");
        free(bf);
        set_background_gradient(occluding_program);
        /* The panel (16, 16, 244 x 314) less its 12-point corner radius, in clip space (y up). */
        float w = (float)pw, h = (float)ph;
        float l = 28 / w * 2 - 1, r = 248 / w * 2 - 1, t = 1 - 28 / h * 2, b = 1 - 318 / h * 2;
        float bands[] = {-1, 1, 1, 1, 1, t,  -1, 1, 1, t, -1, t,     /* above */
                         -1, b, 1, b, 1, -1,  -1, b, 1, -1, -1, -1,  /* below */
                         -1, t, l, t, l, b,  -1, t, l, b, -1, b,     /* left */
                         r, t, 1, t, 1, b,  r, t, 1, b, r, b};      /* right */
        occluding_vao = static_vertex_array(bands, sizeof bands, 2, 0);
        glBindVertexArray(vao);
        glUseProgram(program);
    }

    /* --timer-queries: what BenchRunner does through GPUPassTimer, two GL_TIME_ELAPSED queries per frame (the scene
     * and the overlay pass) whose results are read after the present. */
    GLuint queries[2] = {0, 0};
    int query_pending[2] = {0, 0};
    if (timer_queries) glGenQueries(2, queries);

    long total = warmup + frames;
    int64_t *samples = malloc(sizeof(int64_t) * (size_t)frames * 4);
    if (!samples) { fprintf(stderr, "floor: out of memory for %ld samples\n", frames); return 1; }
    int64_t *draw_ns = samples + frames, *present_ns = samples + 2 * frames, *composite_ns = samples + 3 * frames;
    int64_t composite_time = 0;
    int64_t start = now_ns(), previous = 0;
    long measured = 0;
    for (long i = 0; i < total; i++) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) if (e.type == SDL_QUIT) i = total;
        int64_t t0 = now_ns();
        /* CubeSimulation: 0.9 rad/s from angle 0.6, on the wall clock. */
        double seconds = (double)(t0 - start) / 1e9;
        double angle = fmod(0.6 + 0.9 * seconds, 2 * M_PI);
        mat4 model = rotation_scaled((float)angle, 0.3f, 1, 0.15f, 1.6f);
        if (fbo) glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        if (timer_queries && !query_pending[0]) glBeginQuery(GL_TIME_ELAPSED, queries[0]);
        if (state_per_frame) {
            /* Everything GLSceneRenderer.render sets each frame, in its order. */
            glViewport(0, 0, pw, ph);
            glClearColor(0.09f, 0.10f, 0.13f, 1);
            glClearDepth(1);
        }
        /* The gradient covers every pixel: a color clear as well would write the whole target for nothing. Depth and
           stencil together, as GLSceneRenderer: llvmpipe read and masked every sample to clear depth alone. */
        GLbitfield cleared = (background ? 0 : GL_COLOR_BUFFER_BIT) | (depth ? GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT : 0);
        if (cleared) glClear(cleared);
        if (background) {
            /* GLSceneRenderer: the gradient triangle without depth test or culling, then the cube culled (and
               depth-tested with --depth). */
            glDisable(GL_DEPTH_TEST);
            glDisable(GL_CULL_FACE);
            if (occlude) {
                glUseProgram(occluding_program);
                glBindVertexArray(occluding_vao);
                glDrawArrays(GL_TRIANGLES, 0, 24);
            } else {
                glUseProgram(background);
                glBindVertexArray(background_vao);
                glDrawArrays(GL_TRIANGLES, 0, 3);
            }
            if (depth) glEnable(GL_DEPTH_TEST);
            glEnable(GL_CULL_FACE);
            glUseProgram(program);
            glBindVertexArray(vao);
        }
        if (state_per_frame) {
            if (depth) glEnable(GL_DEPTH_TEST);
            glDepthFunc(GL_LESS);
            glEnable(GL_CULL_FACE);
            glCullFace(GL_BACK);
            glDisable(GL_BLEND);
            glUseProgram(program);
            glUniformMatrix4fv(u_vp, 1, GL_FALSE, view_projection.m);
            glUniform3f(u_light, 0.4f, 0.8f, 0.6f);
            glBindVertexArray(vao);
        }
        glUniformMatrix4fv(u_model, 1, GL_FALSE, model.m);
        if (state_per_frame) glUniform3f(u_color, 0.93f, 0.45f, 0.16f);
        glDrawArrays(GL_TRIANGLES, 0, vertex_count);
        if (state_per_frame) {
            glBindVertexArray(0);
            glDisable(GL_CULL_FACE);
            glDisable(GL_DEPTH_TEST);
        }
        if (timer_queries && !query_pending[0]) { glEndQuery(GL_TIME_ELAPSED); query_pending[0] = 1; }
        if (composite) {
            int64_t c0 = now_ns();
            glEnable(GL_BLEND);
            glDisable(GL_DEPTH_TEST);
            glDisable(GL_CULL_FACE);
            glUseProgram(composite_program);
            glBindVertexArray(composite_vao);
            glBindTexture(GL_TEXTURE_2D, composite_texture);
            glDrawArrays(GL_TRIANGLES, 0, 6);
            composite_time = now_ns() - c0;
            /* Back to the scene's state for the next frame (not timed: the scene's own cost). */
            glDisable(GL_BLEND);
            if (depth) glEnable(GL_DEPTH_TEST);
            glEnable(GL_CULL_FACE);
            glUseProgram(program);
            glBindVertexArray(vao);
        }
        if (timer_queries && !query_pending[1]) {
            glBeginQuery(GL_TIME_ELAPSED, queries[1]);
            glEndQuery(GL_TIME_ELAPSED);
            query_pending[1] = 1;
        }
        int64_t t1 = now_ns();
        if (finish) glFinish();
        SDL_GL_SwapWindow(window);
        int64_t t = now_ns();
        for (int q = 0; q < 2; q++) {
            if (!query_pending[q]) continue;
            GLint available = 0;
            glGetQueryObjectiv(queries[q], GL_QUERY_RESULT_AVAILABLE, &available);
            if (available) {
                GLuint64 result = 0;
                glGetQueryObjectui64v(queries[q], GL_QUERY_RESULT, &result);
                query_pending[q] = 0;
            }
        }
        if (state_per_frame) {
            /* GLSceneRenderer restores these for the overlay pass; the next frame sets them again. */
            glDisable(GL_CULL_FACE);
        }
        if (i >= warmup && previous != 0 && measured < frames) {
            samples[measured] = t - previous;
            draw_ns[measured] = t1 - t0;
            present_ns[measured] = t - t1;
            composite_ns[measured] = composite_time;
            measured++;
        }
        previous = t;
    }
    if (measured == 0) { fprintf(stderr, "floor: no frames were measured\n"); return 2; }
    qsort(samples, (size_t)measured, sizeof samples[0], compare_i64);
    qsort(draw_ns, (size_t)measured, sizeof draw_ns[0], compare_i64);
    qsort(present_ns, (size_t)measured, sizeof present_ns[0], compare_i64);
    qsort(composite_ns, (size_t)measured, sizeof composite_ns[0], compare_i64);
    double composite_p50_us = percentile_ms(composite_ns, measured, 50) * 1000;
    double draw_p50_us = percentile_ms(draw_ns, measured, 50) * 1000, present_p50_us = percentile_ms(present_ns, measured, 50) * 1000;
    double sum = 0;
    for (long i = 0; i < measured; i++) sum += (double)samples[i] / 1e6;
    double p50 = percentile_ms(samples, measured, 50), p90 = percentile_ms(samples, measured, 90);
    double p99 = percentile_ms(samples, measured, 99);
    printf("floor: %ld frames after %ld warmup, %dx%d, %s, %s scene, msaa %d, finish %s%s%s%s%s%s%s, GL: %s\n", measured, warmup,
           pw, ph, headless ? "headless" : "window", plain ? "plain" : "Shaders/", msaa, finish ? "on" : "off",
           fbo ? ", fbo" : "", timer_queries ? ", timer queries" : "",
           state_per_frame ? ", state per frame" : "", composite ? ", composite" : "", occlude ? ", occluded" : "",
           depth ? ", depth" : "", (const char *)glGetString(GL_RENDERER));
    printf("frame time (ms)  mean %.3f  p50 %.3f  p90 %.3f  p99 %.3f  max %.3f   draw p50 %.1f us  present p50 %.1f us\n",
           sum / (double)measured, p50, p90, p99, (double)samples[measured - 1] / 1e6, draw_p50_us, present_p50_us);
    if (composite) printf("composite p50 %.1f us (CPU: state, one textured quad)\n", composite_p50_us);
    if (json) {
        /* The keys of `glasspane bench --json` that scripts/bench-compare.sh reads. */
        fprintf(json, "{\"scenario\":\"floor\",\"frame_count\":%ld,\"frame_ms\":{\"mean\":%.6f,\"p50\":%.6f,\"p90\":%.6f,"
                      "\"p99\":%.6f,\"max\":%.6f},\"phases_us\":{\"draw\":{\"p50\":%.3f},\"present\":{\"p50\":%.3f},"
                      "\"overlay\":{\"p50\":%.3f}}}\n",
                measured, sum / (double)measured, p50, p90, p99, (double)samples[measured - 1] / 1e6, draw_p50_us, present_p50_us,
                composite ? composite_p50_us : 0.0);
        fclose(json);
    }
    free(samples);
    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(program);
    SDL_GL_DeleteContext(context);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
