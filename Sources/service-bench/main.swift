// service-bench measures on macOS and Linux only: it runs child processes (`Process`, which iOS,
// tvOS, watchOS and visionOS do not have: https://developer.apple.com/documentation/foundation/process),
// and Xcode builds it with the package's test targets for a simulator.
#if os(macOS) || os(Linux)
import Foundation

// service-bench: measures ServiceLayer against a bare URLSession + JSONDecoder, side by side, on an
// embedded fixture server. See BENCHMARKS.md for what each figure means.
//
// The controllers call back on the main actor, so the measurements run on a thread of their own while
// the main queue runs, as in an app. `dispatchMain()` ends the main thread and hands the main queue to
// Dispatch's worker threads; the main-thread measurement's child needs the main thread itself to run
// the main queue (its CPU clock is what it reads), so it runs the main run loop instead, as an app does.
// So does the in-flight child, so that it can run under valgrind (whose DHAT crashes in the signal
// wait of a main thread that `dispatchMain()` ended).
let arguments = Array(CommandLine.arguments.dropFirst())
#if canImport(Darwin)
// A loopback server writing to a client that went away must get EPIPE, not die of SIGPIPE: Darwin's
// `send` has no `MSG_NOSIGNAL` (each accepted socket also gets `SO_NOSIGPIPE`; Sources/Loopback/LoopbackSocket.swift).
// Ignoring the signal is what Apple's sigaction(2) documents for SIG_IGN
// (https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/sigaction.2.html).
signal(SIGPIPE, SIG_IGN)
#endif
Thread.detachNewThread {
    // `service-bench transfers`: uploads, downloads and their memory (TransferBench.swift).
    if arguments.first == "transfers" { exit(TransferBench.main(arguments: Array(arguments.dropFirst()))) }
    // `service-bench streams`: server-sent events, per event, flush to callback, memory (StreamBench.swift).
    if arguments.first == "streams" { exit(StreamBench.main(arguments: Array(arguments.dropFirst()))) }
    exit(BenchProgram.main(arguments: arguments))
}
if arguments.first == MainThreadBench.childFlag || arguments.first == InFlightBench.childFlag {
    RunLoop.main.run()  // does not return: the main run loop always has the main queue to serve
    dispatchMain()  // if it ever did, the child's check that the main queue runs on the main thread fails
} else {
    dispatchMain()
}
#else
print("service-bench runs on macOS and Linux only")
#endif
