import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The testing kit's stub answers uploads and downloads: a multipart body is handed over parsed, a
/// file body read, a download written to its destination.
final class URLStubTransferTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func testAMultipartUploadWithAFilePartArrivesParsed() async throws {
        let stub = URLStub()
        stub.on(.post("/users/2/avatar"), .status(201, body: "{}"))
        let file = folder.appendingPathComponent("me.png")
        try Data(repeating: 7, count: 100_000).write(to: file)
        var form = MultipartForm()
        form.append("Janet", named: "name")
        form.appendFile(at: file, named: "avatar", fileName: "m\"e.png", contentType: "image/png")
        let client = APIClient(baseURL: stub.baseURL, session: stub.makeSession())
        _ = try await client.send(Endpoint<Void>(method: .post, "users/2/avatar").multipart(form))
        let request = try XCTUnwrap(stub.requests.first)
        let parts = try XCTUnwrap(request.multipartParts, "the body: \(request.body?.count ?? -1) bytes")
        XCTAssertEqual(parts.map(\.name), ["name", "avatar"])
        XCTAssertEqual(parts[0].text, "Janet")
        XCTAssertEqual(parts[1].fileName, "m\"e.png")
        XCTAssertEqual(parts[1].contentType, "image/png")
        XCTAssertEqual(parts[1].body, Data(repeating: 7, count: 100_000))
    }

    func testAFileBodyArrivesWhole() async throws {
        let stub = URLStub()
        stub.on(.put("/clips/1"), .status(204))
        let file = folder.appendingPathComponent("clip.bin")
        try Data(repeating: 3, count: 50_000).write(to: file)
        let client = APIClient(baseURL: stub.baseURL, session: stub.makeSession())
        _ = try await client.send(Endpoint<Void>(method: .put, "clips/1").file(file))
        XCTAssertEqual(stub.requests.first?.body, Data(repeating: 3, count: 50_000))
    }

    func testADownloadIsWrittenToItsDestination() async throws {
        let stub = URLStub()
        let bytes = Data((0..<300_000).map { UInt8($0 % 199) })
        stub.on(.get("/files/report.pdf"), .respond(status: 200, headers: ["Content-Length": "300000"], body: bytes))
        let client = APIClient(baseURL: stub.baseURL, session: stub.makeSession())
        let destination = folder.appendingPathComponent("report.pdf")
        let transfer = client.transfer(Endpoint<Data>("files/report.pdf").downloading(to: destination))
        var last: TransferProgress?
        for await progress in transfer.progress { last = progress }
        _ = try await transfer.value
        XCTAssertEqual(try Data(contentsOf: destination), bytes)
        XCTAssertEqual(last?.bytesReceived, 300_000)
    }
}
