// swift-tools-version: 6.1
// Glasspane micro-benchmarks (ordo-one/benchmark). A separate package so that `make test` of the main package
// stays fast. Run from this folder: swift package --disable-sandbox benchmark
import PackageDescription

let package = Package(
    name: "GlasspaneBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Glasspane", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Sources/BenchmarkSupport"
        ),
        .executableTarget(
            name: "BusBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "GlasspaneCore", package: "Glasspane"),
                .product(name: "GlasspaneBus", package: "Glasspane"),
                .product(name: "GlasspaneDemo", package: "Glasspane"),
            ],
            path: "Benchmarks/BusBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AnimationBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "GlasspaneCore", package: "Glasspane"),
                .product(name: "GlasspaneAnimation", package: "Glasspane"),
                .product(name: "GlasspaneOverlay", package: "Glasspane"),
            ],
            path: "Benchmarks/AnimationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "OverlayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "GlasspaneCore", package: "Glasspane"),
                .product(name: "GlasspaneBus", package: "Glasspane"),
                .product(name: "GlasspaneOverlay", package: "Glasspane"),
                .product(name: "GlasspaneHost", package: "Glasspane"),
                .product(name: "GlasspaneDemo", package: "Glasspane"),
                .product(name: "GlasspaneScene", package: "Glasspane"),
                .product(name: "GlasspaneTesting", package: "Glasspane"),
            ],
            path: "Benchmarks/OverlayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
