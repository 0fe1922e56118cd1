// swift-tools-version: 6.0
// The Restaurant app: Apple's Restaurant guided project in SwiftUI, on ServiceLayer. An App Playground:
// open this folder in Xcode 16 or later, or in Swift Playgrounds 4.5 or later, and press Run (README.md).
// Xcode 26 reads Package@swift-6.2.swift instead: the same app with main-actor default isolation, as its
// app template writes. AppleProductTypes exists only in Xcode and Swift Playgrounds: nothing builds this
// package on Linux; `.ci/ios.sh` type-checks its sources against the iOS SDK.

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
            path: "Sources"
        )
    ],
    swiftLanguageModes: [.v6]
)
