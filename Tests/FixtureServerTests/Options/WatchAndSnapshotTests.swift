import Foundation
import XCTest

@testable import FixtureServer

/// `--watch` (`Options.watch`, `reloadAPI()`) and `--snapshot` (`snapshot(to:)`) over real sockets.
final class WatchAndSnapshotTests: OptionsTestCase {
    private let lines = Locked<[String]>([])

    private func logged(_ text: String) -> Bool {
        lines.withLock { $0.contains { $0.contains(text) } }
    }

    func testWatchReloadsChangedFilesAndKeepsTheOldDataWhenTheNewOnesAreInvalid() throws {
        let api = try folder("watch")
        try api.write("db.json", #"{"items": [{"id": 1, "name": "one"}]}"#)
        var options = FixtureServer.Options()
        options.watch = true
        options.watchInterval = 0.05  // a reload shows within 50 ms instead of half a second
        let lines = self.lines
        let watching = try startExtraServer(
            try FixtureServer(api: api.url, options: options, logger: { line in lines.withLock { $0.append(line) } }))
        XCTAssertEqual(try ids(try send(watching, "GET", "/items")), [1])
        let before = try send(watching, "GET", "/items").headers["etag"]

        try api.write("db.json", #"{"items": [{"id": 1, "name": "one"}, {"id": 2, "name": "two"}]}"#)
        XCTAssertTrue(try eventually { try ids(try send(watching, "GET", "/items")) == [1, 2] }, "reloaded")
        XCTAssertTrue(logged("fixture-server: reloaded"))
        XCTAssertNotEqual(try send(watching, "GET", "/items").headers["etag"], before, "new data, new validator")

        // A new routes.json is read too, and a route of it is served.
        try api.write("routes.json", #"{"routes": [{"method": "GET", "path": "/hello", "text": "hi"}]}"#)
        XCTAssertTrue(try eventually { try send(watching, "GET", "/hello").text == "hi" })

        // Invalid JSON: the error (file and line) is logged and the old data stays served.
        try api.write("db.json", "{\n  \"items\": [\n")
        XCTAssertTrue(eventually { logged("kept the previous data") }, lines.withLock { $0.joined(separator: "\n") })
        let error = try XCTUnwrap(lines.withLock { $0.last { $0.contains("kept the previous data") } })
        XCTAssertTrue(error.contains("db.json:"), error)
        XCTAssertEqual(try ids(try send(watching, "GET", "/items")), [1, 2])
        XCTAssertEqual(try send(watching, "GET", "/hello").text, "hi")

        // Fixed again: served again.
        try api.write("db.json", #"{"items": [{"id": 3, "name": "three"}]}"#)
        XCTAssertTrue(try eventually { try ids(try send(watching, "GET", "/items")) == [3] })
    }

    func testWithoutWatchChangesWaitForReloadAPI() throws {
        let api = try folder("nowatch")
        try api.write("db.json", #"{"items": [{"id": 1}]}"#)
        let still = try startExtraServer(try FixtureServer(api: api.url, options: FixtureServer.Options()))
        try api.write("db.json", #"{"items": [{"id": 1}, {"id": 2}]}"#)
        XCTAssertEqual(try ids(try send(still, "GET", "/items")), [1], "not watched: the data loaded at start")
        try still.reloadAPI()
        XCTAssertEqual(try ids(try send(still, "GET", "/items")), [1, 2])
        try api.write("db.json", "[]")
        XCTAssertThrowsError(try still.reloadAPI()) { error in
            XCTAssertTrue("\(error)".contains("db.json:1"), "\(error)")
        }
        XCTAssertEqual(try ids(try send(still, "GET", "/items")), [1, 2], "the old data stays")
    }

    func testSnapshotWritesTheCurrentDataInDbJsonShape() throws {
        let movies = try moviesCopy()
        let live = try startExtraServer(try FixtureServer(api: movies.url, options: FixtureServer.Options()))
        XCTAssertEqual(try send(live, "POST", "/movies", body: #"{"title":"Snapshot Movie"}"#).status, 201)
        XCTAssertEqual(try send(live, "DELETE", "/reviews/1").status, 204)
        let out = try folder("snapshot")
        let file = out.url.appendingPathComponent("db.json")
        try live.snapshot(to: file)

        let saved = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual(Set(saved.keys), ["movies", "profile", "reviews"], "the singular profile too")
        let titles = try XCTUnwrap(saved["movies"] as? [[String: Any]]).compactMap { $0["title"] as? String }
        XCTAssertEqual(titles.count, 9)
        XCTAssertEqual(titles.last, "Snapshot Movie")
        XCTAssertFalse(try XCTUnwrap(saved["reviews"] as? [[String: Any]]).contains { $0["id"] as? Int == 1 })
        let original = try String(contentsOf: movies.url.appendingPathComponent("db.json"), encoding: .utf8)
        XCTAssertFalse(original.contains("Snapshot Movie"), "the folder's db.json is untouched without --write")

        // The snapshot is a db.json: another server serves it.
        let again = try startExtraServer(try FixtureServer(api: out.url))
        XCTAssertEqual(try ids(try send(again, "GET", "/movies?title=Snapshot%20Movie")), [9])
    }

    func testSnapshotWithoutADatabaseSaysSo() throws {
        let bare = try startExtraServer(FixtureServer())
        let out = try folder("snapshot")
        XCTAssertThrowsError(try bare.snapshot(to: out.url.appendingPathComponent("db.json"))) { error in
            XCTAssertTrue("\(error)".contains("no --api folder with a db.json"), "\(error)")
        }
    }
}
