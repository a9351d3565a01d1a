#version 330 core
// A subtle vertical gradient, lighter at the top (GLSceneRenderer.backgroundColor computes the same in Swift).
in float vDown;

uniform vec3 uTop;
uniform vec3 uBottom;

out vec4 fragColor;

void main() {
    fragColor = vec4(mix(uTop, uBottom, clamp(vDown, 0.0, 1.0)), 1.0);
}
