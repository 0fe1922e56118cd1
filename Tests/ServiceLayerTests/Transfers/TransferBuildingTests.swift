import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bytes a form, a multipart form and their headers become, and the progress counter's promises,
/// without a network.
final class TransferBuildingTests: XCTestCase {
    func testAMultipartBodyIsFramedByItsBoundary() throws {
        var form = MultipartForm(boundary: "XyZ")
        form.append("Janet", named: "name")
        form.append(Data([1, 2]), named: "avatar", fileName: "j.png", contentType: "image/png")
        XCTAssertEqual(form.contentType, "multipart/form-data; boundary=XyZ")
        let expected =
            "--XyZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nJanet\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"j.png\"\r\n"
            + "Content-Type: image/png\r\n\r\n\u{1}\u{2}\r\n--XyZ--\r\n"
        XCTAssertEqual(String(decoding: try form.data(), as: UTF8.self), expected)
    }

    func testNamesCannotBreakOutOfTheirQuotesOrTheirHeader() {
        XCTAssertEqual(MultipartForm.escaped("a\"b\r\nc-é😀"), "a%22b%0D%0Ac-é😀")
        let headers = MultipartForm.headers(name: "x", fileName: "e\"vil.png", contentType: "text/html\r\nX: y")
        XCTAssertEqual(
            headers,
            "Content-Disposition: form-data; name=\"x\"; filename=\"e%22vil.png\"\r\nContent-Type: text/htmlX: y\r\n")
    }

    func testAnInvalidBoundaryIsReplacedByARandomOne() {
        XCTAssertNotEqual(MultipartForm(boundary: "with space").boundary, "with space")
        XCTAssertNotEqual(MultipartForm(boundary: String(repeating: "a", count: 71)).boundary.count, 71)
        XCTAssertNotEqual(MultipartForm().boundary, MultipartForm().boundary)
    }

    func testAFormBodyIsPercentEncodedWithPlusForSpace() {
        XCTAssertEqual(
            String(decoding: FormEncoding.body([("a b", "1+1=2&é"), ("c", "")]), as: UTF8.self),
            "a+b=1%2B1%3D2%26%C3%A9&c=")
    }

    func testABodyFromDiskIsNotInTheRequestAndKeepsItsType() throws {
        let client = APIClient(baseURL: URL(string: "http://api.test/")!)
        let file = URL(fileURLWithPath: "/tmp/none.bin")
        let request = try client.makeRequest(
            for: Endpoint<Void>(method: .put, "x").file(file, contentType: "video/mp4")
        )
        .get()
        XCTAssertNil(request.httpBody)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "video/mp4")
        let form = try client.makeRequest(for: Endpoint<Void>(method: .post, "x").form([("a", "b")])).get()
        XCTAssertEqual(form.httpBody, Data("a=b".utf8))
    }

    func testTheCounterReportsNothingAfterItStopsAndRestartsWithEachTry() {
        let reported = Locked<[TransferProgress]>([])
        let finished = Locked(0)
        let counter = ProgressCounter(
            report: { progress in reported.withLock { $0.append(progress) } },
            finished: { finished.withLock { $0 += 1 } })
        counter.startTry(expectedToSend: 10)
        counter.sent(10, of: 10)
        counter.startTry(expectedToSend: 10)  // a retry: reported at once, from zero
        XCTAssertEqual(reported.withLock { $0 }.last, TransferProgress(totalBytesToSend: 10, attempt: 2))
        counter.sent(4, of: 10)
        counter.stop()
        counter.sent(10, of: 10)
        counter.stop()
        XCTAssertEqual(
            reported.withLock { $0 }.last, TransferProgress(bytesSent: 4, totalBytesToSend: 10, attempt: 2),
            "the last value, reported by stop, and nothing after")
        XCTAssertEqual(finished.withLock { $0 }, 1)
    }
}
