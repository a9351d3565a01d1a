#version 330 core
// A key light, a weaker fill light from the front-left and a hemispheric ambient term, so every face of the cube
// stays readable against the dark background, whatever its color.
in vec3 vNormal;

uniform vec3 uColor;
uniform vec3 uLightDirection;

out vec4 fragColor;

void main() {
    vec3 n = normalize(vNormal);
    float key = max(dot(n, normalize(uLightDirection)), 0.0);
    float fill = max(dot(n, normalize(vec3(-0.7, 0.15, 0.7))), 0.0);
    float ambient = 0.30 + 0.10 * n.y;
    vec3 lit = uColor * (ambient + 0.62 * key + 0.28 * fill);
    fragColor = vec4(min(lit, vec3(1.0)), 1.0);
}
