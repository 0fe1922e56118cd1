import Foundation

/// Why an `--api` folder (``FixtureServer/init(api:writesBack:host:port:maxConnections:idleTimeout:logger:recordsRequests:tokenLifetime:)``)
/// cannot be served: the file, the line and the field at fault, and what is wrong. Never a crash.
public struct APIFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file at fault, e.g. `/path/to/movies/routes.json` (the folder itself when it has no file to serve).
    public let file: String
    /// The 1-based line the problem starts on; 0 when it is not about a line (a missing or unreadable file).
    public let line: Int
    /// The field at fault as a path into the file, e.g. `routes[2].status`; "" for a syntax error.
    public let field: String
    /// What is wrong, e.g. "must be a whole number from 100 to 599".
    public let message: String

    /// Creates an error for `file`, `line`, `field` and `message`.
    public init(file: String, line: Int, field: String, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    /// `file:line: field: message`, the way compilers print errors (the line and field when known).
    public var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        return field.isEmpty ? "\(place): \(message)" : "\(place): \(field): \(message)"
    }
}
