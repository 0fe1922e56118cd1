import Foundation

extension SwedishMessages {
    /// The fingerprint of the English each case follows (``TranslatedTable``), by ``Message/key``.
    static let follows: [String: String] = [:]
}
