#version 330 core
// The scene's background behind everything, without a vertex buffer: vertices 0-2 are one triangle covering the
// viewport; vertices 3-26 are four bands around `uHole` (normalized device coordinates: left, bottom, right, top),
// pixels an opaque overlay covers this frame (GLSceneRenderer).
uniform vec4 uHole;

void main() {
    if (gl_VertexID < 3) {
        vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
        gl_Position = vec4(p, 1.0, 1.0);
        return;
    }
    int band = (gl_VertexID - 3) / 6, corner = (gl_VertexID - 3) % 6;
    // Two triangles a band: (0,0) (1,0) (1,1), (0,0) (1,1) (0,1).
    vec2 t = vec2(corner == 1 || corner == 2 || corner == 4 ? 1.0 : 0.0, corner == 2 || corner == 4 || corner == 5 ? 1.0 : 0.0);
    vec4 box; // left, bottom, right, top
    if (band == 0) box = vec4(-1.0, -1.0, 1.0, uHole.y);                  // below the hole
    else if (band == 1) box = vec4(-1.0, uHole.w, 1.0, 1.0);              // above it
    else if (band == 2) box = vec4(-1.0, uHole.y, uHole.x, uHole.w);      // left of it
    else box = vec4(uHole.z, uHole.y, 1.0, uHole.w);                      // right of it
    gl_Position = vec4(mix(box.xy, box.zw, t), 1.0, 1.0);
}
