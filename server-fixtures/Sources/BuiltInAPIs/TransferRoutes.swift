import Foundation

// MARK: - Uploads and downloads

/// `POST|GET /api/users/<id>/avatar` (a multipart upload, parsed, stored, served back) and
/// `GET /files/<bytes>` (a large download written as it is made).
enum TransferRoutes {
    /// The largest avatar file accepted: 512 KiB; a larger one is answered 413.
    static let maxAvatarBytes = 512 * 1024
    /// The largest download served: 1 GiB.
    static let maxDownloadBytes = 1 << 30

    /// An avatar as stored.
    struct Avatar: Sendable {
        let body: Data
        let contentType: String
        let fileName: String
    }

    /// The avatars uploaded so far, by user id; one store per server.
    final class AvatarStore: Sendable {
        private let avatars = Locked<[Int: Avatar]>([:])
        func store(_ avatar: Avatar, for id: Int) { avatars.withLock { $0[id] = avatar } }
        func avatar(for id: Int) -> Avatar? { avatars.withLock { $0[id] } }
    }

    private struct Uploaded: Encodable {
        let id: Int
        let avatar: String
        let fileName: String
        let contentType: String
        let bytes: Int
        let fields: [String: String]
    }

    /// The transfer routes, avatars kept in `store`; `touch` tells the cache validation a path changed.
    static func routes(store: AvatarStore, touch: @escaping @Sendable (String) -> Void) -> [Route] {
        [
            Route(
                "/api/users/:id/avatar",
                [
                    ("GET", { context in download(context, store) }),
                    ("POST", { context in upload(context, store, touch) }),
                ]),
            Route("/files/:bytes", [("GET", file)]),
        ]
    }

    /// `POST /api/users/<id>/avatar`: a `multipart/form-data` body with an `avatar` file part (at most
    /// ``maxAvatarBytes``) and any text fields → 201 with what was stored; 400 for a body that is not a
    /// form or has no `avatar` file, 413 for a file too large, 404 for an unknown user.
    private static func upload(
        _ context: RouteContext, _ store: AvatarStore, _ touch: @Sendable (String) -> Void
    ) -> HTTPResponse {
        guard let id = Int(context.parameters["id"] ?? ""), (1...12).contains(id) else {
            return .error(404, "Unknown user")
        }
        let parts: [FormPart]
        do {
            parts = try MultipartParser.parse(
                context.request.body, contentType: context.request.headers["content-type"])
        } catch .noBoundary {
            return .error(415, "Expected multipart/form-data with a boundary")
        } catch {
            return .error(400, "Malformed multipart body")
        }
        guard let file = parts.first(where: { $0.name == "avatar" }), let fileName = file.fileName else {
            return .error(400, "Missing avatar file part")
        }
        guard file.body.count <= maxAvatarBytes else { return .error(413, "Avatar larger than 512 KiB") }
        store.store(Avatar(body: file.body, contentType: file.contentType, fileName: fileName), for: id)
        touch("/api/users/\(id)/avatar")
        var fields: [String: String] = [:]
        for part in parts where part.fileName == nil { fields[part.name] = String(decoding: part.body, as: UTF8.self) }
        let uploaded = Uploaded(
            id: id, avatar: "http://\(context.authority)/api/users/\(id)/avatar", fileName: fileName,
            contentType: file.contentType, bytes: file.body.count, fields: fields)
        var response = HTTPResponse.json(201, uploaded)
        response.fields.append(.init(name: "Location", value: "/api/users/\(id)/avatar"))
        return response
    }

    /// The image types an upload is served back as; anything else is served as a download.
    static let servedImageTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

    /// `GET /api/users/<id>/avatar`: the file last uploaded; 404 before any upload. Served as what it is
    /// allowed to be: its type when the part said PNG, JPEG, GIF or WebP, else `application/octet-stream`
    /// with `Content-Disposition: attachment`, so an uploaded page can never run script on this origin
    /// (and `X-Content-Type-Options: nosniff`, on every response, keeps browsers from guessing).
    private static func download(_ context: RouteContext, _ store: AvatarStore) -> HTTPResponse {
        guard let id = Int(context.parameters["id"] ?? ""), let avatar = store.avatar(for: id) else {
            return .error(404, "No avatar")
        }
        let mediaType =
            avatar.contentType.split(separator: ";", maxSplits: 1).first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard servedImageTypes.contains(mediaType) else {
            return HTTPResponse(
                status: 200, contentType: "application/octet-stream", body: avatar.body,
                fields: [.init(name: "Content-Disposition", value: "attachment")])
        }
        return HTTPResponse(status: 200, contentType: mediaType, body: avatar.body)
    }

    /// `GET /files/<bytes>`: that many bytes of a fixed pattern (byte `i` is `i % 251`), written 64 KiB
    /// at a time with `Content-Length`; `?chunked=1` sends them chunked instead, `?cut=1` closes the
    /// connection after half (the full length announced). 400 for a size that is not 0 to 1 GiB.
    private static func file(_ context: RouteContext) -> HTTPResponse {
        guard let bytes = Int(context.parameters["bytes"] ?? ""), (0...maxDownloadBytes).contains(bytes) else {
            return .error(400, "Expected a size from 0 to \(maxDownloadBytes) bytes")
        }
        var response = HTTPResponse(status: 200, contentType: "application/octet-stream")
        let query = context.request.query
        response.stream = StreamedBody(length: bytes, chunked: query["chunked"] == "1", cutHalfway: query["cut"] == "1")
        return response
    }
}
