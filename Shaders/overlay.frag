#version 330 core
// Every overlay quad but bar graphs in one program, so a batch needs no program switch (a draw call costs about 10 µs
// of CPU on llvmpipe): glyphs (coverage in the red channel of the R8 atlas, tinted), images (premultiplied RGBA,
// tinted), anti-aliased rounded rectangles, circles and rings from a signed distance, and the color picker's gradients
// computed per pixel from HSV. The kind is flat per quad, but llvmpipe runs every branch for every pixel: whatever is
// added here is paid by every overlay pixel, which is why bar graphs have their own program (Shaders/bars.frag;
// docs/overlay.md, "Bar graphs in a program of their own").
// Output is premultiplied alpha (blend: ONE, ONE_MINUS_SRC_ALPHA).
in vec2 vLocal;
in vec4 vColor;
flat in vec4 vShape;
flat in float vKind;

uniform sampler2D uTexture;

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
    if (vKind < 2.5) {
        fragColor = vColor * coverage;
        return;
    }
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
