#version 330 core
// Lambert lighting with a hemispheric ambient term, so faces turned away from the light stay readable.
in vec3 vNormal;

uniform vec3 uColor;
uniform vec3 uLightDirection;

out vec4 fragColor;

void main() {
    vec3 n = normalize(vNormal);
    float diffuse = max(dot(n, normalize(uLightDirection)), 0.0);
    float ambient = 0.28 + 0.12 * n.y;
    vec3 lit = uColor * (ambient + 0.75 * diffuse);
    fragColor = vec4(min(lit, vec3(1.0)), 1.0);
}
