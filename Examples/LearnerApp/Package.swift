// swift-tools-version:6.2
// Learner-style code built in the six ways an app target can build it, with warnings as errors,
// and run against the fixture server. `bash .ci/learner.sh` (part of `.ci/run`) builds and runs it.
//
// Every mode target compiles the same files, `Screens/*.swift` and `YourOwnAPI/*.swift`, through
// symbolic links.

import PackageDescription

/// Every warning is an error: the learner's code must compile cleanly, not just compile.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// Tells the walk which targets have main-actor default isolation (it checks where models decode).
let mainActorDefault: SwiftSetting = .define("MAIN_ACTOR_DEFAULT")

/// Xcode 26's "Approachable Concurrency" build setting, in Swift 6 mode.
let approachable: [SwiftSetting] = [
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

/// The same setting in Swift 5 mode, where it also turns on what Swift 6 mode has already.
let approachableInSwift5: [SwiftSetting] =
    approachable + [
        .enableUpcomingFeature("InferSendableFromCaptures"),
        .enableUpcomingFeature("GlobalActorIsolatedTypesUsability"),
        .enableUpcomingFeature("DisableOutwardActorInference"),
    ]

/// What a learner's app target links: the library, and the stubs its SwiftUI previews answer from
/// (`Screens/CategoryCount.swift`).
let learnerLibraries: [Target.Dependency] = [
    .product(name: "ServiceLayer", package: "ServiceLayer"),
    .product(name: "ServiceLayerTesting", package: "ServiceLayer"),
]

let package = Package(
    name: "LearnerApp",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    dependencies: [.package(name: "ServiceLayer", path: "../..")],
    targets: [
        // Xcode's current app template: Swift 6, main-actor default isolation.
        .target(
            name: "LearnerSwift6MainActorDefault",
            dependencies: learnerLibraries,
            swiftSettings: strict + [.defaultIsolation(MainActor.self), mainActorDefault]
        ),
        // Swift 6 with no default isolation: the screens say `@MainActor` themselves.
        .target(
            name: "LearnerSwift6ExplicitMainActor",
            dependencies: learnerLibraries,
            swiftSettings: strict + [.define("EXPLICIT_MAIN_ACTOR")]
        ),
        // An older project: Swift 5 mode, nothing annotated.
        .target(
            name: "LearnerSwift5",
            dependencies: learnerLibraries,
            swiftSettings: strict + [.swiftLanguageMode(.v5)]
        ),
        // An older project opened in today's Xcode: Swift 5 mode, main-actor default isolation.
        .target(
            name: "LearnerSwift5MainActorDefault",
            dependencies: learnerLibraries,
            swiftSettings: strict + [.swiftLanguageMode(.v5), .defaultIsolation(MainActor.self), mainActorDefault]
        ),
        // Xcode 26's new app template: Swift 6, main-actor default isolation, Approachable Concurrency.
        .target(
            name: "LearnerSwift6Approachable",
            dependencies: learnerLibraries,
            swiftSettings: strict + [.defaultIsolation(MainActor.self), mainActorDefault] + approachable
        ),
        // A Swift 5 project with Xcode 26's Approachable Concurrency and main-actor default isolation.
        .target(
            name: "LearnerSwift5Approachable",
            dependencies: learnerLibraries,
            swiftSettings: strict + [.swiftLanguageMode(.v5), .defaultIsolation(MainActor.self), mainActorDefault]
                + approachableInSwift5
        ),
        .executableTarget(
            name: "learner-check",
            dependencies: [
                "LearnerSwift6MainActorDefault", "LearnerSwift6ExplicitMainActor", "LearnerSwift5",
                "LearnerSwift5MainActorDefault", "LearnerSwift6Approachable", "LearnerSwift5Approachable",
                .product(name: "FixtureServer", package: "ServiceLayer"),
            ],
            swiftSettings: strict
        ),
        // The README's command-line examples, each as the reader would paste it (compiled, not run).
        .executableTarget(
            name: "readme-example",
            dependencies: [.product(name: "ServiceLayer", package: "ServiceLayer")],
            swiftSettings: strict
        ),
        // The "Your own API" article's command-line program: the movies controller and a `main.swift`
        // (`.ci/learner.sh` runs it against `fixture-server --api server-fixtures/Examples/movies`).
        .executableTarget(
            name: "movies-example",
            dependencies: [.product(name: "ServiceLayer", package: "ServiceLayer")],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "readme-async-example",
            dependencies: [.product(name: "ServiceLayer", package: "ServiceLayer")],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "readme-order-app",
            dependencies: [.product(name: "ServiceLayer", package: "ServiceLayer")],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
