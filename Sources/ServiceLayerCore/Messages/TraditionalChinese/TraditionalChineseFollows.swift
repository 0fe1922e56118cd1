import Foundation

extension TraditionalChineseMessages {
    /// The fingerprint of the English each case follows, by ``Message/key`` (see ``TranslatedTable``).
    static let follows: [String: String] = [:]
}
