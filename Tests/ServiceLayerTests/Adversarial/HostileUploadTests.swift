import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads against a local attacker: the temporary body file's mode, a boundary planted in a part,
/// a source file swapped for a symbolic link, a source that grows after the body was written.
final class HostileUploadTests: HostileServerTestCase {
    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testTheTemporaryBodyFileIsOwnerOnly() throws {
        let directory = try makeDirectory()
        let source = directory.appendingPathComponent("photo.png")
        try Data(repeating: 7, count: 100_000).write(to: source)
        var form = MultipartForm()
        form.appendFile(at: source, named: "avatar", contentType: "image/png")
        let body = try form.writeToTemporaryFile()
        defer { try? FileManager.default.removeItem(at: body) }
        XCTAssertEqual(try mode(body.path), 0o600)
        XCTAssertTrue(
            body.path.hasPrefix(FileManager.default.temporaryDirectory.path), "the control: in the shared folder")
        XCTAssertGreaterThan(try Data(contentsOf: body).count, 100_000)
    }

    func testABoundaryInAPartsContentIsRefusedAndNothingIsSent() async throws {
        let server = try startServer { _ in .text("ok") }
        let client = makeClient(server.baseURL)
        let directory = try makeDirectory()
        let planted = directory.appendingPathComponent("planted.bin")
        // Across the 64 KiB edge of the copy: found in the window that joins two chunks.
        try (Data(repeating: 1, count: 64 * 1024 - 3) + Data("--Chosen-Boundary\r\n".utf8)).write(to: planted)

        var inMemory = MultipartForm(boundary: "Chosen-Boundary")
        inMemory.append(
            "before\r\n--Chosen-Boundary\r\nContent-Disposition: form-data; name=\"admin\"\r\n\r\n1", named: "x")
        var fromDisk = MultipartForm(boundary: "Chosen-Boundary")
        fromDisk.appendFile(at: planted, named: "file")
        for form in [inMemory, fromDisk] {
            let refused = await error { () async throws(APIError) in
                try await client.send(Endpoint<TextAnswer>(method: .post, "upload").multipart(form))
            }
            guard case .invalidRequest(let reason)? = refused else { return XCTFail("\(String(describing: refused))") }
            XCTAssertTrue("\(reason)".contains("boundary"), "\(reason)")
        }
        XCTAssertTrue(server.requests.isEmpty, "nothing was sent")

        var control = MultipartForm(boundary: "Chosen-Boundary")
        control.append("before --Chosen-Boundar y", named: "x")
        _ = try await client.send(Endpoint<TextAnswer>(method: .post, "upload").multipart(control))
        XCTAssertEqual(server.requests.count, 1)
    }

    func testASourceFileSwappedForASymbolicLinkIsRefused() async throws {
        let server = try startServer { _ in .text("ok") }
        let client = makeClient(server.baseURL)
        let directory = try makeDirectory()
        let secret = directory.appendingPathComponent("secret.txt")
        try Data("private-key-material".utf8).write(to: secret)
        let photo = directory.appendingPathComponent("photo.png")
        try Data("a real photo".utf8).write(to: photo)

        var form = MultipartForm()
        form.appendFile(at: photo, named: "avatar")
        let formUpload = Endpoint<TextAnswer>(method: .post, "form").multipart(form)
        let fileUpload = Endpoint<TextAnswer>(method: .put, "file").file(photo)
        _ = try await client.send(formUpload)  // the controls: the regular file goes up
        _ = try await client.send(fileUpload)
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertTrue(server.requests.allSatisfy { String(decoding: $0.body, as: UTF8.self).contains("a real photo") })

        try FileManager.default.removeItem(at: photo)
        try FileManager.default.createSymbolicLink(at: photo, withDestinationURL: secret)
        for endpoint in [formUpload, fileUpload] {
            let refused = await error { () async throws(APIError) in try await client.send(endpoint) }
            guard case .fileAccess(let reason)? = refused else { return XCTFail("\(String(describing: refused))") }
            XCTAssertTrue("\(reason)".contains("symbolic link"), "\(reason)")
        }
        XCTAssertEqual(server.requests.count, 2, "nothing more was sent")
    }

    func testASourceThatGrowsAfterTheBodyWasWrittenSendsWhatWasCopied() throws {
        let directory = try makeDirectory()
        let source = directory.appendingPathComponent("log.txt")
        try Data(repeating: UInt8(ascii: "a"), count: 1000).write(to: source)
        var form = MultipartForm(boundary: "B")
        form.appendFile(at: source, named: "log")
        let body = try form.writeToTemporaryFile()
        defer { try? FileManager.default.removeItem(at: body) }
        let handle = try FileHandle(forWritingTo: source)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "b"), count: 5000))
        try handle.close()
        let sent = try Data(contentsOf: body)
        let text = String(decoding: sent, as: UTF8.self)
        XCTAssertTrue(text.contains(String(repeating: "a", count: 1000) + "\r\n--B--\r\n"), "the copy, whole")
        XCTAssertFalse(sent.contains(UInt8(ascii: "b")), "none of what came after")
        XCTAssertEqual(try Data(contentsOf: source).count, 6000, "the control: the source did grow")
    }

    /// A whole-body file (``Endpoint/file(_:contentType:)``) that grows while it is sent (no copy is made
    /// first): the server pauses after the head, the test appends to the file, then the server reads the
    /// body. The call fails with ``APIError/fileAccess(_:)`` saying the file changed while it was sent
    /// (what, to where, the sizes, the fix); what went up is the file as it was when the try started
    /// (`Content-Length` its size then), and on Linux, where URLSession sends bytes past it, the request
    /// says `Connection: close`, so that none of them is taken for another request.
    func testAWholeBodyFileThatGrowsWhileItIsSentFailsSayingSo() async throws {
        let directory = try makeDirectory()
        let source = directory.appendingPathComponent("growing.bin")
        let original = Data(repeating: UInt8(ascii: "a"), count: 8 * 1024 * 1024)
        try original.write(to: source)
        let server = try startServer { _ in .text("ok") }
        server.beforeReadingBodies {
            guard let handle = try? FileHandle(forWritingTo: source) else { return }
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: Data(repeating: UInt8(ascii: "b"), count: 1024 * 1024))
            try? handle.close()
        }
        // 5 s, not 30: in about one whole run in six on Linux the exchange does not end until the timeout
        // (the answer is written; the grown file's extra bytes are the likely cause, not yet understood), and
        // the call still ends with the change of the file, which is checked first (BENCHMARKS.md, issue 57).
        let client = makeClient(server.baseURL, options: APIClient.Options(timeout: 5, retryPolicy: .never))
        let failure = await error { () async throws(APIError) in
            _ = try await client.send(Endpoint<TextAnswer>(method: .put, "file").file(source))
        }
        guard case .fileAccess(let reason)? = failure else { return XCTFail("\(String(describing: failure))") }
        XCTAssertTrue("\(reason)".contains("growing.bin changed while it was being sent"), "\(reason)")
        XCTAssertTrue("\(reason)".contains(server.baseURL.appendingPathComponent("file").absoluteString), "\(reason)")
        let sizes = "\(original.count) bytes, then \(original.count + 1024 * 1024)"
        XCTAssertTrue("\(reason)".contains(sizes), "\(reason)")
        XCTAssertTrue("\(reason)".contains("Send it again once nothing writes to it"), "\(reason)")
        let received = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(received.headers["content-length"], "\(original.count)")
        XCTAssertEqual(received.body.prefix(original.count), original)
        #if canImport(FoundationNetworking)
        // Linux's URLSession goes on reading the grown file past Content-Length (this server keeps what
        // its last read got): the connection closes after the answer, so none of it is another request.
        XCTAssertEqual(received.headers["connection"], "close")
        #endif
        XCTAssertEqual(try Data(contentsOf: source).count, original.count + 1024 * 1024, "the control: it grew")
    }

    /// The other path: a whole-body file nobody writes to goes up as it is, from where it is — no copy
    /// in the temporary directory —, and the call succeeds.
    func testAWholeBodyFileThatStaysTheSameIsSentFromWhereItIs() async throws {
        let directory = try makeDirectory()
        let source = directory.appendingPathComponent("steady.bin")
        let original = ServerPattern.bytes(3_000_000)
        try original.write(to: source)
        let temporary = try makeDirectory()
        let savedTMPDIR = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", temporary.path, 1)
        defer { if let savedTMPDIR { setenv("TMPDIR", savedTMPDIR, 1) } else { unsetenv("TMPDIR") } }
        let copies = Locked<[String]>([])
        let server = try startServer { _ in .text("ok") }
        server.beforeReadingBodies {  // while the body is on its way: any copy of it exists now
            let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            copies.withLock { $0 += names }
        }
        let client = makeClient(server.baseURL, options: APIClient.Options(timeout: 30, retryPolicy: .never))
        _ = try await client.send(Endpoint<TextAnswer>(method: .put, "file").file(source))
        let received = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(received.body, original)
        XCTAssertEqual(copies.withLock { $0 }, [], "no copy was made")
        #if os(Linux)
        XCTAssertEqual(
            FileManager.default.temporaryDirectory.resolvingSymlinksInPath().standardizedFileURL.path,
            temporary.resolvingSymlinksInPath().standardizedFileURL.path, "the control: TMPDIR is read")
        #endif
    }
}
