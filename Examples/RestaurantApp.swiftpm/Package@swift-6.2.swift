// swift-tools-version: 6.2
// The manifest Xcode 26 and later read (SwiftPM picks the newest Package@swift-X.swift its Swift
// supports): Package.swift's app with main-actor default isolation, as Xcode 26's app template writes.
// The sources compile both ways; `.ci/ios.sh` type-checks them both ways against the iOS SDK.

import AppleProductTypes
import PackageDescription

let package = Package(
    name: "RestaurantApp",
    platforms: [.iOS("15.0")],
    products: [
        .iOSApplication(
            name: "Restaurant",
            targets: ["AppModule"],
            bundleIdentifier: "com.example.servicelayer.restaurant",
            displayVersion: "1.0",
            bundleVersion: "1",
            accentColor: .presetColor(.orange),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [
                .portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown(.when(deviceFamilies: [.pad])),
            ],
            capabilities: [
                // On a device, the Mac's fixture server is on the local network: iOS asks once (TN3179).
                .localNetwork(purposeString: "The Restaurant app loads the menu from the fixture server on your Mac."),
                // NSAllowsLocalNetworking: plain http:// to IP addresses, .local names and unqualified names
                // only, never to the internet (README.md, "Plain HTTP").
                .appTransportSecurity(configuration: .init(allowsLocalNetworking: true)),
            ]
        )
    ],
    // Xcode opens the package beside it; Swift Playgrounds on an iPad needs a git URL and a version instead
    // (README.md, "On an iPad").
    dependencies: [.package(name: "ServiceLayer", path: "../..")],
    targets: [
        .executableTarget(
            name: "AppModule",
            dependencies: [
                .product(name: "ServiceLayer", package: "ServiceLayer"),
                .product(name: "FixtureServer", package: "ServiceLayer"),
            ],
            path: "Sources",
            swiftSettings: [.defaultIsolation(MainActor.self)]
        )
    ],
    swiftLanguageModes: [.v6]
)
