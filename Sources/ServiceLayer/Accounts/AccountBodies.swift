import Foundation

/// The body of `POST accounts/signup`. Its description and mirror (`dump`) never show the password.
struct SignUpBody: Encodable, Sendable, CustomStringConvertible, CustomReflectable {
    let email: String
    let password: String
    let name: String
    let emailContent: String

    var description: String {
        "SignUpBody(email: \(email), password: \(Redaction.placeholder), name: \(name))"
    }

    var customMirror: Mirror {
        Mirror(self, children: ["email": email, "password": Redaction.placeholder, "name": name])
    }

    enum CodingKeys: String, CodingKey {
        case email
        case password
        case name
        case emailContent
    }
}

/// The body of `POST accounts/login`. Its description and mirror (`dump`) never show the password.
struct LogInBody: Encodable, Sendable, CustomStringConvertible, CustomReflectable {
    let email: String
    let password: String

    var description: String {
        "LogInBody(email: \(email), password: \(Redaction.placeholder))"
    }

    var customMirror: Mirror {
        Mirror(self, children: ["email": email, "password": Redaction.placeholder])
    }

    enum CodingKeys: String, CodingKey {
        case email
        case password
    }
}

/// The body of `POST accounts/refresh`. Its description and mirror (`dump`) never show the refresh token.
struct RefreshBody: Encodable, Sendable, CustomStringConvertible, CustomReflectable {
    let refreshToken: String

    var description: String {
        "RefreshBody(refreshToken: \(Redaction.placeholder))"
    }

    var customMirror: Mirror {
        Mirror(self, children: ["refreshToken": Redaction.placeholder])
    }

    enum CodingKeys: String, CodingKey {
        case refreshToken
    }
}
