import Foundation

/// The shared table of which message language a learner gets, `language-choice.json` beside this file (see
/// `README.md` here): one loader for both sides' tests, the client's `LanguageChoiceTests` (tags, lists,
/// locales) and the fixture server's (tags, lists, headers). Languages are the client's raw values (`en`,
/// `zh-Hant`, `zh-Hans`, `sv`); `nil` means the tag is passed over.
package struct LanguageChoiceTable: Decodable, Sendable {
    /// One language tag and the language it chooses, `nil` when it is passed over.
    package struct Tag: Decodable, Sendable {
        /// The tag, as a client sends it (`zh-TW`, `sv-SE`).
        package let tag: String
        /// The language it chooses, or `nil`.
        package let language: String?
    }
    /// Tags in order (one `Accept-Language` with them in it, or a user's list) and the language they choose.
    package struct List: Decodable, Sendable {
        /// The tags, first preferred.
        package let tags: [String]
        /// The language chosen.
        package let language: String
    }
    /// A whole `Accept-Language` header (`nil`: none sent) and the server's language for it.
    package struct Header: Decodable, Sendable {
        /// The header's value, or `nil` for a request without one.
        package let header: String?
        /// The language chosen.
        package let language: String
    }
    /// A POSIX locale name as Linux's `LANG` holds it (`zh_TW.UTF-8`) and the language it chooses.
    package struct Locale: Decodable, Sendable {
        /// The locale name.
        package let locale: String
        /// The language it chooses, or `nil`.
        package let language: String?
    }
    /// Single tags.
    package let tags: [Tag]
    /// Lists of tags.
    package let lists: [List]
    /// Whole headers (the server's).
    package let headers: [Header]
    /// Locale names (the client's).
    package let locales: [Locale]

    /// Reads `language-choice.json`; throws when it is missing or does not decode.
    package static func load() throws -> LanguageChoiceTable {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("language-choice.json")
        return try JSONDecoder().decode(LanguageChoiceTable.self, from: Data(contentsOf: url))
    }
}
