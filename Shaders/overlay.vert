#version 330 core
// The overlay's batched quads, in window pixels (origin top-left). Shapes carry their own local frame so the
// fragment shader can compute a signed distance to a rounded rectangle.
layout(location = 0) in vec2 aPosition;   // pixels
layout(location = 1) in vec2 aLocal;      // shapes: offset from the shape's center in pixels; textures: uv
layout(location = 2) in vec4 aColor;      // premultiplied RGBA
layout(location = 3) in vec4 aShape;     // half width, half height, corner radius, stroke width (0 = fill)
layout(location = 4) in float aKind;      // 0 shape, 1 glyph coverage (R8 atlas), 2 RGBA image, 3-5 HSV gradients, 6 bars (bars.frag)

// Whole pixels: an offset group's move (a scrolled document), else 0. Read from a small buffer, one value a draw call
// (divisor 1), not a uniform: on llvmpipe each new value of a uniform (or of a constant attribute) made the frame's
// draw cost about a millisecond more (docs/scrolling.md, "Scrolling without repainting").
layout(location = 5) in vec2 aOffset;

uniform vec2 uViewportSize;

noperspective out vec2 vLocal; // w is 1: linear in window space, without llvmpipe's per-pixel divide
noperspective out vec4 vColor;
flat out vec4 vShape;
flat out float vKind;

void main() {
    vLocal = aLocal;
    vColor = aColor;
    vShape = aShape;
    vKind = aKind;
    vec2 clip = (aPosition + aOffset) / uViewportSize * 2.0 - 1.0;
    gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
