// swift-tools-version: 6.0
// Glasspane: an SDL2 window where a 3D engine renders a scene and a retained-mode UI overlay is drawn on top.
// Module rules (DESIGN.md): the overlay, the bus, the engine simulation and the scripts never import SDL or GL;
// only GlasspaneRender and GlasspanePlatform touch C.
import PackageDescription

let package = Package(
    name: "Glasspane",
    products: [
        .executable(name: "glasspane", targets: ["glasspane"]),
        .library(name: "GlasspaneCore", targets: ["GlasspaneCore"]),
        .library(name: "GlasspaneBus", targets: ["GlasspaneBus"]),
        .library(name: "GlasspaneOverlay", targets: ["GlasspaneOverlay"]),
        .library(name: "GlasspaneEngine", targets: ["GlasspaneEngine"]),
        .library(name: "GlasspaneRender", targets: ["GlasspaneRender"]),
        .library(name: "GlasspanePlatform", targets: ["GlasspanePlatform"]),
        .library(name: "GlasspaneScripts", targets: ["GlasspaneScripts"]),
        .library(name: "GlasspaneBench", targets: ["GlasspaneBench"]),
        .library(name: "GlasspaneHost", targets: ["GlasspaneHost"]),
        .library(name: "GlasspaneDemo", targets: ["GlasspaneDemo"]),
        .library(name: "GlasspaneTesting", targets: ["GlasspaneTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
    ],
    targets: [
        // C libraries: SDL2 (+ SDL2_ttf, SDL2_image) and OpenGL 3.3 core through glvnd.
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
        .systemLibrary(name: "CGL", providers: [.apt(["libgl-dev", "libopengl-dev"])]),

        // Shaders/ is embedded into GlasspaneRender at build time by this plugin.
        .executableTarget(name: "ShaderEmbedder", path: "Sources/ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),

        // Pure Swift: no SDL, no GL.
        .target(name: "GlasspaneCore"),
        .target(name: "GlasspaneBus", dependencies: ["GlasspaneCore", .product(name: "Logging", package: "swift-log")]),
        .target(name: "GlasspaneOverlay", dependencies: ["GlasspaneCore"]),
        .target(name: "GlasspaneEngine", dependencies: ["GlasspaneCore", "GlasspaneBus"]),
        .target(name: "GlasspaneScripts", dependencies: ["GlasspaneCore"]),
        .target(name: "GlasspaneBench", dependencies: ["GlasspaneCore", .product(name: "Histogram", package: "hdrhistogram-swift")]),
        .target(
            name: "GlasspaneHost",
            dependencies: [
                "GlasspaneCore", "GlasspaneOverlay", "GlasspaneBus", "GlasspaneEngine",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "GlasspaneDemo", dependencies: ["GlasspaneHost", "GlasspaneEngine", "GlasspaneOverlay", "GlasspaneBus"]),
        // Entry points for libFuzzer (Fuzz/, `make fuzz`) and the corpus replay test.
        .target(name: "GlasspaneFuzzTargets",
                dependencies: ["GlasspaneCore", "GlasspaneBus", "GlasspaneScripts", .product(name: "Logging", package: "swift-log")]),
        .target(name: "GlasspaneTesting", dependencies: ["GlasspaneCore", "GlasspaneEngine", "GlasspaneOverlay", "GlasspaneHost"]),

        // The only modules that touch C.
        .target(
            name: "GlasspaneRender",
            dependencies: ["CGL", "CSDL2", "GlasspaneCore", "GlasspaneEngine", "GlasspaneOverlay"],
            plugins: ["EmbedShaders"]),
        .target(name: "GlasspanePlatform", dependencies: ["CSDL2", "GlasspaneCore"]),

        // The command line: commands live in a library so tests can parse them; the executable is one line.
        .target(
            name: "GlasspaneCLI",
            dependencies: [
                "GlasspaneDemo", "GlasspaneRender", "GlasspanePlatform", "GlasspaneScripts", "GlasspaneHost", "GlasspaneBench",
                "GlasspaneOverlay", "GlasspaneBus", "GlasspaneEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]),
        .executableTarget(name: "glasspane", dependencies: ["GlasspaneCLI"]),
        .executableTarget(
            name: "MinimalHost",
            dependencies: ["GlasspaneHost", "GlasspaneRender", "GlasspanePlatform", "GlasspaneEngine"],
            path: "Examples/MinimalHost"),

        .testTarget(name: "GlasspaneCoreTests", dependencies: ["GlasspaneCore"]),
        .testTarget(name: "GlasspaneEngineTests", dependencies: ["GlasspaneEngine", "GlasspaneCore"]),
        .testTarget(name: "GlasspaneOverlayTests", dependencies: ["GlasspaneOverlay", "GlasspaneCore"], exclude: ["Golden"]),
        .testTarget(name: "GlasspaneBusTests", dependencies: ["GlasspaneBus", "GlasspaneCore"]),
        .testTarget(name: "GlasspaneHostTests", dependencies: ["GlasspaneHost", "GlasspaneTesting", "GlasspaneDemo"]),
        .testTarget(
            name: "GlasspaneRenderTests",
            dependencies: ["GlasspaneRender", "GlasspanePlatform", "GlasspaneHost", "GlasspaneDemo", "GlasspaneEngine"]),
        .testTarget(name: "GlasspaneScriptsTests", dependencies: ["GlasspaneScripts", "GlasspaneCore"]),
        .testTarget(name: "GlasspaneBenchTests", dependencies: ["GlasspaneBench", "GlasspaneCore"]),
        .testTarget(name: "GlasspaneCLITests", dependencies: ["GlasspaneCLI"]),
        .testTarget(name: "GlasspaneFuzzTargetsTests", dependencies: ["GlasspaneFuzzTargets"]),
    ],
    swiftLanguageModes: [.v6]
)
