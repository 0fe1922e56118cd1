import Foundation

/// A random number generator whose whole state is one seed, so a randomized test can be replayed.
///
/// It is SplitMix64 (Steele, Lea and Flood): tiny and fast, not for cryptography. Use it with the
/// standard library's `Int.random(in:using:)` family, and print ``seed`` so a failing run can be repeated:
///
/// ```swift
/// var random = SeededGenerator(seedFromEnvironment: "SOAK_SEED")
/// print("SOAK_SEED=\(random.seed)")
/// let pick = Int.random(in: 0..<10, using: &random)
/// ```
///
/// `package`, not public: only this package's tests use it, and two test targets do
/// (`ServiceLayerTests` and `FixtureServerTests`), which can share a file only through a library they
/// both depend on. It stays in this target so that it has one home, and out of the kit's public API
/// (and its documentation): users' tests have their own generators.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator started from.
    package let seed: UInt64
    private var state: UInt64

    /// A generator that starts from `seed`.
    package init(seed: UInt64) {
        self.seed = seed
        self.state = seed
    }

    /// A generator seeded from the environment variable `name` when it holds a number, or from a fresh
    /// random seed otherwise.
    package init(seedFromEnvironment name: String) {
        let given = ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }
        self.init(seed: given ?? .random(in: .min ... .max))
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
