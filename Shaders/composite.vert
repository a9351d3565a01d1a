#version 330 core
// One textured quad in window pixels: the overlay's cache texture composited over the scene.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aUV;

uniform vec2 uViewportSize;

noperspective out vec2 vUV; // w is 1: nothing to correct for, and llvmpipe saves the per-pixel divide

void main() {
    vUV = aUV;
    vec2 clip = aPosition / uViewportSize * 2.0 - 1.0;
    gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
