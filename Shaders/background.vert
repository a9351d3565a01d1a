#version 330 core
// One triangle covering the viewport (no vertex buffer): the scene's background behind everything.
out float vDown; // 0 at the top edge, 1 at the bottom

void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
    vDown = 0.5 - 0.5 * p.y;
    gl_Position = vec4(p, 1.0, 1.0);
}
