import FixtureServer
import Foundation
import LearnerSwift5
import LearnerSwift5Approachable
import LearnerSwift5MainActorDefault
import LearnerSwift6Approachable
import LearnerSwift6ExplicitMainActor
import LearnerSwift6MainActorDefault

// Runs the learner screens of every language mode against one embedded fixture server, one mode after
// the other, on the main queue as an app would. Exits 0 when every check of every mode passed.
//
// The screens use `MenuController.shared` and `AccountController.shared`, as in an app, so the server
// listens where those point: localhost, port 8090 (the port of Apple's Restaurant server).

typealias Walk = @MainActor (URL, @escaping @MainActor (Int, [String]) -> Void) -> Void

let modes: [(name: String, walk: Walk)] = [
    ("Swift 6, main-actor default isolation", LearnerSwift6MainActorDefault.LearnerWalk.run),
    ("Swift 6, explicit @MainActor", LearnerSwift6ExplicitMainActor.LearnerWalk.run),
    ("Swift 5", LearnerSwift5.LearnerWalk.run),
    ("Swift 5, main-actor default isolation", LearnerSwift5MainActorDefault.LearnerWalk.run),
    ("Swift 6, Approachable Concurrency (Xcode 26)", LearnerSwift6Approachable.LearnerWalk.run),
    ("Swift 5, Approachable Concurrency (Xcode 26)", LearnerSwift5Approachable.LearnerWalk.run),
]

let server = FixtureServer(port: 8090)
do {
    try server.start()
} catch {
    print("learner-check: the fixture server could not listen on port 8090 (is fixture-server running?): \(error)")
    exit(1)
}

@MainActor
func walk(_ remaining: ArraySlice<(name: String, walk: Walk)>, failed: Int) {
    guard let mode = remaining.first else {
        server.stop()
        print(failed == 0 ? "learner-check: every mode passed" : "learner-check: \(failed) check(s) failed")
        exit(failed == 0 ? 0 : 1)
    }
    mode.walk(server.baseURL) { checks, failures in
        print("learner-check: \(mode.name): \(checks - failures.count) of \(checks) checks passed")
        for failure in failures { print("  FAILED \(failure)") }
        walk(remaining.dropFirst(), failed: failed + failures.count)
    }
}

walk(modes[...], failed: 0)
dispatchMain()
