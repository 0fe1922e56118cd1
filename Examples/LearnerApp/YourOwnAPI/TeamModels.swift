import Foundation

// The team API's models, written as a learner writes them: plain `Codable` structs, no `Sendable`, no
// `nonisolated`. In an app target with main-actor default isolation their conformances are main-actor
// isolated, so ServiceLayer decodes (and encodes) them on the main actor; everywhere else off it.

/// Someone on the team (a reqres user).
struct Member: Codable {
    let id: Int
    let email: String
    let firstName: String
    let lastName: String
    let avatar: URL?

    enum CodingKeys: String, CodingKey {
        case id, email, avatar
        case firstName = "first_name"
        case lastName = "last_name"
    }
}

/// One page of members, with the API's support notice.
struct MemberPage: Codable {
    struct Support: Codable {
        let url: URL
        let text: String
    }

    let page: Int
    let perPage: Int
    let total: Int
    let totalPages: Int
    let data: [Member]
    let support: Support?

    enum CodingKeys: String, CodingKey {
        case page, total, data, support
        case perPage = "per_page"
        case totalPages = "total_pages"
    }
}

/// `{"data": {...}}`: how the API wraps a single member.
struct MemberEnvelope: Codable {
    let data: Member
}

/// What a member does; sent as its raw value and echoed back by the server.
enum Job: String, Codable {
    case engineer
    case designer
    case manager = "team manager"
}

/// The body of a hire or an update.
struct NewMember: Codable {
    let name: String
    let job: Job
    let nickname: String?
}

/// The server's answer to a hire: the body, an id and a timestamp.
struct CreatedMember: Codable {
    let id: String
    let name: String
    let job: Job
    let nickname: String?
    let createdAt: String
}

/// The server's answer to an update.
struct UpdatedMember: Codable {
    let name: String
    let job: Job
    let updatedAt: String
}

/// The whole team at once. A big payload, so its type says `nonisolated`: then it decodes off the main
/// actor in every mode, and `.map(\.data)` may name its properties by key path.
nonisolated struct MemberDirectory: Codable {
    nonisolated struct Entry: Codable {
        let id: Int
        let email: String
    }

    let total: Int
    let data: [Entry]
}
