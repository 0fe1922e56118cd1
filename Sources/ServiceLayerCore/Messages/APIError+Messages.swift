import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - The message of an error: what happened, why, the fix

extension APIError {
    /// A language the messages of ``APIError`` are written in.
    ///
    /// Every message is decided once, language-neutrally (`Messages/MessageEngine.swift`); each language
    /// is one flat table that writes it out, in its own folder of `Messages/` (`English/`,
    /// `TraditionalChinese/`, `SimplifiedChinese/`, `Swedish/`): a later language is a new table and a
    /// new case here, not a change to any error.
    public enum MessageLanguage: String, Sendable, CaseIterable {
        /// English, the default.
        case english = "en"
        /// 繁體中文 as written in Taiwan (`zh-Hant`): 伺服器, 網路, 連線, 逾時.
        case traditionalChinese = "zh-Hant"
        /// Svenska (`sv`).
        case swedish = "sv"
        /// 简体中文 as written in mainland China (`zh-Hans`): 服务器, 网络, 连接, 超时.
        case simplifiedChinese = "zh-Hans"

        /// The first of `tags` (BCP 47 or POSIX locale names: `zh-Hant-TW`, `zh_TW.UTF-8`, `sv_SE`) that
        /// names a language with a table; English when none does.
        static func first(in tags: [String]) -> MessageLanguage {
            for tag in tags {
                if let language = language(ofTag: tag) { return language }
            }
            return .english
        }

        /// The language a tag names, or `nil` (a language without a table, `C`). A script wins over a region:
        /// `zh-Hant*` is 繁體中文 and `zh-Hans*` 简体中文 wherever they are written (`zh-Hans-TW`); without a
        /// script, `zh-TW`, `zh-HK` and `zh-MO` are 繁體中文, `zh-CN`, `zh-SG` and `zh` alone 简体中文, and another
        /// region (`zh-MY`) is passed over (`Tests/LanguageChoice/language-choice.json`, shared with the server).
        static func language(ofTag tag: String) -> MessageLanguage? {
            var tag = tag.lowercased()
            if let cut = tag.firstIndex(where: { $0 == "." || $0 == "@" }) { tag = String(tag[..<cut]) }
            let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
            guard let primary = parts.first else { return nil }
            switch primary {
            case "en": return .english
            case "sv": return .swedish
            case "zh":
                if parts.contains("hant") { return .traditionalChinese }
                if parts.contains("hans") { return .simplifiedChinese }
                if parts.contains(where: { ["tw", "hk", "mo"].contains($0) }) { return .traditionalChinese }
                // `zh` alone, `zh-CN`, `zh-SG`; another region (`zh-MY`) names no script and is passed over.
                return parts.count == 1 || parts.contains { ["cn", "sg"].contains($0) } ? .simplifiedChinese : nil
            default: return nil
            }
        }

        /// The language tags of a Linux environment, as gettext reads them: `LANGUAGE`'s list (unless the
        /// locale is `C` or `POSIX`), then the locale of `LC_ALL`, else `LC_MESSAGES`, else `LANG`.
        static func tags(environment: [String: String]) -> [String] {
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
            var tags: [String] = []
            if let list = environment["LANGUAGE"], !list.isEmpty, let locale, !["C", "POSIX"].contains(locale) {
                tags += list.split(separator: ":").map(String.init)
            }
            if let locale { tags.append(locale) }
            return tags
        }

        /// The table that writes this language's messages.
        var table: any MessageTable {
            switch self {
            case .english: return EnglishMessages()
            case .traditionalChinese: return TraditionalChineseMessages()
            case .swedish: return SwedishMessages()
            case .simplifiedChinese: return SimplifiedChineseMessages()
            }
        }
    }

    /// The language of every message (`errorDescription`, `failureReason`, `recoverySuggestion`,
    /// ``APIError/explanation(for:in:)``): by default ``automaticMessageLanguage``, the user's; set it to
    /// choose one explicitly (once, at launch).
    public static var messageLanguage: MessageLanguage {
        get { languageSetting.withLock { $0 } ?? automaticMessageLanguage }
        set { languageSetting.withLock { $0 = newValue } }
    }

    private static let languageSetting = Locked<MessageLanguage?>(nil)

    /// The user's language, read once: on Apple platforms the preferred languages
    /// (`Locale.preferredLanguages`, in the user's order); on Linux, as gettext reads them, `LANGUAGE`
    /// (a `:` list, unless the locale is `C` or `POSIX`), then the locale of `LC_ALL`, `LC_MESSAGES` or
    /// `LANG`. The first tag with a table wins: `zh-Hant*`, and `zh-TW`, `zh-HK`, `zh-MO` without a script →
    /// ``MessageLanguage/traditionalChinese``; `zh-Hans*`, and `zh-CN`, `zh-SG`, `zh` without a script →
    /// ``MessageLanguage/simplifiedChinese``; `sv*` → ``MessageLanguage/swedish``; `en*` →
    /// ``MessageLanguage/english``; any other tag is passed over; English when none matches.
    public static let automaticMessageLanguage: MessageLanguage = MessageLanguage.first(in: userLanguageTags())

    /// The user's language tags, most preferred first.
    static func userLanguageTags() -> [String] {
        #if canImport(Darwin)
        return Locale.preferredLanguages
        #else
        return MessageLanguage.tags(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// The three parts of an error's message, each a sentence or two with the facts filled in (the URL
    /// without its query or credentials, the status, the key path, the timeout...).
    public struct Explanation: Sendable, Equatable, CustomStringConvertible {
        /// What happened, naming the URL when it is known.
        public let what: String
        /// Why, as far as the client can tell.
        public let why: String
        /// The concrete fix.
        public let fix: String

        /// What joins the parts: a space in English and Swedish, nothing in Chinese.
        let joiner: String

        init(sentences what: String, _ why: String, _ fix: String, joiner: String = " ") {
            self.what = what
            self.why = why
            self.fix = fix
            self.joiner = joiner
        }

        /// The three parts in order, as one paragraph (joined as the language joins sentences).
        public var description: String { [what, why, fix].joined(separator: joiner) }
    }

    /// This error's message, with facts the error value itself cannot carry taken from `request` (the
    /// request that failed, as an ``ExchangeReport`` holds it): its URL, its timeout, and whether it
    /// carried a credential (an `Authorization` header or a secret query item such as `api_key`).
    ///
    /// `errorDescription` is `explanation().description`: the facts the error carries (the URL of a
    /// transport or decoding failure), none from a request.
    /// - Parameters:
    ///   - request: The failed request; `nil` (the error's own facts only) by default.
    ///   - language: The table to use; ``APIError/messageLanguage`` by default.
    public func explanation(for request: URLRequest? = nil, in language: MessageLanguage? = nil) -> Explanation {
        let message = MessageEngine.message(for: self, context: MessageContext(request: request))
        return (language ?? Self.messageLanguage).table.explain(message)
    }
}

// MARK: - LocalizedError

extension APIError: LocalizedError {
    /// What happened, why and the fix, as one paragraph (``Explanation/description``): the text a
    /// learner prints with `localizedDescription`. Never contains a token, a password or a URL's query.
    public var errorDescription: String? { explanation().description }

    /// Why it happened, as far as the client can tell (``Explanation/why``).
    public var failureReason: String? { explanation().why }

    /// The concrete fix (``Explanation/fix``).
    public var recoverySuggestion: String? { explanation().fix }
}

// MARK: - Facts a message names

/// Facts about the failed request that the error value cannot carry (see ``APIError/explanation(for:in:)``).
struct MessageContext {
    var url: URL?
    var timeout: TimeInterval?
    /// Whether the request carried a credential; `nil` when unknown.
    var sentCredential: Bool?

    init(request: URLRequest?) {
        guard let request else { return }
        url = request.url
        timeout = request.timeoutInterval
        let headers = (request.allHTTPHeaderFields ?? [:]).keys.map { $0.lowercased() }
        let credentialHeader = headers.contains { Redaction.secretHeaders.contains($0) && $0 != "set-cookie" }
        let queryItems = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.queryItems } ?? []
        let credentialItem = queryItems.contains { Redaction.secretFields.contains($0.name.lowercased()) }
        sentCredential = credentialHeader || credentialItem
    }
}

/// A URL as a message shows it: scheme, host, port and path — never the user, the password, the query
/// or the fragment, which may hold a secret.
enum ShownURL {
    /// The URL's scheme, host, port and path; `nil` for a URL without a host (a message then names none).
    static func text(_ url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true), let host = components.host
        else { return nil }
        var shown = URLComponents()
        shown.scheme = components.scheme
        shown.host = host
        shown.port = components.port
        shown.percentEncodedPath = components.percentEncodedPath
        return shown.string
    }

    /// `host:port`, with the scheme's default port when the URL names none.
    static func hostPort(_ url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true), let host = components.host
        else { return nil }
        let port = components.port ?? (components.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(host):\(port)"
    }
}
