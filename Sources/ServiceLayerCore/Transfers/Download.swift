import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Puts a finished download in place: checked against its `Content-Length`, then moved to its
/// destination in one step, or removed.
enum Download {
    /// The longest error body read back from a download's file: 1 MiB.
    static let errorBodyLimit = 1 << 20

    /// `outcome` for a download whose answer was written to `end.file`: on success the file is at
    /// `destination`, else a typed error and the file removed here, before the caller hears of it. A
    /// non-2xx answer keeps its body (up to ``errorBodyLimit``) in the error; a connection cut after the
    /// answer announced its length is ``APIError/incompleteDownload(expected:received:url:)``.
    static func finish(_ outcome: ExchangeOutcome, end: SessionTask.End, at destination: URL) -> ExchangeOutcome {
        let file = end.file
        defer { if let file { try? FileManager.default.removeItem(at: file) } }  // gone before the caller hears
        // A write that failed cancelled the task: the file error is the outcome.
        if let fileError = end.fileError { return .failure(APIError(fileError: fileError)) }
        switch outcome {
        case .failure(.transport(let error)) where [.unknown, .networkConnectionLost].contains(error.code):
            // The connection failed after the answer announced its length: cut short. (Linux says
            // URLError.unknown, "transfer closed with N bytes remaining to read", and keeps no response.)
            let announced = (end.response as? HTTPURLResponse).flatMap(expectedLength) ?? end.expectedLength
            guard let expected = announced else { return outcome }
            return .failure(.incompleteDownload(expected: expected, received: min(end.bytesReceived, expected)))
        case .failure(.httpStatus(let code, let body)) where body.data.isEmpty:
            return .failure(
                .httpStatus(code: code, body: body.with(data: file.map(errorBody) ?? Data())))
        case .failure(let error):
            return .failure(error)
        case .success(let (_, http)):
            guard let file else { return .failure(.fileAccess(.noDownloadedFile)) }
            let received = size(of: file)
            if let expected = expectedLength(of: http), expected != received {
                return .failure(.incompleteDownload(expected: expected, received: received))
            }
            do {
                try moveIntoPlace(file, at: destination)
            } catch {
                return .failure(APIError(fileError: error))
            }
            return .success((Data(), http))
        }
    }

    /// The `Content-Length` to check the file against: `nil` when the server sent none, or sent the
    /// body compressed (URLSession then writes more bytes than it announced).
    static func expectedLength(of response: HTTPURLResponse) -> Int64? {
        let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        guard encoding == "identity", let text = response.value(forHTTPHeaderField: "Content-Length"),
            let length = Int64(text.trimmingCharacters(in: .whitespaces)), length >= 0
        else { return nil }
        return length
    }

    /// Where one try of a download to `destination` writes the answer as it arrives: a hidden file next
    /// to it (`.<name>.<UUID>.download`), so that putting it in place is a rename on the same disk. The
    /// try removes it once its completion has returned (see `SessionTask`).
    static func partialFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
    }

    /// Moves `file` to `destination` so that `destination` is never partial: first next to it (a copy
    /// when it is on another disk, the step that can run out of space), then renamed over it (atomic).
    static func moveIntoPlace(_ file: URL, at destination: URL) throws {
        let folder = destination.deletingLastPathComponent()
        let staging = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        do {
            try FileManager.default.moveItem(at: file, to: staging)
            guard rename(staging.path, destination.path) == 0 else {
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
            }
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    private static func size(of file: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    private static func errorBody(_ file: URL) -> Data {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: errorBodyLimit)) ?? Data()
    }
}
