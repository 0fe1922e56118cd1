import Foundation
import ServiceLayer
import ServiceLayerTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// What the sample controllers use of the core, through the public API only (a plain `import ServiceLayer`,
// as a learner's own controller has): the handles, the endpoint modifiers, the secret, the atomic file,
// the time reader, the decoding sentence and the empty-body error.

final class PublicAffordanceTests: XCTestCase {
    // MARK: - Handles

    func testAHandleForAKnownValueDeliversItLaterOnTheMainActor() throws {
        let once = ExactlyOnce<(Result<Int, APIError>, Bool)>()
        let returned = Locked(false)
        let handle = RequestHandle.delivering(.success(7)) { result in
            once.callback((result, returned.withLock { $0 }))
        }
        returned.withLock { $0 = true }
        XCTAssertTrue(handle.isFinished)
        let (result, afterReturn) = try once.wait()
        XCTAssertEqual(try result.get(), 7)
        XCTAssertTrue(afterReturn, "the completion ran after the function returned")
        handle.cancel()  // the completion has run: nothing changes
        XCTAssertFalse(handle.isCancelled)
    }

    func testAHandleForAnAsyncBodyDeliversTheBodysValue() throws {
        let once = ExactlyOnce<Result<String, APIError>>()
        _ = RequestHandle.running(completion: once.callback) { () async throws(APIError) -> String in "done" }
        XCTAssertEqual(try once.wait().get(), "done")
    }

    func testCancellingTheHandleCancelsTheBodyAndDeliversCancelledOnce() throws {
        let once = ExactlyOnce<Result<String, APIError>>()
        let bodySawCancellation = expectation(description: "the body's task was cancelled")
        let started = expectation(description: "the body started")
        let handle = RequestHandle.running(completion: once.callback) { () async throws(APIError) -> String in
            started.fulfill()
            while !Task.isCancelled { await Task.yield() }
            bodySawCancellation.fulfill()
            throw .cancelled
        }
        wait(for: [started], timeout: 10)
        handle.cancel()
        wait(for: [bodySawCancellation], timeout: 10)
        guard case .failure(.cancelled) = try once.wait() else { return XCTFail("expected .cancelled") }
        XCTAssertTrue(handle.isCancelled)
    }

    // MARK: - Endpoint modifiers

    func testAKeptBodyAnswersTheNextCallWithoutARequest() async throws {
        let stub = URLStub()
        stub.on(.get("/picture"), .respond(status: 200, headers: [:], body: Data("PNG".utf8)))
        let client = APIClient(baseURL: stub.baseURL, session: stub.makeSession())
        let store = Locked<Data?>(nil)
        let endpoint = Endpoint<Data>("picture").coalescing(true).keepingBody(
            lookup: { store.withLock { $0 } }, keep: { data in store.withLock { $0 = data } })

        let first = try await client.send(endpoint)
        let second = try await client.send(endpoint)
        XCTAssertEqual(first, Data("PNG".utf8))
        XCTAssertEqual(second, Data("PNG".utf8))
        XCTAssertEqual(store.withLock { $0 }, Data("PNG".utf8), "the download was kept")
        XCTAssertEqual(stub.requests.count, 1, "the second call was answered from the store")
    }

    func testRedactingErrorsRemovesTheSecretFromTheError() async throws {
        let stub = URLStub()
        // A secret the request does not carry (the client already removes echoes of the ones it sends).
        stub.on(.post("/login"), .json(#"{"error":"the old password was sw0rdfish"}"#, status: 401))
        let client = APIClient(baseURL: stub.baseURL, session: stub.makeSession())
        let login = Endpoint<Void>(method: .post, "login").body(["password": Secret("hunter2")])

        do {
            try await client.send(login)
            XCTFail("expected a 401")
        } catch {
            let body = String(decoding: error.responseBody ?? Data(), as: UTF8.self)
            XCTAssertTrue(body.contains("sw0rdfish"), "control: without the modifier the error keeps it")
        }
        do {
            try await client.send(login.redactingErrors(removing: ["sw0rdfish"]).carryingSecretBody())
            XCTFail("expected a 401")
        } catch {
            XCTAssertEqual(error.statusCode, 401)
            XCTAssertFalse("\(error)".contains("sw0rdfish"))
            XCTAssertFalse(String(decoding: error.responseBody ?? Data(), as: UTF8.self).contains("sw0rdfish"))
        }
    }

    // MARK: - Values

    func testASecretPrintsRedactedAndEncodesPlain() throws {
        let secret = Secret("hunter2")
        XCTAssertEqual("\(secret)", "<redacted>")
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(["p": secret]), as: UTF8.self), #"{"p":"hunter2"}"#)
        XCTAssertEqual(secret.value, "hunter2")
    }

    func testTimestampReadsBothISO8601Forms() {
        XCTAssertEqual(Timestamp.date(from: "2026-11-29T21:00:00Z")?.timeIntervalSince1970, 1_795_986_000)
        XCTAssertEqual(Timestamp.date(from: "2026-11-29T21:00:00.500Z")?.timeIntervalSince1970, 1_795_986_000.5)
        XCTAssertNil(Timestamp.date(from: "yesterday"))
    }

    func testAnAtomicSecretFileIsWrittenWithMode0600() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tokens.json")

        try AtomicFile.secret.write(Data("{}".utf8), to: file, temporaryName: ".tokens.tmp")
        XCTAssertEqual(try Data(contentsOf: file), Data("{}".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)

        let missing = folder.appendingPathComponent("no-such-folder/tokens.json")
        do throws(AtomicFileError) {
            try AtomicFile.document.write(Data(), to: missing, temporaryName: ".tmp")
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error.step, .create)
            XCTAssertEqual(error.posixError.code, .ENOENT)
        }
    }

    func testTheDecodingSentenceNamesTheMissingKey() {
        struct Order: Decodable { let items: [Int] }
        let body = Data(#"{"itemz":[]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Order.self, from: body)
            XCTFail("expected a decoding error")
        } catch {
            let sentence = DecodingFailure(error, body: body).description
            XCTAssertTrue(sentence.contains("items"), sentence)
        }
    }

    func testTheEmptyBodyErrorIsADecodingErrorNamingTheURL() {
        let error = APIError.emptyBody(from: URL(string: "https://example.com/pictures/1.png")!)
        guard case .decoding = error else { return XCTFail("expected .decoding, got \(error)") }
        XCTAssertTrue("\(error)".contains("example.com/pictures/1.png"), "\(error)")
    }
}
