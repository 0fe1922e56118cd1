import Foundation
import XCTest

@testable import FixtureServer

/// `GET /openapi.json` over real sockets: schemas inferred from all the data (required, nullable, integer or
/// number, enums), the folder's routes and the built-in ones, `--read-only`, and `--watch` reloads.
final class OpenAPIDocumentTests: OptionsTestCase {
    /// Crafted so that only reading every item gets each rule right.
    static let crafted = #"""
        {
          "things": [
            {"id": 1, "name": "a", "size": 1, "ratio": 1, "note": "x", "kind": "red", "tags": ["t"], "box": {"w": 1}},
            {"id": 2, "name": "b", "size": 2, "ratio": 2, "kind": "red", "tags": [], "box": {"w": 2, "h": 3}},
            {"id": 3, "name": "c", "size": 3, "ratio": 2.5, "note": null, "kind": "blue", "tags": ["u"], "box": {"w": 3}},
            {"id": 4, "name": "d", "size": 4, "ratio": 3, "kind": "green", "tags": [], "box": {"w": 4}},
            {"id": 5, "name": "e", "size": 5, "ratio": 4, "kind": "blue", "tags": ["v", "w"], "box": {"w": 5}, "extra": "1"}
          ],
          "parts": [{"id": 1, "thingId": 1, "label": "p"}],
          "config": {"theme": "dark", "level": 2}
        }
        """#

    private func document(_ server: FixtureServer) throws -> [String: Any] {
        let response = try send(server, "GET", "/openapi.json")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    private func schema(_ document: [String: Any], _ name: String) throws -> [String: Any] {
        let components = try XCTUnwrap(document["components"] as? [String: Any])
        return try XCTUnwrap((components["schemas"] as? [String: Any])?[name] as? [String: Any], name)
    }

    func testSchemasAreInferredFromEveryItem() throws {
        let api = try folder("openapi")
        try api.write("db.json", Self.crafted)
        let server = try startExtraServer(try FixtureServer(api: api.url, options: .init()))
        let document = try document(server)
        XCTAssertEqual(document["openapi"] as? String, "3.0.3")
        let thing = try schema(document, "Thing")
        let properties = try XCTUnwrap(thing["properties"] as? [String: [String: Any]])
        XCTAssertEqual(
            Set(try XCTUnwrap(thing["required"] as? [String])), ["id", "name", "size", "ratio", "kind", "tags", "box"],
            "required only when every item has the key (note and extra are missing from some)")
        XCTAssertEqual(properties["size"]?["type"] as? String, "integer", "only integers seen")
        XCTAssertEqual(properties["ratio"]?["type"] as? String, "number", "integers and one fraction: number")
        XCTAssertEqual(properties["note"]?["nullable"] as? Bool, true, "null seen")
        XCTAssertNil(properties["name"]?["nullable"], "no null seen")
        XCTAssertEqual(
            properties["kind"]?["enum"] as? [String], ["blue", "green", "red"], "5 items, 3 distinct: an enum")
        XCTAssertNil(properties["name"]?["enum"], "5 distinct strings out of 5: not an enum")
        XCTAssertNil(properties["id"]?["enum"], "ids are never an enum")
        let box = try XCTUnwrap(properties["box"])
        XCTAssertEqual(box["type"] as? String, "object")
        XCTAssertEqual(box["required"] as? [String], ["w"], "h is in one box only")
        XCTAssertEqual(
            ((box["properties"] as? [String: Any])?["h"] as? [String: Any])?["type"] as? String, "integer")
        let tags = try XCTUnwrap(properties["tags"])
        XCTAssertEqual(tags["type"] as? String, "array")
        XCTAssertEqual((tags["items"] as? [String: Any])?["type"] as? String, "string", "from every non-empty array")

        let paths = try XCTUnwrap(document["paths"] as? [String: [String: Any]])
        XCTAssertEqual(
            Set(paths["/things"]?.keys.map { $0 } ?? []), ["get", "post"], "the list and its POST")
        XCTAssertEqual(Set(paths["/things/{id}"]?.keys.map { $0 } ?? []), ["get", "put", "patch", "delete"])
        XCTAssertNotNil(paths["/things/{id}/parts"]?["get"], "the nested list")
        XCTAssertEqual(Set(paths["/config"]?.keys.map { $0 } ?? []), ["get", "put", "patch"], "the singular resource")
        XCTAssertNotNil(paths["/categories"], "the built-in backends are described too")
        let list = try XCTUnwrap(paths["/things"]?["get"] as? [String: Any])
        let names = try XCTUnwrap(list["parameters"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        for name in ["q", "_sort", "_page", "_per_page", "_limit", "_embed", "size_gte", "name_like", "kind_ne"] {
            XCTAssertTrue(names.contains(name), "\(name) in \(names)")
        }
        let responses = try XCTUnwrap(list["responses"] as? [String: Any])
        XCTAssertNotNil(responses["400"], "the teaching 400 is a documented answer")
        let item = try XCTUnwrap(paths["/things/{id}"]?["get"] as? [String: Any])
        XCTAssertNotNil((item["responses"] as? [String: Any])?["404"])
    }

    func testReadOnlyDescribesOnlyReads() throws {
        let api = try folder("openapi")
        try api.write("db.json", Self.crafted)
        var options = FixtureServer.Options()
        options.readOnly = true
        let server = try startExtraServer(try FixtureServer(api: api.url, options: options))
        let paths = try XCTUnwrap(try document(server)["paths"] as? [String: [String: Any]])
        XCTAssertEqual(paths["/things"].map { Set($0.keys) }, ["get"])
        XCTAssertEqual(paths["/things/{id}"].map { Set($0.keys) }, ["get"])
    }

    func testCannedRoutesKeepTheirExamples() throws {
        let server = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: .init()))
        let paths = try XCTUnwrap(try document(server)["paths"] as? [String: [String: Any]])
        let login = try XCTUnwrap(paths["/login"]?["post"] as? [String: Any])
        let responses = try XCTUnwrap(login["responses"] as? [String: [String: Any]])
        let ok = try XCTUnwrap((responses["200"]?["content"] as? [String: [String: Any]])?["application/json"])
        let examples = try XCTUnwrap(ok["examples"] as? [String: [String: Any]])
        XCTAssertEqual((examples["success"]?["value"] as? [String: Any])?["token"] as? String, "movie-token-123")
        XCTAssertNotNil(responses["401"], "the wrong-password example's status")
        XCTAssertNotNil(paths["/movie/{id}/credits"], ":id is written {id}")
    }

    func testWatchReloadChangesTheDocument() throws {
        let api = try folder("openapi-watch")
        try api.write("db.json", #"{"items": [{"id": 1, "name": "one"}]}"#)
        var options = FixtureServer.Options()
        options.watch = true
        options.watchInterval = 0.05
        let server = try startExtraServer(try FixtureServer(api: api.url, options: options))
        XCTAssertNil(
            try schema(try document(server), "Item")["properties"].flatMap { ($0 as? [String: Any])?["price"] })
        try api.write("db.json", #"{"items": [{"id": 1, "name": "one", "price": 2.5}], "shops": [{"id": "a"}]}"#)
        XCTAssertTrue(
            try eventually {
                let document = try document(server)
                let paths = document["paths"] as? [String: Any]
                let item = try schema(document, "Item")["properties"] as? [String: [String: Any]]
                return paths?["/shops"] != nil && item?["price"]?["type"] as? String == "number"
            }, "the reloaded files are described")
    }

    func testTheServerWritesTheDocumentWithoutServing() throws {
        let server = try FixtureServer(api: Self.moviesFolder, options: .init())
        let document = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: server.openAPIDocument) as? [String: Any])
        XCTAssertNotNil((document["paths"] as? [String: Any])?["/movies"])
        XCTAssertNil(document["servers"], "no server address: it is not listening")
    }
}
