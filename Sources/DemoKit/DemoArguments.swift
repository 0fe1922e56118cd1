import Foundation

/// The parts of the walk `--only` can pick.
public enum DemoSection: String, CaseIterable, Sendable {
    /// `MenuController` against the Restaurant API.
    case menu
    /// `NetworkController` against the reqres users API.
    case users
    /// `AccountController` against the accounts API.
    case accounts
}

/// What the command line asked for.
public enum DemoCommand: Equatable, Sendable {
    /// Print the usage and exit 0.
    case help
    /// Run the walk.
    case run(DemoConfiguration)
}

/// How to run the walk.
public struct DemoConfiguration: Equatable, Sendable {
    /// The server to walk against; `nil` (the default) starts an embedded fixture server on an
    /// ephemeral port. The Restaurant API is at its root, the reqres and accounts APIs under `api/`.
    public var baseURL: URL?
    /// The sections to run, in walk order. All of them by default.
    public var sections: [DemoSection]

    /// Creates a configuration.
    /// - Parameters:
    ///   - baseURL: An external server; `nil` (embedded server) by default.
    ///   - sections: What to walk; every section by default.
    public init(baseURL: URL? = nil, sections: [DemoSection] = DemoSection.allCases) {
        self.baseURL = baseURL
        self.sections = sections
    }
}

/// A command line that could not be understood; `message` says why.
public struct DemoUsageError: Error, Equatable, Sendable {
    /// What was wrong, in one line.
    public let message: String
}

/// Parses `service-demo`'s arguments.
public enum DemoArguments {
    /// The usage text printed by `--help` and after a bad argument.
    public static let usage = """
        USAGE: service-demo [--base-url <url>] [--only menu|users|accounts] [--help]

        Walks every ServiceLayer controller against a server and prints what happens.

        OPTIONS:
          --base-url <url>  Use an external server instead of the embedded fixture server, for example
                            `swift run fixture-server` (http://localhost:8090/) or Apple's Restaurant
                            server (then add --only menu). The Restaurant API is expected at the root,
                            the users and accounts APIs under api/.
          --only <section>  Walk one section: menu, users or accounts. May be repeated.
          -h, --help        Show this help.

        Exits 0 when every step behaved as expected, 1 naming the failed steps, 2 on bad arguments.
        """

    /// Reads the arguments (without the program name).
    public static func parse(_ arguments: [String]) -> Result<DemoCommand, DemoUsageError> {
        var configuration = DemoConfiguration()
        var chosen: [DemoSection] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                return .success(.help)
            case "--base-url":
                guard let value = remaining.popFirst() else { return failure("--base-url needs a URL") }
                guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
                    scheme == "http" || scheme == "https", url.host != nil
                else { return failure("--base-url needs an http(s) URL with a host, got '\(value)'") }
                configuration.baseURL = url
            case "--only":
                guard let value = remaining.popFirst() else { return failure("--only needs menu, users or accounts") }
                guard let section = DemoSection(rawValue: value.lowercased()) else {
                    return failure("--only takes menu, users or accounts, got '\(value)'")
                }
                if !chosen.contains(section) { chosen.append(section) }
            default:
                return failure("unknown argument '\(argument)'")
            }
        }
        if !chosen.isEmpty {
            configuration.sections = DemoSection.allCases.filter(chosen.contains)
        }
        return .success(.run(configuration))
    }

    private static func failure(_ message: String) -> Result<DemoCommand, DemoUsageError> {
        .failure(DemoUsageError(message: message))
    }
}
