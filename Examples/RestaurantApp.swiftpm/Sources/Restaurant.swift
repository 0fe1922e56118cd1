import FixtureServer
import Foundation
import ServiceLayer

/// What every screen shares: which server `MenuController.shared` talks to (the Server tab's one
/// setting), and the order, kept up to date by the controller's typed observation.
@MainActor
final class Restaurant: ObservableObject {
    /// The current order: the order screen's list and total.
    @Published private(set) var order = Order()
    /// Goes up each time the server changes, so the screens load again from the new one.
    @Published private(set) var generation = 0
    /// Which server the app talks to, or why it could not use the one the setting names.
    @Published private(set) var serverStatus = ""

    /// Keeps `order` up to date while it lives.
    private var orderObservation: OrderObservation?
    /// The fixture server inside the app, when the setting says so.
    private var builtInServer: FixtureServer?

    /// Connects to the server of the stored setting (`ServerSetting.stored`).
    init() {
        connect(to: ServerSetting.stored)
    }

    /// Points `MenuController.shared` at the server `setting` names: a new controller, with an empty
    /// order. The built-in server listens on a free port of 127.0.0.1, so it never clashes with a
    /// `swift run fixture-server` on port 8090 of the same Mac (the Simulator shares the Mac's network).
    func connect(to setting: ServerSetting) {
        let baseURL: URL
        switch setting {
        case .builtIn:
            if let builtInServer {
                baseURL = builtInServer.baseURL
            } else {
                // Not recording requests: the app may run for hours, and nothing reads the records.
                let server = FixtureServer(recordsRequests: false)
                do {
                    try server.start()
                } catch {
                    serverStatus = "The built-in server did not start: \(error.localizedDescription)"
                    return
                }
                builtInServer = server
                baseURL = server.baseURL
            }
            serverStatus = "The built-in fixture server, at \(baseURL.absoluteString)"
        case .address(let url):
            builtInServer?.stop()
            builtInServer = nil
            baseURL = url
            serverStatus = "The fixture server at \(url.absoluteString)"
        }
        MenuController.shared = MenuController(
            baseURL: baseURL, diskImageCache: DiskImageCache(directory: DiskImageCache.defaultDirectory()))
        order = MenuController.shared.order
        orderObservation = MenuController.shared.observeOrder { [weak self] order in
            self?.order = order
        }
        generation += 1
    }

    /// Reports an address that is not a URL, and keeps the server the app has.
    func reject(address: String) {
        serverStatus = "\"\(address)\" is not an address such as http://127.0.0.1:8090"
    }
}
