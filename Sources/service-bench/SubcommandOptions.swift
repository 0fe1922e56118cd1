#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation

// MARK: - What a subcommand's command line asks for

/// The options of the subcommands that measure one kind of work (`transfers`, `streams`):
/// `--quick` (smaller sizes, nothing judged) and `--rounds N` (interleaved rounds per side).
struct SubcommandOptions {
    /// Whether `--quick` was given; `false` by default.
    var quick = false
    /// The `N` of `--rounds N`; `nil` (the subcommand's own number) by default.
    var rounds: Int?

    /// Reads `arguments`; `nil`, after printing the usage of `service-bench subcommand`, when one is
    /// neither option (or `--rounds` lacks a positive number).
    init?(_ arguments: [String], subcommand: String) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--quick" {
                quick = true
            } else if argument == "--rounds", let text = rest.popFirst(), let rounds = Int(text), rounds > 0 {
                self.rounds = rounds
            } else {
                FileHandle.standardError.write(
                    Data("usage: service-bench \(subcommand) [--quick] [--rounds N]\n".utf8))
                return nil
            }
        }
    }

    /// Runs a subcommand's measurements: 0 when every one ran, 1 when one broke (said on standard error).
    static func run(_ subcommand: String, _ measurements: () throws(BenchFailure) -> Void) -> Int32 {
        do throws(BenchFailure) {
            try measurements()
            return 0
        } catch {
            FileHandle.standardError.write(Data("service-bench \(subcommand): broken: \(error.description)\n".utf8))
            return 1
        }
    }
}
#endif
