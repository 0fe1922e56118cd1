import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bodies beyond JSON over real sockets: a multipart avatar parsed for real by the fixture server (and
/// served back), a file part streamed from disk, hostile file names, the server's cap, a form, a file
/// as the whole body, no retry for a non-idempotent upload, upload progress on the main actor.
final class UploadTests: FixtureServerTestCase {
    private struct Uploaded: Decodable, Sendable {
        let id: Int
        let fileName: String
        let contentType: String
        let bytes: Int
        let fields: [String: String]
    }

    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("uploads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func picture(_ count: Int) -> Data { Data((0..<count).map { UInt8(($0 * 7) % 256) }) }

    private func client() -> APIClient {
        makeClient(baseURL: apiURL(), options: APIClient.Options(timeout: 30))
    }

    func testAMultipartAvatarIsParsedStoredAndServedBack() async throws {
        var form = MultipartForm()
        form.append("Janet", named: "name")
        form.append(picture(50_000), named: "avatar", fileName: "janet.png", contentType: "image/png")
        let uploaded = try await client().send(Endpoint<Uploaded>(method: .post, "users/2/avatar").multipart(form))
        XCTAssertEqual(uploaded.bytes, 50_000)
        XCTAssertEqual(uploaded.fileName, "janet.png")
        XCTAssertEqual(uploaded.contentType, "image/png")
        XCTAssertEqual(uploaded.fields, ["name": "Janet"])
        let served = try await client().send(Endpoint<Data>("users/2/avatar"))
        XCTAssertEqual(served, picture(50_000))
    }

    func testAFilePartIsStreamedFromDiskAndAHostileFileNameCannotBreakTheForm() async throws {
        let file = folder.appendingPathComponent("photo.png")
        try picture(300_000).write(to: file)
        let hostile = "a\"b\r\nContent-Type: text/html\r\n\r\nx-é😀.png"
        var form = MultipartForm()
        form.appendFile(at: file, named: "avatar", fileName: hostile, contentType: "image/png")
        form.append("after", named: "note\"\r\nx")
        let uploaded = try await client().send(Endpoint<Uploaded>(method: .post, "users/3/avatar").multipart(form))
        XCTAssertEqual(uploaded.bytes, 300_000)
        XCTAssertEqual(uploaded.fileName, hostile, "quotes and CR/LF escaped, non-ASCII sent in UTF-8")
        XCTAssertEqual(uploaded.fields, ["note\"\r\nx": "after"])
        let served = try await client().send(Endpoint<Data>("users/3/avatar"))
        XCTAssertEqual(served, picture(300_000))
        let tempFiles = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
        XCTAssertFalse(tempFiles.contains { $0.hasPrefix("ServiceLayer-upload-") }, "the body file is removed")
    }

    func testAnAvatarOverTheCapIs413() async throws {
        var form = MultipartForm()
        form.append(picture(600_000), named: "avatar", fileName: "big.png", contentType: "image/png")
        do {
            _ = try await client().send(Endpoint<Void>(method: .post, "users/2/avatar").multipart(form))
            XCTFail("an avatar over 512 KiB must be refused")
        } catch {
            XCTAssertEqual(error.statusCode, 413)
        }
    }

    func testAMissingFilePartIsAFileAccessErrorAndSendsNothing() async throws {
        var form = MultipartForm()
        form.appendFile(at: folder.appendingPathComponent("nope.png"), named: "avatar")
        do {
            _ = try await client().send(Endpoint<Void>(method: .post, "users/2/avatar").multipart(form))
            XCTFail("a missing file must fail")
        } catch {
            guard case .fileAccess = error else { return XCTFail("unexpected \(error)") }
        }
        XCTAssertEqual(requests(to: "/api/users/2/avatar").count, 0)
    }

    func testANonIdempotentUploadIsNeverRetried() async throws {
        server.inject(.status(503), path: "/api/users/2/avatar", times: 3)
        var form = MultipartForm()
        form.append(picture(1000), named: "avatar", fileName: "a.png")
        let endpoint = Endpoint<Void>(method: .post, "users/2/avatar").multipart(form)
            .retry(RetryPolicy(maxRetries: 2, baseDelay: 0, jitter: 0), evenIfNotIdempotent: true)
        do {
            _ = try await client().send(endpoint)
            XCTFail("the 503 must come through")
        } catch {
            XCTAssertEqual(error.statusCode, 503)
        }
        XCTAssertEqual(requests(to: "/api/users/2/avatar").count, 1, "a body from disk on a POST is sent once")
    }

    /// The cancel comes once the body has gone out and before the answer (held back 5 s): the transfer is
    /// in flight, its body file still on disk. Not while the file is being read: on Linux that races in
    /// swift-corelibs-foundation and can end the whole process (CONTRIBUTING.md, "Known crash: cancelling an
    /// upload from a file on Linux"); the library's cancel and clean-up are the same at either moment.
    func testCancellingMidUploadEndsCancelledOnceAndRemovesTheBodyFile() async throws {
        let file = folder.appendingPathComponent("big.png")
        try picture(900_000).write(to: file)
        var form = MultipartForm()
        form.appendFile(at: file, named: "avatar", fileName: "big.png")
        server.inject(.delay(5), path: "/api/users/7/avatar")  // the answer waits: the cancel comes first
        let transfer = client().transfer(Endpoint<Uploaded>(method: .post, "users/7/avatar").multipart(form))
        for await progress in transfer.progress {
            guard let total = progress.totalBytesToSend, progress.bytesSent == total else { continue }
            XCTAssertGreaterThan(total, 900_000)
            transfer.cancel()
        }
        do {
            _ = try await transfer.value
            XCTFail("a cancelled upload must fail")
        } catch {
            XCTAssertEqual(error, .cancelled)
        }
        let tempFiles = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
        XCTAssertFalse(tempFiles.contains { $0.hasPrefix("ServiceLayer-upload-") }, "the body file is removed")
    }

    func testUploadProgressRunsOnTheMainActorAndReachesTheTotal() throws {
        var form = MultipartForm()
        form.append(picture(400_000), named: "avatar", fileName: "p.png")
        let values = Locked<[(TransferProgress, Bool)]>([])
        let client = client()
        let result = awaitCompletion(timeout: 30) {
            (completion: @escaping @Sendable (Result<Void, APIError>) -> Void) in
            client.send(
                Endpoint<Void>(method: .post, "users/4/avatar").multipart(form),
                progress: { progress in values.withLock { $0.append((progress, TestMainQueue.isCurrent)) } },
                completion: { completion($0) })
        }
        XCTAssertNotNil(try result?.get())
        let seen = values.withLock { $0 }
        XCTAssertFalse(seen.isEmpty)
        XCTAssertTrue(seen.allSatisfy(\.1), "every value on the main queue")
        let last = try XCTUnwrap(seen.last?.0)
        XCTAssertEqual(last.bytesSent, last.totalBytesToSend, "\(seen.map(\.0))")
        XCTAssertGreaterThan(last.bytesSent, 400_000)
    }
}

/// A form and a file as the whole body, as the server receives them (a hostile server records the bytes).
final class RawBodyUploadTests: HostileServerTestCase {
    func testAFormIsPercentEncodedWithPlusForSpace() async throws {
        let server = try startServer()
        let endpoint = Endpoint<Void>(method: .post, "login")
            .form([("email", "a+b@x.test"), ("pass word", "é & = ?"), ("email", "again")])
        _ = try await makeClient(server.baseURL).send(endpoint)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.headers["content-type"], "application/x-www-form-urlencoded")
        XCTAssertEqual(
            String(decoding: request.body, as: UTF8.self),
            "email=a%2Bb%40x.test&pass+word=%C3%A9+%26+%3D+%3F&email=again")
    }

    func testAFileIsTheWholeBodyWithItsLength() async throws {
        let server = try startServer()
        let directory = try makeDirectory()
        let file = directory.appendingPathComponent("clip.bin")
        let bytes = Data((0..<200_000).map { UInt8($0 % 253) })
        try bytes.write(to: file)
        _ = try await makeClient(server.baseURL).send(
            Endpoint<Void>(method: .put, "clips/1").file(file, contentType: "video/mp4"))
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.headers["content-type"], "video/mp4")
        XCTAssertEqual(request.headers["content-length"], "200000")
        XCTAssertEqual(request.body, bytes)
    }

    /// A file upload redirected with its method kept: on Linux, where Foundation would send the redirected
    /// request without the body, the redirect is refused (the 307 is the answer); elsewhere it is followed.
    func testAFileUploadRedirectedWithItsMethodIsNotSentWithoutItsBody() async throws {
        let server = try startServer { request in
            request.target == "/moved" ? .init(status: 204) : .init(status: 307, headers: [("Location", "/moved")])
        }
        let file = try makeDirectory().appendingPathComponent("clip.bin")
        try Data(repeating: 1, count: 10_000).write(to: file)
        do {
            _ = try await makeClient(server.baseURL).send(Endpoint<Void>(method: .put, "clips/1").file(file))
            #if canImport(FoundationNetworking)
            XCTFail("Linux would send the body-less PUT to /moved")
            #endif
        } catch {
            #if canImport(FoundationNetworking)
            XCTAssertEqual(error.statusCode, 307)
            #else
            XCTFail("unexpected \(error)")
            #endif
        }
        XCTAssertFalse(server.requests.contains { $0.target == "/moved" && $0.body.isEmpty })
    }

    /// A full disk, as the file system reports it, is ``APIError/diskFull``; other file errors say what failed.
    func testAFullDiskIsTypedAndOtherFileErrorsAreFileAccess() {
        XCTAssertEqual(APIError(fileError: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))), .diskFull)
        XCTAssertEqual(APIError(fileError: CocoaError(.fileWriteOutOfSpace)), .diskFull)
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        XCTAssertEqual(
            APIError(
                fileError: NSError(domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: underlying])),
            .diskFull)
        guard case .fileAccess = APIError(fileError: CocoaError(.fileNoSuchFile)) else {
            return XCTFail("not fileAccess")
        }
    }
}
