#version 330 core
// The color picker's gradients (kind 3 saturation/value, 4 horizontal hue, 5 vertical hue), with Shaders/overlay.vert:
// each pixel's color computed from HSV with the picker's own point-to-color mapping, inside an anti-aliased rounded
// rectangle. A program of their own: as a branch of Shaders/overlay.frag, this HSV code was paid by every overlay pixel
// (about a third of its cost), since llvmpipe runs every branch for every pixel (docs/overlay.md).
// Output is premultiplied alpha (blend: ONE, ONE_MINUS_SRC_ALPHA).
noperspective in vec2 vLocal;
noperspective in vec4 vColor;
flat in vec4 vShape;
flat in float vKind;

out vec4 fragColor;

float roundedBoxDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + vec2(radius);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

// The same sector formula as GlasspaneCore's HSV.rgb (Sources/GlasspaneCore/Color.swift).
vec3 hsvToRGB(float h, float s, float v) {
    float hh = fract(h);
    float sector = hh * 6.0;
    float i = floor(sector);
    float f = sector - i;
    float p = v * (1.0 - s), q = v * (1.0 - s * f), t = v * (1.0 - s * (1.0 - f));
    if (i < 0.5) return vec3(v, t, p);
    if (i < 1.5) return vec3(q, v, p);
    if (i < 2.5) return vec3(p, v, t);
    if (i < 3.5) return vec3(p, q, v);
    if (i < 4.5) return vec3(t, p, v);
    return vec3(v, p, q);
}

// ColorPicker.gradientFraction (Sources/GlasspaneOverlay/Controls/ColorPicker.swift): offset and length in points.
float gradientFraction(float offset, float len) {
    return clamp(offset / max(len - 1.0, 1.0), 0.0, 1.0);
}

void main() {
    float d = roundedBoxDistance(vLocal, vShape.xy, vShape.z);
    // One pixel of smoothing across the edge, centered on it (as Shaders/overlay.frag's shapes).
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    // Gradients (kind 3 saturation/value, 4 horizontal hue, 5 vertical hue): vColor is (hue, scale x, scale y, 1).
    // The pixel's top-left corner in the rectangle's own points, as a pointer event on that pixel reports it.
    vec2 scale = vColor.yz;
    vec2 corner = (vLocal + vShape.xy - vec2(0.5)) / scale;
    vec2 size = 2.0 * vShape.xy / scale;
    vec3 rgb;
    if (vKind < 3.5) {
        rgb = hsvToRGB(vColor.x, gradientFraction(corner.x, size.x), 1.0 - gradientFraction(corner.y, size.y));
    } else if (vKind < 4.5) {
        rgb = hsvToRGB(gradientFraction(corner.x, size.x), 1.0, 1.0);
    } else {
        rgb = hsvToRGB(gradientFraction(corner.y, size.y), 1.0, 1.0);
    }
    fragColor = vec4(rgb, 1.0) * coverage;
}
