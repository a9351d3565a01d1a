#version 330 core
// Bar graphs (BarGraph in Sources/GlasspaneOverlay/DrawList.swift, the HUD's frame times), with Shaders/overlay.vert.
// A program of their own: as a branch of Shaders/overlay.frag, this texelFetch made every other overlay pixel cost
// about half as much again, since llvmpipe runs every branch for every pixel (docs/overlay.md).
// vLocal is (texel x along the graph's row of levels in the atlas, row y + the height fraction from the bottom); the
// texel is the level of the bar under the pixel's center, 0-127 in 127ths of the height, plus 128 for the flagged
// color (in vShape). Output is premultiplied alpha.
noperspective in vec2 vLocal;
noperspective in vec4 vColor;
flat in vec4 vShape;

uniform sampler2D uTexture;

out vec4 fragColor;

void main() {
    float byte = floor(texelFetch(uTexture, ivec2(floor(vLocal.x), floor(vLocal.y)), 0).r * 255.0 + 0.5);
    float flagged = step(128.0, byte);
    float level = (byte - 128.0 * flagged) / 127.0;
    float covered = fract(vLocal.y) / 0.999 < level ? 1.0 : 0.0;
    fragColor = mix(vColor, vShape, flagged) * covered;
}
