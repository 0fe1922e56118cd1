#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import FixtureServer
import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - The same envelope, decoded on the main actor

/// `{"items": [MenuItem]}` like ``MenuEnvelope``, but with a main-actor-isolated `Decodable`
/// conformance (SE-0470), as a plain `Codable` struct gets in an app target with main-actor default
/// isolation: the layer must decode it on the main actor.
struct MainActorMenuEnvelope {
    /// The dishes.
    let items: [MenuItem]

    /// How many envelopes were decoded, counted where the decoding runs: on the main actor.
    @MainActor static var decodes = 0
}

extension MainActorMenuEnvelope: @MainActor Decodable {
    private enum CodingKeys: String, CodingKey {
        case items
    }

    /// What the synthesized initializer would do, plus one count on the main actor.
    @MainActor
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([MenuItem].self, forKey: .items)
        Self.decodes += 1
    }
}

// MARK: - Measurement 7

/// Measurement 7: the main thread's busy time per call for a response decoded on the main actor
/// (``MainActorMenuEnvelope``) against the same response decoded off the main actor (``MenuEnvelope``),
/// both sent through one `APIClient` with a main-actor completion, on the generated menu of
/// measurement 2 served by the fixture server, in a child process whose main thread runs the main
/// run loop (`service-bench --main-thread-child ...`).
///
/// The main thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`, read on the main thread) is taken before and
/// after each batch of sequential calls: between calls the main thread sleeps, so the difference is the
/// time it spent on them — the decoding and the completion for the main-actor type, only the
/// completion for the other one.
enum MainThreadBench {
    /// Medians over interleaved rounds.
    struct Figures: Codable {
        /// Items in the served menu.
        var items: Int
        /// Bytes of its JSON.
        var bytes: Int
        /// Calls per side per round.
        var callsPerRound: Int
        /// Main-thread CPU ms per call when the response decodes on the main actor.
        var mainActorMillis: Double
        /// Main-thread CPU ms per call when it decodes off the main actor.
        var offMainMillis: Double
        /// Wall ms per call, main-actor decoding (information).
        var mainActorWallMillis: Double
        /// Wall ms per call, off-main decoding (information).
        var offMainWallMillis: Double
        /// `mainActorMillis / offMainMillis`.
        var ratio: Double { mainActorMillis / offMainMillis }
    }

    /// The path the fixture server answers with the generated menu (a queued `.status` fault).
    static let path = "/bench/big-menu"
    /// The argument that starts the child process.
    static let childFlag = "--main-thread-child"

    // MARK: Parent

    /// Serves the generated menu, runs the child against it and reads its figures.
    static func run(server: FixtureServer, settings: BenchSettings) throws(BenchFailure) -> Figures {
        let body = DecodeBench.makeMenuJSON(items: settings.decodeItems)
        server.inject(.status(200, body: body), path: path, method: "GET", times: nil)
        defer { server.clearFaults() }
        let data = try ChildProcess.run(
            [
                childFlag, server.baseURL.absoluteString, String(settings.decodeItems), String(settings.rounds),
                String(settings.mainThreadCallsPerRound),
            ], what: "main thread")
        let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard var figures = try? JSONDecoder().decode(Figures.self, from: Data(lastLine.utf8)) else {
            throw BenchFailure("main thread: the child printed no figures: '\(lastLine)'")
        }
        figures.bytes = body.count
        return figures
    }

    // MARK: Child

    /// The child's whole life (its main thread runs the main run loop, see main.swift): warm up, then
    /// `rounds` interleaved rounds of `callsPerRound` sequential calls per side; prints the figures as
    /// one JSON line. Returns the exit status.
    static func runChild(baseURL: URL, items: Int, rounds: Int, callsPerRound: Int) -> Int32 {
        do throws(BenchFailure) {
            let figures = try measure(baseURL: baseURL, items: items, rounds: rounds, count: callsPerRound)
            let json = try! JSONEncoder().encode(figures)
            print(String(decoding: json, as: UTF8.self))
            return 0
        } catch {
            FileHandle.standardError.write(Data("service-bench \(childFlag): \(error)\n".utf8))
            return 1
        }
    }

    private static func measure(baseURL: URL, items expected: Int, rounds: Int, count: Int) throws(BenchFailure)
        -> Figures
    {
        guard DispatchQueue.main.sync(execute: { Thread.isMainThread }) else {
            throw BenchFailure("main thread: the main queue does not run on the main thread")
        }
        let client = APIClient(
            baseURL: baseURL, session: APIClient.makeSession(configuration: benchConfiguration()),
            options: APIClient.Options(retryPolicy: .never))
        let target = EndpointTarget.path(String(path.dropFirst()))
        let offMain = Endpoint<MenuEnvelope>(target)
        // The main-actor initializer is the one that applies to an isolated conformance, and it is
        // itself main-actor isolated: make the endpoint there.
        let mainActor = DispatchQueue.main.sync { MainActor.assumeIsolated { Endpoint<MainActorMenuEnvelope>(target) } }

        func offMainCall(_ done: @escaping @Sendable (String?) -> Void) {
            client.send(offMain) { result in done(Self.check(result.map(\.items.count), expected)) }
        }
        func mainActorCall(_ done: @escaping @Sendable (String?) -> Void) {
            client.send(mainActor) { result in done(Self.check(result.map(\.items.count), expected)) }
        }
        _ = try timeSequential(2, "main thread warm-up (main actor)", fetch: mainActorCall)
        _ = try timeSequential(2, "main thread warm-up (off main)", fetch: offMainCall)

        var mainActorWall: [Double] = []
        var offMainWall: [Double] = []
        func timed(_ name: String, _ call: (@escaping @Sendable (String?) -> Void) -> Void, wall: inout [Double])
            throws(BenchFailure) -> Double
        {
            let before = mainThreadCPUSeconds()
            let seconds = try timeSequential(count, "main thread (\(name))", fetch: call)
            let after = mainThreadCPUSeconds()
            wall.append(seconds / Double(count) * 1e3)
            return (after - before) / Double(count) * 1e3
        }
        let medians = try interleavedMedians(
            rounds: rounds,
            layer: { () throws(BenchFailure) in try timed("main actor", mainActorCall, wall: &mainActorWall) },
            bare: { () throws(BenchFailure) in try timed("off main", offMainCall, wall: &offMainWall) })
        let decodes = DispatchQueue.main.sync { MainActor.assumeIsolated { MainActorMenuEnvelope.decodes } }
        guard decodes == 2 + rounds * count else {
            throw BenchFailure("main thread: \(decodes) main-actor decodes for \(2 + rounds * count) calls")
        }
        return Figures(
            items: expected, bytes: 0, callsPerRound: count, mainActorMillis: medians.layer,
            offMainMillis: medians.bare, mainActorWallMillis: median(mainActorWall),
            offMainWallMillis: median(offMainWall))
    }

    /// `nil` when the call decoded `expected` items, else what went wrong.
    private static func check(_ result: Result<Int, APIError>, _ expected: Int) -> String? {
        switch result {
        case .success(let count): return count == expected ? nil : "\(count) items instead of \(expected)"
        case .failure(let error): return "\(error)"
        }
    }

    /// The main thread's CPU time so far, read on the main thread (the bench runs on another one).
    private static func mainThreadCPUSeconds() -> Double {
        DispatchQueue.main.sync { threadCPUSeconds() }
    }
}
#endif
