import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The multipart quoting rule end to end: names and file names with `\`, `"`, CR/LF, `%` and non-ASCII
/// go up in a real form and come back from the fixture server's avatar route, and through a
/// ``URLStub``, exactly as they were.
final class MultipartRoundTripTests: FixtureServerTestCase {
    private struct Uploaded: Decodable, Sendable {
        let fileName: String
        let fields: [String: String]
    }

    private let fileName = #"dir\ "quoted" 50% \"#.appending("\r\nX-Evil: 1 é😀.png")
    private let fieldName = #"a\"#.appending("\"b\r\n%41%")

    private var form: MultipartForm {
        var form = MultipartForm()
        form.append("value", named: fieldName)
        form.append(Data([0x89, 0x50, 0x4E, 0x47]), named: "avatar", fileName: fileName, contentType: "image/png")
        return form
    }

    /// Client and server share one rule (issue 34, item 6): every character comes back as it was sent.
    func testNamesRoundTripThroughTheFixtureServer() async throws {
        let client = makeClient(baseURL: apiURL(), options: APIClient.Options(retryPolicy: .never))
        let uploaded = try await client.send(Endpoint<Uploaded>(method: .post, "users/2/avatar").multipart(form))
        XCTAssertEqual(uploaded.fileName, fileName)
        XCTAssertEqual(uploaded.fields, [fieldName: "value"])
    }

    func testNamesRoundTripThroughAStub() async throws {
        let stub = URLStub()
        stub.on(.post("/upload"), .status(201, body: "{}"))
        let client = APIClient(baseURL: stub.baseURL, session: stub.makeSession())
        _ = try await client.send(Endpoint<Void>(method: .post, "upload").multipart(form))
        let parts = try XCTUnwrap(stub.requests.last?.multipartParts)
        XCTAssertEqual(parts.map(\.name), [fieldName, "avatar"])
        XCTAssertEqual(parts.last?.fileName, fileName)
    }
}
