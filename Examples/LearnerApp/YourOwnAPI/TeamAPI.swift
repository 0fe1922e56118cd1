import Foundation
import ServiceLayer

/// The team API's endpoints, one function each: where a request goes, what it sends, what comes back.
enum TeamAPI {
    /// `GET users?page=&per_page=`.
    static func members(page: Int, perPage: Int) -> Endpoint<MemberPage> {
        Endpoint(
            "users",
            query: [URLQueryItem(name: "page", value: "\(page)"), URLQueryItem(name: "per_page", value: "\(perPage)")])
    }

    /// `GET users/<id>`, unwrapped from `{"data": {...}}`.
    static func member(id: Int) -> Endpoint<Member> {
        Endpoint<MemberEnvelope>("users/\(id)").map { $0.data }
    }

    /// Every member in one page, decoded off the main actor (`MemberDirectory` is `nonisolated`).
    static func directory() -> Endpoint<[MemberDirectory.Entry]> {
        Endpoint<MemberDirectory>("users", query: [URLQueryItem(name: "per_page", value: "12")]).map(\.data)
    }

    /// `POST users` with the new member as JSON.
    static func hire(_ member: NewMember) -> Endpoint<CreatedMember> {
        Endpoint(method: .post, "users").body(member)
    }

    /// `PUT users/<id>` with the member's new name and job.
    static func update(id: Int, _ member: NewMember) -> Endpoint<UpdatedMember> {
        Endpoint(method: .put, "users/\(id)").body(member)
    }

    /// `DELETE users/<id>`; the server answers 204 with no body.
    static func remove(id: Int) -> Endpoint<Void> {
        Endpoint(method: .delete, "users/\(id)")
    }
}
