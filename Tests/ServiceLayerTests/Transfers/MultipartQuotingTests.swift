import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The one quoting rule for multipart names, shared with the fixture server's parser: the sender
/// percent-encodes `"`, CR, LF, `%`, `\` and every other control; the receiver ends the quoted string at
/// the first `"` and decodes `%XX`. Every string survives the round trip.
final class MultipartQuotingTests: XCTestCase {
    /// The receiver's half, as the fixture server implements it: the value up to the first `"`, then
    /// each `%XX` decoded (as bytes, so UTF-8 sent raw stays as it is).
    private func received(_ quotedValue: String) -> String? {
        let value = quotedValue.prefix { $0 != "\"" }
        var bytes: [UInt8] = []
        let utf8 = Array(value.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let byte = UInt8(String(decoding: utf8[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(bytes: bytes, encoding: .utf8)
    }

    func testEachCharacterOfTheRuleIsEncoded() {
        XCTAssertEqual(MultipartForm.escaped(#"dir\"#), "dir%5C")
        XCTAssertEqual(MultipartForm.escaped(#"a"b"#), "a%22b")
        XCTAssertEqual(MultipartForm.escaped("a\r\nb"), "a%0D%0Ab")
        XCTAssertEqual(MultipartForm.escaped("50%"), "50%25")
        XCTAssertEqual(MultipartForm.escaped("%22"), "%2522", "an encoded-looking name is not decoded into a quote")
        XCTAssertEqual(MultipartForm.escaped("t\tn\u{0}d\u{7F}e\u{1B}"), "t%09n%00d%7Fe%1B")
        XCTAssertEqual(MultipartForm.escaped("café-😀.png"), "café-😀.png", "non-ASCII as raw UTF-8")
        XCTAssertEqual(MultipartForm.escaped("plain-name_1.png"), "plain-name_1.png", "the control: unchanged")
    }

    func testEveryNameSurvivesTheRoundTrip() {
        var names = [#"dir\"#, #"a\"b"#, "quote\"d", "cr\rlf\nboth\r\n", "50%", "%41", "%%", "é😀ü", #"\\"#, ""]
        names.append(String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self))  // every ASCII character
        for name in names {
            let header = MultipartForm.headers(name: name, fileName: name, contentType: nil)
            let prefix = "Content-Disposition: form-data; name=\""
            XCTAssertTrue(header.hasPrefix(prefix))
            XCTAssertEqual(header.filter { $0 == "\"" }.count, 4, "only the four quotes of the rule: \(header)")
            XCTAssertFalse(header.unicodeScalars.dropLast(2).contains { $0 == "\r" || $0 == "\n" }, header)
            let afterName = String(header.dropFirst(prefix.count))
            XCTAssertEqual(received(afterName), name)
            let fileValue = afterName.components(separatedBy: "; filename=\"").last ?? ""
            XCTAssertEqual(received(fileValue), name)
        }
    }

    func testAPartsContentTypeLosesEveryControlCharacter() {
        let headers = MultipartForm.headers(name: "x", fileName: nil, contentType: "text/plain\n\u{0}X-Evil: 1\r")
        XCTAssertEqual(headers, "Content-Disposition: form-data; name=\"x\"\r\nContent-Type: text/plainX-Evil: 1\r\n")
    }
}
