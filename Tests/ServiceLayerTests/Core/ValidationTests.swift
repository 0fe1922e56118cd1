import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which answers succeed, and what a failure keeps.
final class ValidationTests: StubTestCase {
    private struct Item: Decodable, Equatable, Sendable {
        let name: String
        let price: Double
    }

    private struct Menu: Decodable, Equatable, Sendable {
        let items: [Item]
    }

    /// A type that counts how often the decoder was asked to build it.
    private struct DecoderProbe: Decodable, Sendable {
        static let decodeCount = Locked(0)

        init(from decoder: any Decoder) throws {
            Self.decodeCount.withLock { $0 += 1 }
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "probe"))
        }
    }

    func test200Decodes() {
        let stub = makeStub(always: .json(#"{"items":[{"name":"Soup","price":3.5}]}"#))
        let menu = success(result(Endpoint<Menu>("menu"), on: makeClient(stub)))
        XCTAssertEqual(menu, Menu(items: [Item(name: "Soup", price: 3.5)]))
    }

    func test201Decodes() {
        let stub = makeStub(always: .json(#"{"name":"Tea","price":1}"#, status: 201))
        let item = success(result(Endpoint<Item>(method: .post, "items"), on: makeClient(stub)))
        XCTAssertEqual(item, Item(name: "Tea", price: 1))
    }

    func testVoidSucceedsFor204And205AndEmpty200AndAnyBody() {
        for answer in [StubAnswer.status(204), .status(205), .status(200), .json(#"{"ignored":true}"#, status: 202)] {
            let stub = makeStub(always: answer)
            let result = result(Endpoint<Void>(method: .delete, "users/2"), on: makeClient(stub))
            XCTAssertNotNil(success(result), "\(answer)")
            XCTAssertEqual(stub.requestCount, 1)
        }
    }

    func testHEADSucceedsForVoid() {
        let stub = makeStub(always: .status(200, headers: ["Content-Length": "1234"]))
        XCTAssertNotNil(success(result(Endpoint<Void>(method: .head, "file"), on: makeClient(stub))))
        XCTAssertEqual(stub.requests.first?.method, "HEAD")
    }

    func test204ForDecodableIsADecodingErrorKeepingTheBody() {
        let stub = makeStub(always: .status(204))
        guard
            case .decoding(let decodingFailure) = failure(result(Endpoint<Item>("x"), on: makeClient(stub)))
        else { return XCTFail("expected .decoding") }
        let description = decodingFailure.facts
        let body = decodingFailure.body
        XCTAssertTrue(description.contains("204"), description)
        XCTAssertTrue(description.contains("empty"), description)
        XCTAssertEqual(body, Data())
    }

    func testEmpty200ForDecodableIsADecodingError() {
        let stub = makeStub(always: .status(200))
        guard
            case .decoding(let decodingFailure) = failure(result(Endpoint<Item>("x"), on: makeClient(stub)))
        else { return XCTFail("expected .decoding") }
        let description = decodingFailure.facts
        let body = decodingFailure.body
        XCTAssertTrue(description.contains("empty"), description)
        XCTAssertTrue(body.isEmpty)
    }

    func testNon2xxKeepsStatusAndExactBodyAndSkipsTheDecoder() {
        let notFound = #"{"error":"no such user"}"#
        let serverError = "internal error\nline 2"
        for (status, text) in [(404, notFound), (500, serverError), (400, "")] {
            let stub = makeStub(always: .status(status, body: text))
            let before = DecoderProbe.decodeCount.withLock { $0 }
            let error = failure(result(Endpoint<DecoderProbe>("users/23"), on: makeClient(stub)))
            XCTAssertEqual(error, .httpStatus(code: status, body: APIError.Body(data: Data(text.utf8))))
            XCTAssertEqual(error?.statusCode, status)
            XCTAssertEqual(DecoderProbe.decodeCount.withLock { $0 }, before, "a \(status) body was fed to the decoder")
        }
    }

    func testDecoderProbeIsReallyCalledOn2xx() {
        let stub = makeStub(always: .json("{}"))
        let before = DecoderProbe.decodeCount.withLock { $0 }
        guard case .decoding = failure(result(Endpoint<DecoderProbe>("x"), on: makeClient(stub))) else {
            return XCTFail("expected .decoding")
        }
        XCTAssertEqual(DecoderProbe.decodeCount.withLock { $0 }, before + 1)
    }

    func test500WithHTMLBody() {
        let html = "<html><body><h1>502 Bad Gateway</h1></body></html>"
        let stub = makeStub(
            always: .respond(status: 500, headers: ["Content-Type": "text/html"], body: Data(html.utf8)))
        let error = failure(result(Endpoint<Menu>("menu"), on: makeClient(stub)))
        XCTAssertEqual(error, .httpStatus(code: 500, body: APIError.Body(data: Data(html.utf8))))
        XCTAssertNil(error?.serverMessage)
        XCTAssertEqual(error?.responseBody.flatMap { String(data: $0, encoding: .utf8) }, html)
    }

    func testUndecodable2xxNamesTheCodingPathAndKeepsTheBody() {
        let text = #"{"items":[{"name":"Soup","price":3.5},{"name":"Salad","price":"cheap"}]}"#
        let stub = makeStub(always: .json(text))
        guard
            case .decoding(let decodingFailure) = failure(
                result(Endpoint<Menu>("menu"), on: makeClient(stub)))
        else { return XCTFail("expected .decoding") }
        let description = decodingFailure.facts
        let body = decodingFailure.body
        XCTAssertTrue(description.contains("items[1].price"), description)
        XCTAssertEqual(body, Data(text.utf8))
        let missing = makeStub(always: .json(#"{"items":[{"name":"Soup"}]}"#))
        guard
            case .decoding(let decodingFailure) = failure(
                result(Endpoint<Menu>("m"), on: makeClient(missing)))
        else { return XCTFail("expected .decoding") }
        let missingDescription = decodingFailure.facts
        XCTAssertTrue(missingDescription.contains("\"price\""), missingDescription)
        XCTAssertTrue(missingDescription.contains("items[0]"), missingDescription)
    }

    func testDataEndpointReturnsRawBytes() {
        let bytes = Data((0...255).map { UInt8($0) })
        let stub = makeStub(always: .respond(status: 200, headers: ["Content-Type": "image/png"], body: bytes))
        XCTAssertEqual(success(result(Endpoint<Data>("images/1.png"), on: makeClient(stub))), bytes)
    }

    func testDataEndpointStillValidatesTheStatus() {
        let stub = makeStub(always: .status(404, body: "nope"))
        let error = failure(result(Endpoint<Data>("images/9.png"), on: makeClient(stub)))
        XCTAssertEqual(error, .httpStatus(code: 404, body: APIError.Body(data: Data("nope".utf8))))
    }
}
