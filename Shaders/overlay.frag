#version 330 core
// Most overlay quads in one program, so a batch needs no program switch (a draw call costs about 10 µs of CPU on
// llvmpipe): glyphs (coverage in the red channel of the R8 atlas, tinted), images (premultiplied RGBA,
// tinted), anti-aliased rounded rectangles, circles and rings from a signed distance. The kind is flat per quad, but
// llvmpipe runs every branch for every pixel: whatever is added here is paid by every overlay pixel, which is why the
// picker's gradients, bar graphs and large solid rectangles have programs of their own (Shaders/gradient.frag,
// Shaders/bars.frag, Shaders/solid.frag; docs/overlay.md, "Every branch is paid").
// Output is premultiplied alpha (blend: ONE, ONE_MINUS_SRC_ALPHA).
noperspective in vec2 vLocal;
noperspective in vec4 vColor;
flat in vec4 vShape;
flat in float vKind;

uniform sampler2D uTexture;

out vec4 fragColor;

float roundedBoxDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + vec2(radius);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    // Kind 1 glyph, 2 image: vLocal is the texture coordinate.
    if (vKind > 0.5 && vKind < 2.5) {
        if (vKind > 1.5) {
            fragColor = texture(uTexture, vLocal) * vColor;
        } else {
            fragColor = vColor * texture(uTexture, vLocal).r;
        }
        return;
    }
    float d = roundedBoxDistance(vLocal, vShape.xy, vShape.z);
    // One pixel of smoothing across the edge, centered on it.
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    if (vShape.w > 0.0) {
        float inner = clamp(0.5 - (d + vShape.w), 0.0, 1.0);
        coverage = coverage * (1.0 - inner);
    }
    fragColor = vColor * coverage;
}
