#version 330 core
// The cache holds premultiplied color: blend with ONE, ONE_MINUS_SRC_ALPHA. Kept minimal, since it runs for
// every overlay pixel every frame.
noperspective in vec2 vUV;

uniform sampler2D uTexture;

out vec4 fragColor;

void main() {
    fragColor = texture(uTexture, vUV);
}
