#version 330 core
// Every overlay quad in one program, so a batch needs no program switch (a draw call costs about 10 µs of CPU on
// llvmpipe): glyphs (coverage in the red channel of the R8 atlas, tinted), images (premultiplied RGBA, tinted),
// anti-aliased rounded rectangles, circles and rings from a signed distance, and the color picker's gradients
// computed per pixel from HSV, and bar graphs read from a row of the atlas. The kind is flat per quad, so a shape
// never runs the texture branch.
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
    // Kind 6, a bar graph (BarGraph in Sources/GlasspaneOverlay/DrawList.swift): vLocal is (texel x along the graph's
    // row of levels in the atlas, row y + the height fraction from the bottom); the texel is the level of the bar
    // under the pixel's center, 0-127 in 127ths of the height, plus 128 for the flagged color (in vShape).
    if (vKind > 5.5) {
        float byte = floor(texelFetch(uTexture, ivec2(floor(vLocal.x), floor(vLocal.y)), 0).r * 255.0 + 0.5);
        float flagged = step(128.0, byte);
        float level = (byte - 128.0 * flagged) / 127.0;
        float covered = fract(vLocal.y) / 0.999 < level ? 1.0 : 0.0;
        fragColor = mix(vColor, vShape, flagged) * covered;
        return;
    }
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
