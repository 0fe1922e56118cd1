import Foundation
import ServiceLayer

// MARK: - Uploads and downloads, with a progress bar each (the fixture server only)

extension DemoWalk {
    /// The size of the demo's download: 20 MB.
    static let downloadBytes = 20_000_000

    func transferSteps() -> [DemoStep] {
        [
            heading("Uploads and downloads (the fixture server's avatar and file routes)"),
            DemoStep(name: "upload an avatar for user 2 (multipart)") { [self] done in
                let image = Data((0..<300_000).map { UInt8($0 % 256) })
                users.uploadAvatar(
                    userID: 2, image: image, fileName: "avatar.png",
                    progress: { progress in
                        self.output.progress(
                            "upload  ", fraction: progress.fractionSent,
                            detail: Self.megabytes(progress.bytesSent, of: progress.totalBytesToSend))
                    }
                ) { result in
                    switch result {
                    case .success(let uploaded):
                        self.output.progress(
                            "upload  ", fraction: 1, detail: Self.megabytes(Int64(image.count), of: Int64(image.count)),
                            done: true)
                        done(
                            uploaded.bytes == image.count,
                            "\(uploaded.bytes) bytes stored, served at \(uploaded.avatar)")
                    case .failure(let error):
                        done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "download a 20 MB file to disk") { [self] done in
                let destination = FileManager.default.temporaryDirectory
                    .appendingPathComponent("service-demo-\(UUID().uuidString).bin")
                let endpoint = Endpoint<Data>("files/\(Self.downloadBytes)").downloading(to: destination)
                menu.client.send(
                    endpoint,
                    progress: { progress in
                        self.output.progress(
                            "download", fraction: progress.fractionReceived,
                            detail: Self.megabytes(progress.bytesReceived, of: progress.totalBytesToReceive))
                    }
                ) { result in
                    switch result {
                    case .success(let file):
                        let size =
                            (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?
                            .intValue ?? 0
                        try? FileManager.default.removeItem(at: file)
                        self.output.progress(
                            "download", fraction: 1,
                            detail: Self.megabytes(Int64(size), of: Int64(Self.downloadBytes)), done: true)
                        done(size == Self.downloadBytes, "\(size) bytes written to disk, moved into place, removed")
                    case .failure(let error):
                        done(false, describe(error))
                    }
                }
            },
        ]
    }

    /// `3.2/20.0 MB`, or `3.2 MB` when the total is unknown.
    static func megabytes(_ bytes: Int64, of total: Int64?) -> String {
        let done = String(format: "%.1f", Double(bytes) / 1e6)
        guard let total else { return "\(done) MB" }
        return "\(done)/" + String(format: "%.1f", Double(total) / 1e6) + " MB"
    }
}
