// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MenuTour",
    platforms: [.macOS(.v12)],
    dependencies: [
        // `path:` is the folder you cloned ServiceLayer into, next to this package (rename it if yours
        // differs); `name:` lets `package: "ServiceLayer"` below work whatever that folder is called.
        .package(name: "ServiceLayer", path: "../ServiceLayer")
    ],
    targets: [
        .executableTarget(
            name: "MenuTour",
            dependencies: [.product(name: "ServiceLayer", package: "ServiceLayer")]
        )
    ]
)
