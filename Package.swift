// swift-tools-version:6.0
// ServiceLayer: a completion-handler service layer modeled on Apple's Restaurant sample.
// No dependency beyond the Swift toolchain.

import PackageDescription

let package = Package(
    name: "ServiceLayer",
    platforms: [
        // The floor: per-task URLSession delegates (`URLSessionTask.delegate`, which keeps credentials
        // off cross-origin redirects) and `Date.ISO8601FormatStyle` are new in iOS 15 / macOS 12 /
        // tvOS 15 / watchOS 8. `.ci/floor.py` fails on unguarded uses of anything newer.
        .macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1),
    ],
    products: [
        .library(name: "ServiceLayer", targets: ["ServiceLayer"]),
        .library(name: "ServiceLayerCore", targets: ["ServiceLayerCore"]),
        .library(name: "FixtureServer", targets: ["FixtureServer"]),
        .library(name: "ServiceLayerTesting", targets: ["ServiceLayerTesting"]),
        .executable(name: "fixture-server", targets: ["fixture-server"]),
        .executable(name: "service-demo", targets: ["service-demo"]),
        .executable(name: "service-bench", targets: ["service-bench"]),
    ],
    targets: [
        // The client's generic core: endpoints, the request path, seams, safety, errors, caching, transfers,
        // one folder per stage (`.ci/layers.sh` checks that no folder uses a later one).
        .target(
            name: "ServiceLayerCore",
            path: "Sources/ServiceLayerCore",
            // Apple's privacy manifest: the required-reason APIs the library uses (`.ci/privacy.py` checks it).
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // The three sample controllers, one folder each, on the core's public API only; re-exports the core.
        .target(
            name: "ServiceLayer",
            dependencies: ["ServiceLayerCore"],
            path: "Sources/ServiceLayer",
            // Its own privacy manifest: the token file's `stat` (`.ci/privacy.py` checks both modules').
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // For tests without a network, ours and our users': a stub URLProtocol with routes, a session
        // for it, and an exactly-once waiter. No test framework import, so XCTest and swift-testing both use it.
        .target(
            name: "ServiceLayerTesting",
            dependencies: ["ServiceLayer"],
            path: "Sources/ServiceLayerTesting"
        ),
        // The other side of the wire: a real HTTP/1.1 server emulating the three backends.
        // Shares no code with the client.
        .target(
            name: "FixtureServer",
            path: "server-fixtures",
            exclude: ["README.md", "tools", "fixture-server", "Examples"],
            sources: ["Sources"],
            resources: [.copy("Data")]
        ),
        // The server's executable lives with the server: `swift run fixture-server [--api FOLDER]`.
        .executableTarget(
            name: "fixture-server",
            dependencies: ["FixtureServer"],
            path: "server-fixtures/fixture-server"
        ),
        // The demo's walk and argument parsing live in a library so the tests can run them.
        .target(
            name: "DemoKit",
            dependencies: ["ServiceLayer", "FixtureServer"],
            path: "Sources/DemoKit"
        ),
        .executableTarget(
            name: "service-demo",
            dependencies: ["DemoKit"],
            path: "Sources/service-demo"
        ),
        // Loopback sockets for the tests' and the bench's small servers (listen on 127.0.0.1 port 0,
        // accept, read a request head, write raw bytes, a closed port). Internal: no product.
        .target(
            name: "Loopback",
            path: "Sources/Loopback"
        ),
        .executableTarget(
            name: "service-bench",
            dependencies: ["ServiceLayer", "FixtureServer", "Loopback"],
            path: "Sources/service-bench"
        ),
        // A learner's command-line program that blocks its main thread; MainQueueWatchdogTests runs it.
        .executableTarget(
            name: "main-queue-trap",
            dependencies: ["ServiceLayer"],
            path: "Tests/MainQueueTrap"
        ),
        // Prints the message language its environment chooses; MessageLanguageTests runs it per environment.
        .executableTarget(
            name: "message-language-probe",
            dependencies: ["ServiceLayer"],
            path: "Tests/MessageLanguageProbe"
        ),
        // Prints the events APIClient.events reads from streams; .ci/eventsource-browser.sh compares them
        // with what headless Chromium's EventSource reads from the same streams.
        .executableTarget(
            name: "event-transcript",
            dependencies: ["ServiceLayer"],
            path: "Tests/EventTranscript"
        ),
        // The language-choice table both sides' tests read (`Tests/LanguageChoice/language-choice.json`) and its
        // one loader. Internal: no product.
        .target(
            name: "LanguageChoiceTable",
            path: "Tests/LanguageChoice",
            exclude: ["README.md", "language-choice.json"]
        ),
        .testTarget(
            name: "ServiceLayerTests",
            dependencies: [
                "ServiceLayer", "ServiceLayerCore", "ServiceLayerTesting", "FixtureServer", "Loopback",
                "LanguageChoiceTable",
            ],
            path: "Tests/ServiceLayerTests",
            exclude: ["TestSupport/README.md"]
        ),
        .testTarget(
            name: "FixtureServerTests",
            dependencies: ["FixtureServer", "ServiceLayerTesting", "Loopback", "LanguageChoiceTable"],
            path: "Tests/FixtureServerTests"
        ),
        .testTarget(
            name: "DemoKitTests",
            dependencies: ["DemoKit", "ServiceLayer", "ServiceLayerCore"],
            path: "Tests/DemoKitTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
