import Foundation
import ServiceLayer

/// The walk `service-demo` runs: every controller, step by step, against one server.
///
/// Each step uses the completion-handler API as an app would, with completions on the main actor,
/// and checks what came back; the steps follow one another on the walk's queue (the main queue in the
/// demo). Two steps fail on purpose (a wrong
/// password, an unknown user) and pass when the typed error is the expected one.
public final class DemoWalk: Sendable {
    let baseURL: URL
    let sections: [DemoSection]
    let queue: DispatchQueue
    let output: DemoOutput
    /// Whether `baseURL` is the embedded fixture server, whose data is known exactly.
    let knowsFixtureData: Bool

    let menu: MenuController
    let users: NetworkController
    let accounts: AccountController

    /// Creates the walk.
    /// - Parameters:
    ///   - baseURL: The server: the Restaurant API at its root, the users and accounts APIs under `api/`.
    ///   - sections: What to walk; every section by default.
    ///   - knowsFixtureData: Whether to check answers against the fixture server's exact data (six
    ///     categories, twelve users); `true` by default. Use `false` for another server.
    ///   - queue: Where the steps follow one another and the report is delivered; `.main` by default.
    ///     The controllers' completions always run on the main actor, so the main queue must run.
    ///   - output: Where the transcript goes.
    public init(
        baseURL: URL,
        sections: [DemoSection] = DemoSection.allCases,
        knowsFixtureData: Bool = true,
        queue: DispatchQueue = .main,
        output: DemoOutput
    ) {
        self.baseURL = baseURL
        self.sections = sections
        self.knowsFixtureData = knowsFixtureData
        self.queue = queue
        self.output = output
        let apiURL = baseURL.appendingPathComponent("api/")
        let options = APIClient.Options(timeout: 10)
        menu = MenuController(baseURL: baseURL, options: options)
        users = NetworkController(baseURL: apiURL, options: options)
        accounts = AccountController(baseURL: apiURL, options: options)
    }

    /// Runs every chosen section and calls `completion` on the walk's queue with the report.
    public func run(completion: @escaping @Sendable (DemoReport) -> Void) {
        var steps: [DemoStep] = []
        for section in sections {
            switch section {
            case .menu: steps += menuSteps()
            case .users: steps += userSteps() + (knowsFixtureData ? transferSteps() : [])
            case .accounts: steps += accountSteps()
            }
        }
        DemoRunner(queue: queue, output: output).run(steps, completion: completion)
    }

    /// A step that prints a section heading and always passes.
    func heading(_ title: String) -> DemoStep {
        DemoStep(name: title, isHeading: true) { [output] done in
            output.heading(title)
            done(true, "")
        }
    }
}

/// Formats a result's error for the transcript as a learner's `print(error)` shows it: the message for a
/// person (what, why, the fix), then the case.
func describe(_ error: APIError) -> String {
    "\(error)"
}
