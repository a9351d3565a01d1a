#version 330 core
// Large anti-aliased rounded rectangles, circles and rings (a panel's background), with Shaders/overlay.vert: the
// signed-distance half of Shaders/overlay.frag, same math, without the texture read that llvmpipe would run for
// every pixel of the quad (docs/overlay.md, "Large shapes"). Output is premultiplied alpha.
noperspective in vec2 vLocal;
noperspective in vec4 vColor;
flat in vec4 vShape;

out vec4 fragColor;

float roundedBoxDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + vec2(radius);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    float d = roundedBoxDistance(vLocal, vShape.xy, vShape.z);
    // One pixel of smoothing across the edge, centered on it.
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    if (vShape.w > 0.0) {
        float inner = clamp(0.5 - (d + vShape.w), 0.0, 1.0);
        coverage = coverage * (1.0 - inner);
    }
    fragColor = vColor * coverage;
}
