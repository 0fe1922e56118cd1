// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MenuTour",
    platforms: [.macOS(.v12)],
    dependencies: [
        .package(name: "ServiceLayer", path: "../ServiceLayer")
    ],
    targets: [
        .executableTarget(
            name: "MenuTour",
            dependencies: [.product(name: "ServiceLayer", package: "ServiceLayer")]
        ),
        // The tests: the library, its testing kit (URLStub) and the fixture server, in the tests only.
        .testTarget(
            name: "MenuTourTests",
            dependencies: [
                .product(name: "ServiceLayer", package: "ServiceLayer"),
                .product(name: "ServiceLayerTesting", package: "ServiceLayer"),
                .product(name: "FixtureServer", package: "ServiceLayer"),
            ]
        ),
    ]
)
