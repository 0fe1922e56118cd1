import Foundation

/// The reqres calls as endpoints, shared by each callback method and its `async` twin.
enum UsersEndpoints {
    /// `GET users?page=<page>`.
    static func page(_ page: Int) -> Endpoint<UsersPage> {
        Endpoint(path: "users", query: [URLQueryItem(name: "page", value: String(page))])
    }

    /// `GET users/<id>`, answered as `{"data": {...}}`.
    static func user(id: Int) -> Endpoint<DataEnvelope<User>> {
        Endpoint(path: "users/\(id)")
    }

    /// `POST users` with `{name, job}`; 201 on success. Never retried (`POST` is not idempotent).
    static func create(_ body: UserBody) -> Endpoint<CreatedUser> {
        Endpoint(method: .post, path: "users", body: body)
    }

    /// `PUT users/<id>` (replace) or `PATCH users/<id>` (change part) with `{name, job}`.
    static func update(id: Int, _ body: UserBody, method: HTTPMethod) -> Endpoint<UpdatedUser> {
        Endpoint(method: method, path: "users/\(id)", body: body)
    }

    /// `DELETE users/<id>`; 204 with no body on success.
    static func delete(id: Int) -> Endpoint<Void> {
        Endpoint(method: .delete, path: "users/\(id)")
    }
}
