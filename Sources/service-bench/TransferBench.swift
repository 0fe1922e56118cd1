#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `service-bench transfers [--quick] [--rounds N]`: upload and download throughput against bare URLSession in one
/// interleaved run, and the peak RSS growth of a large download, each printed as a table row and, last,
/// one JSON line. A subcommand of its own (a fresh process, so the peak RSS starts from the bench's own
/// baseline), run by CI with `--quick`. The bytes come from two loopback servers of the bench's own:
/// downloads from a ``ByteSource`` in a child process, uploads into an ``UploadSink``.
enum TransferBench {
    /// The throughput target: the layer at most 5 % slower than bare.
    static let ratioTarget = 1.05
    /// The memory target: a large download grows the peak RSS by less than 10 MB.
    static let memoryTargetKB = 10_000.0

    struct Settings {
        var quick = false
        /// Bytes per upload and download: 50 MB (5 MB quick).
        var transferBytes: Int { quick ? 5_000_000 : 50_000_000 }
        /// Bytes of the memory run: 200 MB (20 MB quick).
        var memoryBytes: Int { quick ? 20_000_000 : 200_000_000 }
        /// Interleaved rounds per side: 15, or `--rounds N` (1 quick).
        var chosenRounds = 15
        var rounds: Int { quick ? 1 : chosenRounds }
    }

    /// Runs the subcommand; 0 when every measurement ran, 1 when one broke, 2 on bad arguments.
    static func main(arguments: [String]) -> Int32 {
        if arguments == [ByteSource.childFlag] { return ByteSource.serve() }
        guard let options = SubcommandOptions(arguments, subcommand: "transfers") else { return 2 }
        var settings = Settings(quick: options.quick)
        if let rounds = options.rounds { settings.chosenRounds = rounds }
        return SubcommandOptions.run("transfers") { () throws(BenchFailure) in try run(settings) }
    }

    private static func run(_ settings: Settings) throws(BenchFailure) {
        let server = try ByteSource()
        defer { server.stop() }
        let sink = try UploadSink()
        let folder = workFolder()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // URLSession writes a download's temporary file into TMPDIR: there too, on both sides.
        setenv("TMPDIR", folder.path, 1)
        // Bare: a plain session without a response cache, as the layer's (an ephemeral session's
        // in-memory cache would otherwise store each 50 MB answer on the bare side only).
        let bareConfiguration = URLSessionConfiguration.ephemeral
        bareConfiguration.urlCache = nil
        let session = URLSession(configuration: bareConfiguration)
        let client = APIClient(
            baseURL: server.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(timeout: 600, retryPolicy: .never))
        let sinkClient = APIClient(
            baseURL: sink.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(timeout: 600, retryPolicy: .never))

        // 1. The memory of one large download through the layer, first, from the process's own baseline.
        let before = MemoryReading.now()
        let big = folder.appendingPathComponent("big.bin")
        try blocking { () async throws(APIError) in
            _ = try await client.send(Endpoint<Data>("bytes/\(settings.memoryBytes)").downloading(to: big))
        }
        let growthKB = MemoryReading.now().peakKB - before.peakKB
        try? FileManager.default.removeItem(at: big)

        // 2. Download and upload throughput, bare and layer interleaved round by round.
        let bytes = settings.transferBytes
        let source = folder.appendingPathComponent("upload.bin")
        guard FileManager.default.createFile(atPath: source.path, contents: Data(count: bytes)) else {
            throw BenchFailure("no upload file")
        }
        let downloadURL = server.baseURL.appendingPathComponent("bytes/\(bytes)")
        var download: [(layer: Double, bare: Double)] = []
        var upload: [(layer: Double, bare: Double)] = []
        // Round -1 warms both sides up (connections, the first file of each) and is not counted.
        for round in -1..<settings.rounds {
            // Each side goes first in every other round, so neither gains from a warm connection.
            // Each side writes a new file of its own, removed after both ran: freeing the other side's
            // 50 MB inside a timed download would be measured as that download's time.
            let bareTarget = folder.appendingPathComponent("bare-\(round).bin")
            let layerTarget = folder.appendingPathComponent("layer-\(round).bin")
            let bareDown = { () throws(BenchFailure) in
                try bareDownload(downloadURL, to: bareTarget, session: session)
            }
            let layerDown = { () throws(BenchFailure) in
                try blocking { () async throws(APIError) in
                    _ = try await client.send(Endpoint<Data>("bytes/\(bytes)").downloading(to: layerTarget))
                }
            }
            let downloadTimes = try pair(layer: layerDown, bare: bareDown, layerFirst: round % 2 == 1)
            try? FileManager.default.removeItem(at: bareTarget)
            try? FileManager.default.removeItem(at: layerTarget)
            let sinkURL = sink.baseURL.appendingPathComponent("up")
            let bareUp = { () throws(BenchFailure) in try bareUpload(source, to: sinkURL, session: session) }
            let layerUp = { () throws(BenchFailure) in
                try blocking { () async throws(APIError) in
                    try await sinkClient.send(Endpoint<Void>(method: .put, "up").file(source))
                }
            }
            let uploadTimes = try pair(layer: layerUp, bare: bareUp, layerFirst: round % 2 == 0)
            guard round >= 0 else { continue }
            download.append(downloadTimes)
            upload.append(uploadTimes)
        }

        let rows = [
            throughputRow("download \(bytes / 1_000_000) MB, MB/s", download, bytes: bytes, quick: settings.quick),
            throughputRow("upload \(bytes / 1_000_000) MB, MB/s", upload, bytes: bytes, quick: settings.quick),
            ReportRow(
                name: "peak RSS growth, \(settings.memoryBytes / 1_000_000) MB download, MB",
                layer: Report.format(growthKB / 1000), bare: "—", ratio: "—", target: "< 10",
                verdict: settings.quick ? "not judged" : (growthKB < memoryTargetKB ? "met" : "MISSED")),
        ]
        print("service-bench transfers: medians of \(settings.rounds) interleaved round(s); files in \(folder.path)")
        print(Report.table(rows))
        for (name, rounds) in [("download", download), ("upload", upload)] {
            let ratios = rounds.map { Report.format($0.layer / $0.bare, decimals: 3) }
            print("\(name) layer/bare per round: \(ratios.joined(separator: " "))")
        }
        print(
            Report.json([
                ("quick", .flag(settings.quick)), ("rounds", .integer(settings.rounds)),
                ("download_ratio", .number(medianRatio(download))), ("upload_ratio", .number(medianRatio(upload))),
                ("download_mb_s", .number(Double(bytes) / 1e6 / median(download.map(\.layer)))),
                ("upload_mb_s", .number(Double(bytes) / 1e6 / median(upload.map(\.layer)))),
                ("download_peak_rss_growth_mb", .number(growthKB / 1000)),
            ]))
    }

    /// Where the downloads, the upload's source and URLSession's own download files go: a folder in
    /// `/dev/shm` (memory) where there is one, so that the disk's writeback of 50 MB files, which
    /// stalls either side at random, is not measured as the layer's time; else the temporary directory.
    private static func workFolder() -> URL {
        var isFolder: ObjCBool = false
        let memory = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder) && isFolder.boolValue
        let base = memory ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        return base.appendingPathComponent("service-bench-\(UUID().uuidString)")
    }

    // MARK: - The two sides

    private static func bareDownload(_ url: URL, to target: URL, session: URLSession) throws(BenchFailure) {
        let done = DispatchSemaphore(value: 0)
        let failure = Locked<String?>(nil)
        session.downloadTask(with: url) { file, _, error in
            if let file {
                do { try FileManager.default.moveItem(at: file, to: target) } catch {
                    failure.withLock { $0 = "\(error)" }
                }
            } else {
                failure.withLock { $0 = "\(error as Any)" }
            }
            done.signal()
        }.resume()
        done.wait()
        if let message = failure.withLock({ $0 }) { throw BenchFailure("bare download: \(message)") }
    }

    private static func bareUpload(_ file: URL, to url: URL, session: URLSession) throws(BenchFailure) {
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        let done = DispatchSemaphore(value: 0)
        let failure = Locked<String?>(nil)
        session.uploadTask(with: request, fromFile: file) { _, response, error in
            if (response as? HTTPURLResponse)?.statusCode != 204 { failure.withLock { $0 = "\(error as Any)" } }
            done.signal()
        }.resume()
        done.wait()
        if let message = failure.withLock({ $0 }) { throw BenchFailure("bare upload: \(message)") }
    }

    // MARK: - Helpers

    /// Waits for an `async` call from this (non-main) thread.
    private static func blocking(_ work: @escaping @Sendable () async throws(APIError) -> Void) throws(BenchFailure) {
        let done = DispatchSemaphore(value: 0)
        let failure = Locked<APIError?>(nil)
        Task {
            do throws(APIError) { try await work() } catch { failure.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw BenchFailure("layer: \(error)") }
    }

    /// The times of `layer` and `bare`, run in the order `layerFirst` says.
    private static func pair(
        layer: () throws(BenchFailure) -> Void, bare: () throws(BenchFailure) -> Void, layerFirst: Bool
    ) throws(BenchFailure) -> (layer: Double, bare: Double) {
        if layerFirst {
            let layerTime = try time(layer)
            return (layerTime, try time(bare))
        }
        let bareTime = try time(bare)
        return (try time(layer), bareTime)
    }

    private static func time(_ work: () throws(BenchFailure) -> Void) throws(BenchFailure) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The median of the per-round layer/bare time ratios (> 1: the layer is slower).
    private static func medianRatio(_ rounds: [(layer: Double, bare: Double)]) -> Double {
        median(rounds.map { $0.layer / $0.bare })
    }

    private static func throughputRow(
        _ name: String, _ rounds: [(layer: Double, bare: Double)], bytes: Int, quick: Bool
    ) -> ReportRow {
        let ratio = medianRatio(rounds)
        return ReportRow(
            name: name, layer: Report.format(Double(bytes) / 1e6 / median(rounds.map(\.layer))),
            bare: Report.format(Double(bytes) / 1e6 / median(rounds.map(\.bare))),
            ratio: Report.format(ratio, decimals: 3), target: "≤ 1.05",
            verdict: quick ? "not judged" : (ratio <= ratioTarget ? "met" : "MISSED"))
    }
}
#endif
