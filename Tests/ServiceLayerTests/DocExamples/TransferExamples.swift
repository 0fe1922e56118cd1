import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The examples of the DocC article "Uploads and downloads", compiled, not run (their paths are the
// article's; Tests/ServiceLayerTests/Transfers/ runs the same calls against the fixture server's
// transfer routes).

/// A progress bar on a screen.
@MainActor final class ProgressBar {
    var fraction = 0.0
}

/// The article's calls, on a client of the reader's.
@MainActor struct TransferExamples {
    let client: APIClient
    let bar = ProgressBar()

    func makeUpload(png: Data, videoURL: URL) -> Endpoint<UploadedAvatar> {
        var form = MultipartForm()
        form.append("Janet", named: "name")
        form.append(png, named: "avatar", fileName: "janet.png", contentType: "image/png")
        form.appendFile(at: videoURL, named: "clip", contentType: "video/mp4")
        let upload = Endpoint<UploadedAvatar>(method: .post, "users/2/avatar").multipart(form)
        return upload
    }

    func download(into documents: URL) async throws(APIError) -> URL {
        let destination = documents.appendingPathComponent("catalogue.pdf")
        let file = try await client.send(Endpoint<Data>("files/catalogue.pdf").downloading(to: destination))
        return file
    }

    func showProgress(of upload: Endpoint<UploadedAvatar>, destination: URL) async throws(APIError) -> URL {
        client.send(
            upload,
            progress: { progress in
                bar.fraction = progress.fractionSent ?? 0
            }
        ) { result in
            print(result)
        }

        let transfer = client.transfer(Endpoint<Data>("files/20000000").downloading(to: destination))
        for await progress in transfer.progress { print(progress.bytesReceived) }
        let file = try await transfer.value
        return file
    }
}
