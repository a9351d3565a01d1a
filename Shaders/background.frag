#version 330 core
// A subtle vertical gradient, lighter at the top (GLSceneRenderer.backgroundColor computes the same in Swift). The
// color follows the pixel's row, not an interpolated value, so one triangle and the bands around a hole give a pixel
// the same color.
uniform vec3 uTop;
uniform vec3 uBottom;
uniform float uHeight; // the viewport's height in pixels

out vec4 fragColor;

void main() {
    float down = 1.0 - gl_FragCoord.y / uHeight; // 0 at the top edge, 1 at the bottom
    fragColor = vec4(mix(uTop, uBottom, clamp(down, 0.0, 1.0)), 1.0);
}
