import Foundation

/// The app's one setting: which fixture server it talks to. Stored in `UserDefaults` (the Server tab
/// edits it with `@AppStorage`).
enum ServerSetting: Equatable {
    /// `swift run fixture-server` on the Mac, at this address (`http://127.0.0.1:8090/` by default).
    case address(URL)
    /// A `FixtureServer` inside the app: nothing else to install or start (an iPad with no Mac).
    case builtIn

    /// The `UserDefaults` key of whether the app runs its own server.
    static let usesBuiltInKey = "server.usesBuiltIn"
    /// The `UserDefaults` key of the Mac's server address.
    static let addressKey = "server.address"
    /// What `swift run fixture-server` serves. In the Simulator, 127.0.0.1 is the Mac itself; on a device,
    /// use the Mac's address instead (README.md). An IP address needs no App Transport Security exception.
    static let defaultAddress = "http://127.0.0.1:8090"

    /// The default: the Mac's server in the Simulator (the Mac runs it), the built-in one on a device,
    /// where 127.0.0.1 is the device and nothing listens on it unless the app does.
    static var usesBuiltInByDefault: Bool {
        #if targetEnvironment(simulator)
        false
        #else
        true
        #endif
    }

    /// The stored setting, or the default.
    static var stored: ServerSetting {
        let defaults = UserDefaults.standard
        let usesBuiltIn = defaults.object(forKey: usesBuiltInKey) as? Bool ?? usesBuiltInByDefault
        let address = defaults.string(forKey: addressKey) ?? defaultAddress
        return usesBuiltIn ? .builtIn : .address(baseURL(address) ?? URL(string: defaultAddress + "/")!)
    }

    /// The base URL of a server address such as `http://127.0.0.1:8090` (with the `/` the controller's
    /// relative paths need), or `nil` when it is not an `http` or `https` address.
    static func baseURL(_ address: String) -> URL? {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        let withSlash = trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
        guard let url = URL(string: withSlash), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else { return nil }
        return url
    }
}
