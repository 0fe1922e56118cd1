import Foundation

// service-bench: measures ServiceLayer against a bare URLSession + JSONDecoder, side by side, on an
// embedded fixture server. See BENCHMARKS.md for what each figure means.
//
// The controllers call back on the main actor, so the measurements run on a thread of their own while
// the main queue runs, as in an app.
let arguments = Array(CommandLine.arguments.dropFirst())
Thread.detachNewThread {
    // `service-bench transfers`: uploads, downloads and their memory (TransferBench.swift).
    if arguments.first == "transfers" { exit(TransferBench.main(arguments: Array(arguments.dropFirst()))) }
    exit(BenchProgram.main(arguments: arguments))
}
dispatchMain()
