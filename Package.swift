// swift-tools-version: 6.0
// Glasspane: an SDL2 window where a 3D engine renders a scene and a retained-mode UI overlay is drawn on top.
// Module rules (docs/design.md): the overlay, the bus, the engine simulation and the scripts never import SDL or GL;
// only GlasspaneRender and GlasspanePlatform touch C. Dependencies below match the imports exactly.
import PackageDescription

let package = Package(
    name: "Glasspane",
    products: [
        .executable(name: "glasspane", targets: ["glasspane"]),
        .library(name: "GlasspaneCore", targets: ["GlasspaneCore"]),
        .library(name: "GlasspaneBus", targets: ["GlasspaneBus"]),
        .library(name: "GlasspaneDraw", targets: ["GlasspaneDraw"]),
        .library(name: "GlasspaneText", targets: ["GlasspaneText"]),
        .library(name: "GlasspaneOverlay", targets: ["GlasspaneOverlay"]),
        .library(name: "GlasspaneAnimation", targets: ["GlasspaneAnimation"]),
        .library(name: "GlasspaneScene", targets: ["GlasspaneScene"]),
        .library(name: "GlasspaneRender", targets: ["GlasspaneRender"]),
        .library(name: "GlasspanePlatform", targets: ["GlasspanePlatform"]),
        .library(name: "GlasspaneScripts", targets: ["GlasspaneScripts"]),
        .library(name: "GlasspaneBench", targets: ["GlasspaneBench"]),
        .library(name: "GlasspaneHost", targets: ["GlasspaneHost"]),
        .library(name: "GlasspaneRuntime", targets: ["GlasspaneRuntime"]),
        .library(name: "GlasspaneInspector", targets: ["GlasspaneInspector"]),
        .library(name: "GlasspaneDemo", targets: ["GlasspaneDemo"]),
        .library(name: "GlasspaneTesting", targets: ["GlasspaneTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        // The inspector's HTTP + WebSocket server (docs/inspector.md says why this one).
    ],
    targets: [
        // C libraries: SDL2 (+ SDL2_ttf, SDL2_image) and OpenGL 3.3 core through glvnd.
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
        .systemLibrary(name: "CGL", providers: [.apt(["libgl-dev", "libopengl-dev"])]),
        // Xlib's error handler, replaced so a window destroyed from outside ends the session instead of exit(1).
        .target(name: "CX11Errors", linkerSettings: [.linkedLibrary("X11")]),
        // HarfBuzz, FriBidi and FreeType for GlasspaneText (pkg-config freetype2 gives ft2build.h's path).
        .systemLibrary(
            name: "CText", pkgConfig: "freetype2",
            providers: [.apt(["libharfbuzz-dev", "libfribidi-dev", "libfreetype-dev"])]),

        // Shaders/ is embedded into GlasspaneRender at build time by this plugin.
        .executableTarget(name: "ShaderEmbedder", path: "Sources/ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),
        // The git commit is stamped into GlasspaneRuntime at build time (`BuildInfo.commit`).
        .plugin(name: "StampBuild", capability: .buildTool()),

        // Pure Swift: no SDL, no GL.
        .target(name: "GlasspaneCore"),
        .target(name: "GlasspaneBus", dependencies: ["GlasspaneCore", .product(name: "Logging", package: "swift-log")]),
        .target(name: "GlasspaneAnimation", dependencies: ["GlasspaneCore"]),
        // The draw list and its GL-free tessellator: below the overlay, the only overlay-side module a backend needs.
        .target(name: "GlasspaneDraw", dependencies: ["GlasspaneCore"]),
        .target(name: "GlasspaneOverlay", dependencies: ["GlasspaneCore", "GlasspaneDraw", "GlasspaneAnimation"]),
        // Shaped, bidirectional, wrapped text with font fallback (docs/text.md): C text libraries, never SDL or GL.
        .target(name: "GlasspaneText", dependencies: ["CText", "GlasspaneCore", "GlasspaneDraw"]),
        .target(name: "GlasspaneScene", dependencies: ["GlasspaneCore"]),
        .target(name: "GlasspaneScripts", dependencies: ["GlasspaneCore"]),
        .target(name: "GlasspaneBench", dependencies: ["GlasspaneCore", .product(name: "Histogram", package: "hdrhistogram-swift")]),
        .target(name: "GlasspaneHost", dependencies: ["GlasspaneCore", "GlasspaneOverlay", "GlasspaneBus"]),
        // The inspector: a web page and the bus on loopback (`--inspect`); never SDL or GL (the runtime hands it PNGs).
        .target(
            name: "GlasspaneInspector",
            dependencies: ["GlasspaneCore", "GlasspaneBus", "GlasspaneOverlay", "GlasspaneHost"]),
        // The demo app: the cube engine and its message catalog (Demo/Engine), the picker panel, the wiring.
        .target(name: "GlasspaneDemo", dependencies: ["GlasspaneCore", "GlasspaneBus", "GlasspaneOverlay", "GlasspaneScene", "GlasspaneHost", "GlasspaneAnimation"]),
        .target(name: "GlasspaneTesting", dependencies: ["GlasspaneCore", "GlasspaneScene"]),
        // Entry points for libFuzzer (Fuzz/, `make fuzz`) and the corpus replay test.
        .target(name: "GlasspaneFuzzTargets",
                dependencies: ["GlasspaneCore", "GlasspaneBus", "GlasspaneScripts", "GlasspaneDraw", "GlasspaneText",
                               .product(name: "Logging", package: "swift-log")]),

        // The only modules that touch C.
        .target(
            name: "GlasspaneRender",
            dependencies: ["CGL", "CSDL2", "CText", "GlasspaneCore", "GlasspaneScene", "GlasspaneDraw", "GlasspaneText"],
            plugins: ["EmbedShaders"]),
        .target(name: "GlasspanePlatform", dependencies: ["CSDL2", "CX11Errors", "GlasspaneCore"]),

        // The composition root: a session description in, a running session out (demo, record, replay, bench).
        .target(
            name: "GlasspaneRuntime",
            dependencies: [
                "GlasspaneCore", "GlasspaneBus", "GlasspaneDraw", "GlasspaneOverlay", "GlasspaneHost", "GlasspaneScripts", "GlasspaneBench",
                "GlasspaneRender", "GlasspanePlatform", "GlasspaneScene", "GlasspaneInspector", "GlasspaneAnimation",
            ],
            plugins: ["StampBuild"]),

        // The command line maps flags onto session descriptions; the executable is one line.
        .target(
            name: "GlasspaneCLI",
            dependencies: [
                "GlasspaneCore", "GlasspaneDraw", "GlasspaneRuntime", "GlasspaneDemo", "GlasspaneBench", "GlasspaneInspector",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "glasspane", dependencies: ["GlasspaneCLI"]),
        .executableTarget(
            name: "MinimalHost",
            dependencies: ["GlasspaneCore", "GlasspaneScene", "GlasspaneHost", "GlasspaneRender", "GlasspanePlatform", "GlasspaneRuntime"],
            path: "Examples/MinimalHost"),
        // One thing each, on the runtime's front door (`Session.open`); `swift run NAME --headless N` (README.md).
        .executableTarget(name: "Toasts", dependencies: ["GlasspaneCore", "GlasspaneOverlay", "GlasspaneHost", "GlasspaneBus", "GlasspaneScene", "GlasspaneRuntime"], path: "Examples/Toasts"),
        .executableTarget(name: "Settings", dependencies: ["GlasspaneCore", "GlasspaneOverlay", "GlasspaneHost", "GlasspaneBus", "GlasspaneScene", "GlasspaneRuntime"], path: "Examples/Settings"),
        .executableTarget(name: "Coordinator", dependencies: ["GlasspaneCore", "GlasspaneOverlay", "GlasspaneHost", "GlasspaneBus", "GlasspaneScene", "GlasspaneRuntime"], path: "Examples/Coordinator"),
        .executableTarget(name: "WrappedView", dependencies: ["GlasspaneCore", "GlasspaneOverlay", "GlasspaneHost", "GlasspaneBus", "GlasspaneScene", "GlasspaneRuntime"], path: "Examples/WrappedView"),
        // Figures for shaped text (docs/text.md): paragraph layout cold and cached, the atlas after 5,000 CJK glyphs.
        .executableTarget(name: "TextBench", dependencies: ["GlasspaneCore", "GlasspaneDraw", "GlasspaneOverlay", "GlasspanePlatform", "GlasspaneRender", "GlasspaneText"], path: "Examples/TextBench"),
        .executableTarget(name: "CustomMessages", dependencies: ["GlasspaneCore", "GlasspaneOverlay", "GlasspaneHost", "GlasspaneBus", "GlasspaneScene", "GlasspaneRuntime"], path: "Examples/CustomMessages"),
        .executableTarget(name: "LevelSelect", dependencies: ["GlasspaneCore", "GlasspaneOverlay", "GlasspaneHost", "GlasspaneBus", "GlasspaneScene", "GlasspaneRuntime"], path: "Examples/LevelSelect"),
        .executableTarget(name: "Inventory", dependencies: ["GlasspaneCore", "GlasspaneOverlay", "GlasspaneHost", "GlasspaneBus", "GlasspaneScene", "GlasspaneRuntime"], path: "Examples/Inventory"),

        // The tessellator without GL: golden files of real overlays' vertices and batches, partial updates.
        .testTarget(
            name: "GlasspaneDrawTests",
            dependencies: ["GlasspaneDraw", "GlasspaneCore", "GlasspaneDemo", "GlasspaneHost", "GlasspaneOverlay", "GlasspaneTesting",
                           "GoldenFiles"],
            exclude: ["Golden"]),
        .testTarget(name: "GlasspaneTextTests", dependencies: ["GlasspaneText", "GlasspaneCore", "GlasspaneDraw", "GlasspaneOverlay"], exclude: ["Fixtures"]),
        .testTarget(name: "GlasspaneCoreTests", dependencies: ["GlasspaneCore", "GlasspaneTesting"]),
        .testTarget(name: "GlasspaneAnimationTests", dependencies: ["GlasspaneAnimation", "GlasspaneCore", "GlasspaneTesting"]),
        .testTarget(
            name: "GlasspaneDemoTests",
            dependencies: ["GlasspaneDemo", "GlasspaneCore", "GlasspaneBus", "GlasspaneHost", "GlasspaneOverlay", "GlasspaneScene", "GlasspaneAnimation",
                           "GlasspaneTesting", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "GlasspaneOverlayTests", dependencies: ["GlasspaneOverlay", "GlasspaneCore", "GlasspaneAnimation", "GlasspaneTesting", "GoldenFiles"], exclude: ["Golden"]),
        .testTarget(name: "GlasspaneBusTests", dependencies: ["GlasspaneBus", "GlasspaneCore", "GlasspaneTesting", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "GlasspaneHostTests",
            dependencies: ["GlasspaneHost", "GlasspaneCore", "GlasspaneBus", "GlasspaneOverlay", "GlasspaneScene", "GlasspaneTesting", "GlasspaneDemo"]),
        .testTarget(
            name: "GlasspaneRenderTests",
            dependencies: ["GlasspaneRender", "GlasspanePlatform", "GlasspaneHost", "GlasspaneDemo", "GlasspaneScene", "GlasspaneOverlay",
                           "GlasspaneDraw", "GlasspaneCore", "CGL", "GlasspaneAnimation"], exclude: ["Golden"]),
        .testTarget(
            name: "GlasspaneRuntimeTests",
            dependencies: ["GlasspaneRuntime", "GlasspaneDemo", "GlasspaneCore", "GlasspaneDraw", "GlasspaneHost", "GlasspaneRender", "CSDL2",
                           "GlasspaneAnimation", "GlasspaneOverlay", "GlasspaneScripts", "SDLTestEvents", "GlasspanePlatform"]),
        .testTarget(name: "GlasspaneScriptsTests", dependencies: ["GlasspaneScripts", "GlasspaneCore", "GlasspaneTesting"]),
        .testTarget(name: "GlasspaneBenchTests", dependencies: ["GlasspaneBench", "GlasspaneCore", "GlasspaneTesting"]),
        .testTarget(name: "GlasspaneCLITests", dependencies: ["GlasspaneCLI", "GlasspaneBench", "GlasspaneCore", "GlasspaneDraw", "GlasspaneRender", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "GlasspanePlatformTests", dependencies: ["GlasspanePlatform", "CSDL2", "GlasspaneCore", "GlasspaneOverlay", "SDLTestEvents"]),
        // SDL events built as a driver queues them, shared by the platform and runtime tests (never in the product).
        .target(name: "SDLTestEvents", dependencies: ["CSDL2"], path: "Tests/SDLTestEvents"),
        // Golden files (text compared with Golden/NAME beside the test), shared by the overlay and draw tests.
        .target(name: "GoldenFiles", path: "Tests/GoldenFiles"),
        .testTarget(name: "GlasspaneFuzzTargetsTests", dependencies: ["GlasspaneFuzzTargets", "GlasspaneDraw"]),
        .testTarget(
            name: "GlasspaneInspectorTests",
            dependencies: ["GlasspaneInspector", "GlasspaneRuntime", "GlasspaneDemo", "GlasspaneCore", "GlasspaneHost", "GlasspaneOverlay"]),
    ],
    swiftLanguageModes: [.v6]
)
