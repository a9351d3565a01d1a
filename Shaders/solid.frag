#version 330 core
// Large solid rectangles on whole pixels (a sheet's window-wide dimming), with Shaders/overlay.vert. Their coverage is
// exactly 1 on every pixel inside and the quad is the rectangle itself, so the interpolated color is the pixel: on
// llvmpipe, which runs every branch of Shaders/overlay.frag for every pixel, this costs about a quarter as much per
// pixel (docs/overlay.md, "Large solid rectangles"). Output is premultiplied alpha.
noperspective in vec4 vColor;

out vec4 fragColor;

void main() {
    fragColor = vColor;
}
