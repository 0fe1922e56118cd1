import Foundation

/// One page of `GET users?page=`: the users on it and where it sits in the whole list.
///
/// A page after the last one is not an error: its ``data`` is empty.
public struct UsersPage: Codable, Sendable, Hashable {
    /// The number of this page, from 1 (reqres answers page 1 for page 0 or a negative page).
    public var page: Int
    /// How many users a full page holds (`per_page` on the wire).
    public var perPage: Int
    /// How many users there are on all pages together.
    public var total: Int
    /// How many pages there are (`total_pages` on the wire).
    public var totalPages: Int
    /// The users on this page; empty after the last page.
    public var data: [User]
    /// reqres' note asking for support; `nil` when the server sends none.
    public var support: Support?

    /// Creates a page.
    /// - Parameters:
    ///   - page: The page number.
    ///   - perPage: The size of a full page.
    ///   - total: The number of users on all pages.
    ///   - totalPages: The number of pages.
    ///   - data: The users on this page.
    ///   - support: reqres' support note; `nil` by default.
    public init(page: Int, perPage: Int, total: Int, totalPages: Int, data: [User], support: Support? = nil) {
        self.page = page
        self.perPage = perPage
        self.total = total
        self.totalPages = totalPages
        self.data = data
        self.support = support
    }

    /// The wire names of the fields.
    enum CodingKeys: String, CodingKey {
        case page
        case perPage = "per_page"
        case total
        case totalPages = "total_pages"
        case data
        case support
    }
}

extension UsersPage {
    /// The `support` object reqres adds to its answers: a link and a sentence.
    public struct Support: Codable, Sendable, Hashable {
        /// Where the support page is.
        public var url: URL
        /// What reqres asks for.
        public var text: String

        /// Creates a support note.
        /// - Parameters:
        ///   - url: The support page.
        ///   - text: The sentence.
        public init(url: URL, text: String) {
            self.url = url
            self.text = text
        }
    }
}
