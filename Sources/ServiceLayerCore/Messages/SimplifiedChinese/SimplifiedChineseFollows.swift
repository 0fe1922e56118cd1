/// The fingerprint of the English each case of the 简体中文 table follows (see ``TranslatedTable``).
extension SimplifiedChineseMessages {
    static let follows: [String: String] = [:]
}
