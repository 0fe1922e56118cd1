import Foundation
import ServiceLayer

/// A controller for an API ServiceLayer does not know, written the way the package's own controllers
/// are: one `APIClient`, one statement per callback method, an `async` twin below each.
///
/// Each callback method hands `{ completion($0) }` to the client, not `completion` itself: the client's
/// completion is a `@MainActor` closure, and the compiler will not pass a plain `(Result) -> Void`
/// parameter as one ("passing non-Sendable parameter 'completion' to function expecting a '@Sendable'
/// closure"). A closure written in place compiles in every language mode.
#if EXPLICIT_MAIN_ACTOR
@MainActor
#endif
final class TeamController {
    static let shared = TeamController()

    let client: APIClient

    init(baseURL: URL = URL(string: "http://localhost:8090/api/")!) {
        client = APIClient(baseURL: baseURL)
    }

    @discardableResult
    func fetchMembers(
        page: Int, perPage: Int = 6, completion: @escaping (Result<MemberPage, APIError>) -> Void
    ) -> RequestHandle {
        client.send(TeamAPI.members(page: page, perPage: perPage)) { completion($0) }
    }

    func fetchMembers(page: Int, perPage: Int = 6) async throws(APIError) -> MemberPage {
        try await client.send(TeamAPI.members(page: page, perPage: perPage))
    }

    @discardableResult
    func fetchMember(id: Int, completion: @escaping (Result<Member, APIError>) -> Void) -> RequestHandle {
        client.send(TeamAPI.member(id: id)) { completion($0) }
    }

    func fetchMember(id: Int) async throws(APIError) -> Member {
        try await client.send(TeamAPI.member(id: id))
    }

    @discardableResult
    func fetchNames(page: Int, completion: @escaping (Result<[String], APIError>) -> Void) -> RequestHandle {
        client.send(TeamAPI.members(page: page, perPage: 6)) { completion($0.map { $0.data.map(\.firstName) }) }
    }

    func fetchNames(page: Int) async throws(APIError) -> [String] {
        try await client.send(TeamAPI.members(page: page, perPage: 6)).data.map(\.firstName)
    }

    @discardableResult
    func fetchDirectory(completion: @escaping (Result<[MemberDirectory.Entry], APIError>) -> Void) -> RequestHandle {
        client.send(TeamAPI.directory()) { completion($0) }
    }

    func fetchDirectory() async throws(APIError) -> [MemberDirectory.Entry] {
        try await client.send(TeamAPI.directory())
    }

    @discardableResult
    func hire(_ member: NewMember, completion: @escaping (Result<CreatedMember, APIError>) -> Void) -> RequestHandle {
        client.send(TeamAPI.hire(member)) { completion($0) }
    }

    func hire(_ member: NewMember) async throws(APIError) -> CreatedMember {
        try await client.send(TeamAPI.hire(member))
    }

    @discardableResult
    func update(
        id: Int, _ member: NewMember, completion: @escaping (Result<UpdatedMember, APIError>) -> Void
    ) -> RequestHandle {
        client.send(TeamAPI.update(id: id, member)) { completion($0) }
    }

    func update(id: Int, _ member: NewMember) async throws(APIError) -> UpdatedMember {
        try await client.send(TeamAPI.update(id: id, member))
    }

    @discardableResult
    func remove(id: Int, completion: @escaping (Result<Void, APIError>) -> Void) -> RequestHandle {
        client.send(TeamAPI.remove(id: id)) { completion($0) }
    }

    func remove(id: Int) async throws(APIError) {
        try await client.send(TeamAPI.remove(id: id))
    }
}
