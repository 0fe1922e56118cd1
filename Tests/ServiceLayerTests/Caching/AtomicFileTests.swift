import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one atomic-file writer: permissions as the policy says, the errno kept in the error, the
/// temporary file removed on failure and the old file intact.
final class AtomicFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try makeCacheDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    private func names() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    private func text(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// A write replaces the file whole and leaves no temporary file behind.
    func testReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let file = directory.appendingPathComponent("file.json")
        try AtomicFile.document.write(Data("one".utf8), to: file, temporaryName: ".tmp-1")
        try AtomicFile.document.write(Data("two".utf8), to: file, temporaryName: ".tmp-2")
        XCTAssertEqual(try text(file), "two")
        XCTAssertEqual(try names(), ["file.json"])
    }

    /// `0600` is honoured: forced past any umask for a secret; for a cache entry a umask can only
    /// narrow it, never widen it.
    func testPermissionsFollowThePolicy() throws {
        let secret = directory.appendingPathComponent("secret")
        let entry = directory.appendingPathComponent("entry")
        let wide = directory.appendingPathComponent("wide")
        let previous = umask(0o277)  // would leave the owner read-only
        defer { umask(previous) }
        try AtomicFile.secret.write(Data("s".utf8), to: secret, temporaryName: ".tmp-s")
        try AtomicFile.cacheEntry.write(Data("e".utf8), to: entry, temporaryName: ".tmp-e")
        umask(0)
        try AtomicFile.cacheEntry.write(Data("w".utf8), to: wide, temporaryName: ".tmp-w")
        XCTAssertEqual(try mode(secret), 0o600)
        XCTAssertEqual(try mode(entry), 0o400)
        XCTAssertEqual(try mode(wide), 0o600)
    }

    /// A missing folder fails at creating the temporary file, with `ENOENT` in the error.
    func testAMissingFolderFailsWithItsErrno() throws {
        let file = directory.appendingPathComponent("missing/file")
        XCTAssertThrowsError(try AtomicFile.secret.write(Data("x".utf8), to: file, temporaryName: ".tmp")) { error in
            let failure = error as? AtomicFileError
            XCTAssertEqual(failure?.step, .create)
            XCTAssertEqual(failure?.errno, ENOENT)
            XCTAssertEqual(failure?.posixError.code, .ENOENT)
            XCTAssertTrue(failure?.description.contains("No such file or directory") ?? false, "\(error)")
        }
        XCTAssertEqual(try names(), [])
    }

    /// A folder that cannot be written (read-only for a user; under a regular file, which stops root
    /// too) fails with the system's errno and leaves nothing behind.
    func testAFolderThatCannotBeWrittenFailsWithItsErrno() throws {
        let (blocker, unwritable) = try makeUnwritableDirectory()
        defer { try? FileManager.default.removeItem(at: blocker) }
        let file = unwritable.appendingPathComponent("file")
        XCTAssertThrowsError(try AtomicFile.cacheEntry.write(Data("x".utf8), to: file, temporaryName: ".tmp")) {
            XCTAssertEqual(($0 as? AtomicFileError)?.errno, ENOTDIR)
        }
        guard geteuid() != 0 else { return }  // root writes into read-only folders
        let readOnly = directory.appendingPathComponent("read-only", isDirectory: true)
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
        chmod(readOnly.path, 0o500)
        defer { chmod(readOnly.path, 0o700) }
        XCTAssertThrowsError(
            try AtomicFile.cacheEntry.write(
                Data("x".utf8), to: readOnly.appendingPathComponent("file"), temporaryName: ".tmp")
        ) { XCTAssertEqual(($0 as? AtomicFileError)?.errno, EACCES) }
    }

    /// A failed rename (a directory holds the destination's name) removes the temporary file and
    /// leaves what was there as it was.
    func testAFailedRenameRemovesTheTemporaryFile() throws {
        let taken = directory.appendingPathComponent("taken", isDirectory: true)
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: taken.appendingPathComponent("inside"))
        XCTAssertThrowsError(try AtomicFile.document.write(Data("x".utf8), to: taken, temporaryName: ".tmp-r")) {
            let failure = $0 as? AtomicFileError
            XCTAssertEqual(failure?.step, .rename)
            XCTAssertNotEqual(failure?.errno ?? 0, 0)
            XCTAssertEqual(failure?.path, taken.path)
        }
        XCTAssertEqual(try names(), ["taken"])
        XCTAssertEqual(try text(taken.appendingPathComponent("inside")), "inside")
    }

    /// A failed write keeps the old file intact; a temporary name already taken (a link or a file
    /// planted there) is neither followed, written nor removed.
    func testTheOldFileIsIntactAfterAFailedWrite() throws {
        let file = directory.appendingPathComponent("order.json")
        try AtomicFile.document.write(Data("old".utf8), to: file, temporaryName: ".tmp-1")
        let planted = directory.appendingPathComponent(".tmp-2")
        try Data("planted".utf8).write(to: planted)
        XCTAssertThrowsError(try AtomicFile.document.write(Data("new".utf8), to: file, temporaryName: ".tmp-2")) {
            XCTAssertEqual(($0 as? AtomicFileError)?.step, .create)
            XCTAssertEqual(($0 as? AtomicFileError)?.errno, EEXIST)
        }
        XCTAssertEqual(try text(file), "old")
        XCTAssertEqual(try text(planted), "planted")
        let link = directory.appendingPathComponent(".tmp-3")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: planted)
        XCTAssertThrowsError(try AtomicFile.secret.write(Data("new".utf8), to: file, temporaryName: ".tmp-3"))
        XCTAssertEqual(try text(file), "old")
        XCTAssertEqual(try text(planted), "planted")
        XCTAssertEqual(try names(), ["order.json", ".tmp-2", ".tmp-3"])
    }
}
