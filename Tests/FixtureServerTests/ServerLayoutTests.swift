import Foundation
import XCTest

/// The server README's "Where things are" table stays true: every room it lists is a folder of
/// `server-fixtures/Sources`, and every Swift file there is named on its own room's row.
final class ServerLayoutTests: XCTestCase {
    private static let server = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../server-fixtures").standardizedFileURL

    /// The rows of the rooms table: room (e.g. `APIFolder/Query/`) → the names in code voice on its row.
    private func rooms() throws -> [String: Set<String>] {
        let readme = try String(contentsOf: Self.server.appendingPathComponent("README.md"), encoding: .utf8)
        let section =
            try XCTUnwrap(readme.components(separatedBy: "## Where things are").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        var rooms: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasSuffix("/`") else { continue }
            let names = cells[1].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            rooms[String(cells[0].dropFirst().dropLast())] = Set(names)
        }
        return rooms
    }

    func testEveryFileIsNamedInItsRoom() throws {
        let rooms = try rooms()
        XCTAssertGreaterThanOrEqual(rooms.count, 8, "the table lists the rooms")
        let sources = Self.server.appendingPathComponent("Sources")
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var seenRooms: Set<String> = []
        var files = 0
        for case let file as URL in walker where file.pathExtension == "swift" {
            let relative = String(file.standardizedFileURL.path.dropFirst(sources.standardizedFileURL.path.count + 1))
            let room = relative.split(separator: "/").dropLast().joined(separator: "/") + "/"
            let name = file.deletingPathExtension().lastPathComponent
            XCTAssertNotEqual(room, "/", "\(relative): every file lives in a room, none at the top of Sources/")
            XCTAssertTrue(
                rooms[room]?.contains(name) ?? false,
                "\(relative): the README's \"Where things are\" row for \(room) does not name `\(name)`")
            seenRooms.insert(room)
            files += 1
        }
        XCTAssertGreaterThan(files, 40)
        XCTAssertEqual(Set(rooms.keys), seenRooms, "every room of the table is a folder of Sources/, and back")
    }
}
