import Foundation
import ServiceLayer

/// How one step of the walk ended.
public struct DemoStepResult: Sendable, Equatable {
    /// The step's name, as printed.
    public let name: String
    /// Whether the step behaved as expected (an expected failure counts as passed).
    public let passed: Bool
    /// What the step saw, or what went wrong.
    public let detail: String
}

/// The outcome of a whole walk.
public struct DemoReport: Sendable, Equatable {
    /// Every step, in the order it ran.
    public let steps: [DemoStepResult]
    /// Whether every step passed.
    public var succeeded: Bool { steps.allSatisfy(\.passed) }
    /// The names of the steps that failed, in order.
    public var failedSteps: [String] { steps.filter { !$0.passed }.map(\.name) }
}

/// One step: does its work with completion handlers and reports exactly once through `done`.
struct DemoStep: Sendable {
    typealias Report = @Sendable (_ passed: Bool, _ detail: String) -> Void
    let name: String
    /// A heading is printed, not reported as a step.
    let isHeading: Bool
    let run: @Sendable (_ done: @escaping Report) -> Void

    init(name: String, isHeading: Bool = false, run: @escaping @Sendable (_ done: @escaping Report) -> Void) {
        self.name = name
        self.isHeading = isHeading
        self.run = run
    }
}

/// Runs steps one after another on a queue (the main queue in the demo), printing each as it ends,
/// and a "still waiting" line when a step takes more than a second.
final class DemoRunner: Sendable {
    private let queue: DispatchQueue
    private let output: DemoOutput
    private let stepTimeout: TimeInterval
    private let results = Locked<[DemoStepResult]>([])

    init(queue: DispatchQueue, output: DemoOutput, stepTimeout: TimeInterval = 60) {
        self.queue = queue
        self.output = output
        self.stepTimeout = stepTimeout
    }

    /// Runs `steps` in order; calls `completion` on the queue with the report.
    func run(_ steps: [DemoStep], completion: @escaping @Sendable (DemoReport) -> Void) {
        queue.async { self.runStep(steps[...], completion: completion) }
    }

    private func runStep(_ steps: ArraySlice<DemoStep>, completion: @escaping @Sendable (DemoReport) -> Void) {
        guard let step = steps.first else {
            completion(DemoReport(steps: results.withLock { $0 }))
            return
        }
        let finished = Locked(false)
        let started = DispatchTime.now()
        queue.asyncAfter(deadline: .now() + 1) { [output] in
            if !finished.withLock({ $0 }) { output.note("… still waiting for \(step.name)") }
        }
        let report: DemoStep.Report = { [self] passed, detail in
            let first = finished.withLock { wasFinished -> Bool in
                defer { wasFinished = true }
                return !wasFinished
            }
            guard first else { return }
            queue.async {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                if !step.isHeading {
                    self.results.withLock { $0.append(DemoStepResult(name: step.name, passed: passed, detail: detail)) }
                    self.output.step(step.name, passed: passed, detail: detail, seconds: seconds)
                }
                self.runStep(steps.dropFirst(), completion: completion)
            }
        }
        queue.asyncAfter(deadline: .now() + stepTimeout) {
            report(false, "no answer within \(Int(self.stepTimeout)) s")
        }
        step.run(report)
    }
}
