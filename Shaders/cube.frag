#version 330 core
// A key light with a Blinn-Phong specular term, a fill light from the front-left and a hemispheric ambient term:
// the three faces in view get clearly different shades, and the highlight lifts even a dark color above the
// background.
in vec3 vNormal;
in vec3 vWorldPosition;

uniform vec3 uColor;
uniform vec3 uLightDirection;
uniform vec3 uEye;

out vec4 fragColor;

void main() {
    vec3 n = normalize(vNormal);
    vec3 l = normalize(uLightDirection);
    vec3 v = normalize(uEye - vWorldPosition);
    float key = max(dot(n, l), 0.0);
    float fill = max(dot(n, normalize(vec3(-0.8, 0.1, 0.6))), 0.0);
    float ambient = 0.12 + 0.06 * n.y;
    vec3 h = normalize(l + v);
    float specular = key > 0.0 ? pow(max(dot(n, h), 0.0), 24.0) * 0.35 : 0.0;
    // The diffuse terms peak below 1, so a saturated color does not clip to the same shade on two faces.
    vec3 lit = uColor * (ambient + 0.72 * key + 0.22 * fill) + vec3(specular);
    fragColor = vec4(min(lit, vec3(1.0)), 1.0);
}
