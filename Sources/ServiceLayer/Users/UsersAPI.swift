import Foundation

// MARK: - The reqres wire format

/// The reqres endpoints and the one JSON wrapper they unwrap, in one place.
///
/// The bodies and answers users see (``UserBody``, ``UsersPage``, ``User``, ``CreatedUser``,
/// ``UpdatedUser``) are public models in their own files.
enum UsersAPI {
    /// `{"data": {...}}`: how reqres wraps a single object; ``user(id:)`` hands out what is inside.
    struct DataEnvelope<Wrapped: Decodable & Sendable>: Decodable, Sendable {
        let data: Wrapped
    }

    /// `GET users?page=<page>`.
    static func page(_ page: Int) -> Endpoint<UsersPage> {
        Endpoint("users", query: [URLQueryItem(name: "page", value: String(page))])
    }

    /// `GET users/<id>`, answered as `{"data": {...}}` and unwrapped.
    static func user(id: Int) -> Endpoint<User> {
        Endpoint<DataEnvelope<User>>("users/\(id)").map(\.data)
    }

    /// `POST users` with `{name, job}`; 201 on success. Never retried (`POST` is not idempotent).
    static func create(_ body: UserBody) -> Endpoint<CreatedUser> {
        Endpoint(method: .post, "users").body(body)
    }

    /// `PUT users/<id>` (replace) or `PATCH users/<id>` (change part) with `{name, job}`.
    static func update(id: Int, _ body: UserBody, method: HTTPMethod) -> Endpoint<UpdatedUser> {
        Endpoint(method: method, "users/\(id)").body(body)
    }

    /// `POST users/<id>/avatar`: a `multipart/form-data` body whose `avatar` part is the image; 201 with
    /// what was stored. Never retried (an upload on `POST`). (The fixture server's route; reqres has none.)
    static func uploadAvatar(userID: Int, image: Data, fileName: String, contentType: String)
        -> Endpoint<UploadedAvatar>
    {
        var form = MultipartForm()
        form.append(image, named: "avatar", fileName: fileName, contentType: contentType)
        return Endpoint(method: .post, "users/\(userID)/avatar").multipart(form)
    }

    /// `DELETE users/<id>`; 204 with no body on success.
    static func delete(id: Int) -> Endpoint<Void> {
        Endpoint(method: .delete, "users/\(id)")
    }
}
