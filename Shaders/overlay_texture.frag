#version 330 core
// Glyphs (coverage in the red channel of the R8 atlas, tinted) and images (premultiplied RGBA, tinted).
in vec2 vLocal;
in vec4 vColor;
flat in vec4 vShape;
flat in float vKind;

uniform sampler2D uTexture;

out vec4 fragColor;

void main() {
    if (vKind > 1.5) {
        fragColor = texture(uTexture, vLocal) * vColor;
    } else {
        fragColor = vColor * texture(uTexture, vLocal).r;
    }
}
