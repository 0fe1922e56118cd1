import Foundation
import XCTest

@testable import FixtureServer

/// Uploads served back (issue 34): the avatar route serves only PNG, JPEG, GIF and WebP as themselves and
/// everything else as an `application/octet-stream` attachment; part headers follow the request head's line
/// rules; `name` and `filename` follow the shared quoting rule (ends at the first `"`, then `%XX` decoded).
final class HostileUploadTests: FixtureTestCase {
    private let boundary = "b0undary-34"

    /// POSTs a form to `/api/users/2/avatar` whose parts are `(header lines, content)`.
    private func upload(_ parts: [(String, String)]) throws -> RawResponse {
        var body = ""
        for (headers, content) in parts { body += "--\(boundary)\r\n\(headers)\r\n\r\n\(content)\r\n" }
        body += "--\(boundary)--\r\n"
        return try rawExchange(
            "POST /api/users/2/avatar HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    }

    private func avatarPart(type: String, content: String = "<script>alert(1)</script>") -> (String, String) {
        ("Content-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\nContent-Type: \(type)", content)
    }

    private func served() throws -> RawResponse {
        try rawExchange("GET /api/users/2/avatar HTTP/1.1\r\nHost: x\r\n\r\n")
    }

    // MARK: What an upload is served back as

    func testAPageUploadIsServedAsAnAttachment() throws {
        for type in ["text/html", "text/html; charset=utf-8", "image/svg+xml", "application/xhtml+xml", "text/plain"] {
            XCTAssertEqual(try upload([avatarPart(type: type)]).status, 201, type)
            let back = try served()
            XCTAssertEqual(back.status, 200)
            XCTAssertEqual(back.text, "<script>alert(1)</script>", "the bytes are kept")
            XCTAssertEqual(back.headers["content-type"], "application/octet-stream", type)
            XCTAssertEqual(back.headers["content-disposition"], "attachment", type)
            XCTAssertEqual(back.headers["x-content-type-options"], "nosniff", type)
        }
    }

    func testImageTypesAreServedAsThemselves() throws {
        for (sent, expected) in [
            ("image/png", "image/png"), ("image/jpeg", "image/jpeg"), ("image/gif", "image/gif"),
            ("image/webp", "image/webp"), ("IMAGE/PNG; x=y", "image/png"),
        ] {
            XCTAssertEqual(try upload([avatarPart(type: sent, content: "\u{89}PNG")]).status, 201, sent)
            let back = try served()
            XCTAssertEqual(back.headers["content-type"], expected, sent)
            XCTAssertNil(back.headers["content-disposition"], sent)
            XCTAssertEqual(back.headers["x-content-type-options"], "nosniff", sent)
        }
    }

    // MARK: Part headers

    func testABareCROrLFInAPartHeaderIs400() throws {
        for type in ["image/png\nX-Injected: yes", "image/png\rX-Injected: yes", "image/png\u{0}"] {
            let refused = try upload([avatarPart(type: type)])
            XCTAssertEqual(refused.status, 400, type.debugDescription)
            XCTAssertEqual(refused.text, #"{"error":"Malformed multipart body"}"#)
        }
        XCTAssertEqual(try served().status, 404, "nothing was stored")
        let bareLFLine = (
            "Content-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\nContent-Type: image/png", "x"
        )
        XCTAssertEqual(try upload([bareLFLine]).status, 400, "a bare LF between two part header lines")
        // Control: the same part with CRLF is stored and served back with no injected field.
        XCTAssertEqual(try upload([avatarPart(type: "image/png")]).status, 201)
        let back = try served()
        XCTAssertEqual(back.headers["content-type"], "image/png")
        XCTAssertNil(back.headers["x-injected"])
    }

    // MARK: The quoting rule for names

    func testNamesFollowTheSharedQuotingRule() throws {
        let cases: [(sent: String, name: String)] = [
            (#"dir\"#, #"dir\"#),  // a backslash is an ordinary character, never an escape
            (#"dir%5C"#, #"dir\"#), (#"a%22b"#, #"a"b"#), ("a%0D%0Ab", "a\r\nb"), ("100%25", "100%"),
            ("é😀 ü", "é😀 ü"), ("%zz%4", "%zz%4"), ("%e2%82%ac", "€"), ("tab%09del%7F", "tab\tdel\u{7F}"),
        ]
        var parts = cases.map { ("Content-Disposition: form-data; name=\"\($0.sent)\"", "v") }
        parts.append(("Content-Disposition: form-data; name=\"avatar\"; filename=\"dir\\\"", "png"))
        let response = try upload(parts)
        XCTAssertEqual(response.status, 201, response.text)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let fields = try XCTUnwrap(object["fields"] as? [String: String])
        XCTAssertEqual(Set(fields.keys), Set(cases.map(\.name)))
        XCTAssertEqual(object["fileName"] as? String, #"dir\"#, "the filename ends at the first quote")
    }

    func testTheParameterParserDirectly() {
        let parsed = MultipartParser.parameters(
            of: #"form-data; name="a\"; filename="x%22y%0D%0A.png"; size=12 ; empty="""#)
        XCTAssertEqual(parsed["name"], #"a\"#)
        XCTAssertEqual(parsed["filename"], "x\"y\r\n.png")
        XCTAssertEqual(parsed["size"], "12")
        XCTAssertEqual(parsed["empty"], "")
        // What came after the closing quote of `name` before the `;` is not part of any value.
        XCTAssertEqual(MultipartParser.parameters(of: #"form-data; name="a"junk; filename="f""#)["filename"], "f")
        XCTAssertEqual(MultipartParser.percentDecoded(Array("%41%4a%4A%%2%g0".utf8)[...]), "AJJ%%2%g0")
    }
}
