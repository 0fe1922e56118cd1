// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MenuTour",
    platforms: [.macOS(.v12)],
    dependencies: [
        // The folder you cloned ServiceLayer into, next to this package.
        .package(path: "../ServiceLayer")
    ],
    targets: [
        .executableTarget(
            name: "MenuTour",
            dependencies: [.product(name: "ServiceLayer", package: "ServiceLayer")]
        )
    ]
)
