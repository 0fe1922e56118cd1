import FixtureServer
import Foundation
import ServiceLayer

/// `service-demo`'s main program: parses the arguments, starts the embedded server when no
/// `--base-url` is given, runs the walk on the main queue and exits with its verdict.
public enum DemoProgram {
    /// Runs the demo and never returns: it calls `dispatchMain()` and exits when the walk ends.
    /// Exit status: 0 when every step behaved as expected, 1 when a step failed, 2 on bad arguments.
    public static func main(arguments: [String]) -> Never {
        let configuration: DemoConfiguration
        switch DemoArguments.parse(arguments) {
        case .success(.help):
            print(DemoArguments.usage)
            exit(0)
        case .failure(let error):
            FileHandle.standardError.write(Data("service-demo: \(error.message)\n\n\(DemoArguments.usage)\n".utf8))
            exit(2)
        case .success(.run(let chosen)):
            configuration = chosen
        }

        let output = DemoOutput.standardOutput()
        var server: FixtureServer?
        let baseURL: URL
        if let external = configuration.baseURL {
            baseURL = external
            output.line("service-demo: using the server at \(external.absoluteString)")
        } else {
            let embedded = FixtureServer()
            do {
                try embedded.start()
            } catch {
                FileHandle.standardError.write(
                    Data("service-demo: could not start the fixture server: \(error)\n".utf8))
                exit(1)
            }
            server = embedded
            baseURL = embedded.baseURL
            output.line("service-demo: started an embedded fixture server at \(baseURL.absoluteString)")
        }

        let walk = DemoWalk(
            baseURL: baseURL, sections: configuration.sections, knowsFixtureData: server != nil, queue: .main,
            output: output)
        walk.run { [server] report in
            server?.stop()
            output.line("")
            if report.succeeded {
                output.line("service-demo: all \(report.steps.count) steps behaved as expected")
                exit(0)
            }
            output.line(
                "service-demo: \(report.failedSteps.count) step(s) failed: "
                    + report.failedSteps.joined(separator: "; "))
            exit(1)
        }
        dispatchMain()
    }
}
