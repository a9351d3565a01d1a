#version 330 core
// The engine's lit mesh: positions and flat per-face normals, one model/view/projection.
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;

uniform mat4 uModel;
uniform mat4 uViewProjection;

out vec3 vNormal;
out vec3 vWorldPosition;

void main() {
    vNormal = mat3(uModel) * aNormal;
    vec4 world = uModel * vec4(aPosition, 1.0);
    vWorldPosition = world.xyz;
    gl_Position = uViewProjection * world;
}
