import Foundation
import XCTest

@testable import FixtureServer

/// Symbolic links in an `--api` folder (issue 34, decided): links that stay inside the folder are followed,
/// a link that leads outside it is refused when the folder is loaded, so nothing outside can be served or
/// overwritten by `--write`.
final class HostileFolderLinkTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: scratch.appendingPathComponent("api/data"), withIntermediateDirectories: true)
        try Data(#"{"secret": "outside"}"#.utf8).write(to: scratch.appendingPathComponent("outside.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private var folder: URL { scratch.appendingPathComponent("api") }
    private let database = Data(#"{"movies": [{"id": 1, "title": "Inside"}]}"#.utf8)

    private func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
    }

    private func refusal(file: StaticString = #filePath, line: UInt = #line) -> APIFolderError? {
        do {
            _ = try FixtureServer(api: folder)
            XCTFail("the folder was loaded", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testALinkInsideTheFolderIsFollowed() throws {
        try database.write(to: folder.appendingPathComponent("data/db.json"))
        try link("db.json", to: "data/db.json")
        let server = try FixtureServer(api: folder)
        try server.start()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        defer { client.close() }
        client.send("GET /movies/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.text, #"{"id":1,"title":"Inside"}"#)
    }

    func testADatabaseLinkedFromOutsideIsRefused() throws {
        try database.write(to: scratch.appendingPathComponent("elsewhere.json"))
        try link("db.json", to: scratch.appendingPathComponent("elsewhere.json").path)
        let error = try XCTUnwrap(refusal())
        XCTAssertTrue(error.file.hasSuffix("/api/db.json"), error.file)
        XCTAssertTrue(error.message.contains("outside the folder"), error.message)
        XCTAssertTrue(error.message.contains("Copy the file into the folder"), error.message)
    }

    func testAnyLinkLeavingTheFolderIsRefusedEvenUnused() throws {
        try database.write(to: folder.appendingPathComponent("db.json"))
        XCTAssertNoThrow(try FixtureServer(api: folder), "control: the folder alone loads")
        try link("data/up.json", to: "../../outside.json")
        XCTAssertTrue(try XCTUnwrap(refusal()).file.hasSuffix("/api/data/up.json"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("data/up.json"))
        try link("etc", to: "/etc")
        XCTAssertTrue(try XCTUnwrap(refusal()).message.contains("symbolic link to /etc"))
    }
}
