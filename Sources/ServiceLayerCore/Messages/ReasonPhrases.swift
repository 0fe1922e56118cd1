/// The five classes of HTTP status (RFC 9110, section 15): what a table names a status by when it has no
/// phrase of its own for it.
enum HTTPStatusClass: Sendable {
    case informational, success, redirection, clientError, serverError

    init(_ status: Int) {
        switch status {
        case 100..<200: self = .informational
        case 200..<300: self = .success
        case 300..<400: self = .redirection
        case 400..<500: self = .clientError
        default: self = .serverError
        }
    }
}

/// A language's HTTP reason phrases, owned by its table: `HTTPURLResponse.localizedString(forStatusCode:)`
/// follows the system's language on Apple platforms and is English on Linux, so a message would change
/// language with the device.
protocol ReasonPhrases {
    /// The phrase of each status the language names (RFC 9110's and the registered ones learners meet).
    static var phrases: [Int: String] { get }
    /// The name of a class, for a status without a phrase.
    static func className(_ statusClass: HTTPStatusClass) -> String
}

extension ReasonPhrases {
    /// `Not Found` for 404; for a status not in ``phrases``, the name of its class (`Client Error`).
    static func phrase(_ status: Int) -> String { phrases[status] ?? className(HTTPStatusClass(status)) }
}
