import Foundation
import XCTest

/// A fresh folder under the temporary directory, removed by `remove()` (call it in `tearDown`).
struct TemporaryFolder {
    let url: URL

    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the folder (subfolders created), atomically.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
        return file
    }

    /// A copy of `folder`'s files in a new temporary folder.
    static func copy(of folder: URL, prefix: String) throws -> TemporaryFolder {
        let copy = try TemporaryFolder(prefix)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent(name), to: copy.url.appendingPathComponent(name))
        }
        return copy
    }

    /// Every regular file below the folder, with its path relative to it.
    func files() -> [(name: String, data: Data)] {
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        var result: [(String, Data)] = []
        while let file = enumerator?.nextObject() as? URL {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
                let data = FileManager.default.contents(atPath: file.path)
            else { continue }
            result.append((String(file.path.dropFirst(url.path.count)), data))
        }
        return result
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Polls `condition` every 50 ms for up to `seconds` (a generous bound for a busy machine, never a
/// measurement); returns whether it became true.
func eventually(within seconds: TimeInterval = 30, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(50_000)
    }
    return try condition()
}
