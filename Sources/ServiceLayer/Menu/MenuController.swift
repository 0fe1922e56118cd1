import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to Apple's Restaurant server: categories, menu items, pictures, and orders; and keeps the
/// guest's current ``order``.
///
/// It reads like the `MenuController` of Apple's sample, with the sample's bugs fixed: every
/// completion runs exactly once, on the main actor, with a typed ``APIError``. A completion may touch
/// main-actor state (views, a screen's properties) directly, as Apple's sample did after its
/// `DispatchQueue.main.async` hop:
///
/// ```swift
/// MenuController.shared.fetchCategories { result in
///     switch result {
///     case .success(let categories): self.categories = categories  // on the main actor
///     case .failure(let error): self.show(error)
///     }
/// }
/// ```
///
/// Code that is not on the main actor uses the `async` twins (`try await fetchCategories()`), which
/// never touch the main queue.
public final class MenuController: Sendable {
    /// The controller the app's screens use. By default, the one for the Restaurant server at
    /// `http://localhost:8090/`, with every other setting at its default (no saved order, 20 MB of pictures
    /// in memory) except pictures on disk: 50 MB in ``DiskImageCache/defaultDirectory()``, so they survive
    /// a relaunch. The default is made at the first read, unless a controller was set before.
    ///
    /// Set another to point every screen at another server or a stubbed session — in a test, a SwiftUI
    /// preview, or a debug build against a staging server — without editing the library:
    ///
    /// ```swift
    /// MenuController.shared = MenuController(baseURL: URL(string: "http://127.0.0.1:8080/")!)
    /// ```
    ///
    /// It may be read and set from any thread or actor (a lock keeps it). A call reads it once, when it
    /// starts: a call already sent finishes on the controller it was sent with. A test that sets it keeps
    /// the old value and sets it back when it ends.
    public static var shared: MenuController {
        get { sharedController.value }
        set { sharedController.value = newValue }
    }

    /// The value of ``shared``: the one set last, else the default below, made at the first read.
    private static let sharedController = ReplaceableShared<MenuController> {
        MenuController(
            baseURL: URL(string: "http://localhost:8090/")!,
            diskImageCache: DiskImageCache(directory: DiskImageCache.defaultDirectory()))
    }

    /// Posted once for every change of ``order``; see ``order`` for where and with what.
    public static let orderUpdatedNotification = Notification.Name("MenuController.orderUpdated")

    /// The key of the new ``Order`` in the `userInfo` of ``orderUpdatedNotification``.
    public static let orderUserInfoKey = "order"

    /// Minutes until an order is ready, as the server estimates them.
    public typealias MinutesToPrepare = Int

    /// The core that sends every request: base URL, session and policies.
    public let client: APIClient
    /// Pictures already downloaded by ``fetchImage(url:completion:)``.
    public let imageCache: ImageCache
    /// Pictures kept on disk across launches, behind ``imageCache``; `nil` when pictures live in memory only.
    public let diskImageCache: DiskImageCache?
    /// Where ``orderUpdatedNotification`` is posted.
    public let notificationCenter: NotificationCenter

    /// The order, its observers and the notifications about it (see `MenuController+Order.swift`).
    let orderState: OrderState
    let orderStore: OrderStore?
    /// Why the saved order could not be loaded at init; `nil` when it loaded, or when there was none.
    public let orderLoadError: OrderStorageError?

    /// Creates a controller with its own ``APIClient``; the parameters after `options` are those of
    /// ``init(client:orderStorageURL:imageCacheLimit:diskImageCache:notificationCenter:)``, with the
    /// same defaults.
    /// - Parameters:
    ///   - baseURL: The Restaurant server, for example `http://localhost:8090/`.
    ///   - session: The session for every request; ``APIClient/makeSession(configuration:)`` (no URL
    ///     cache) by default. Inject one with `protocolClasses` to stub the network.
    ///   - options: Timeout, retries and other policies; `APIClient.Options()` (the session's timeout, two
    ///     retries of idempotent requests) by default.
    ///   - orderStorageURL: The file the order is loaded from and saved to; `nil` (memory only) by default.
    ///   - imageCacheLimit: The most bytes of pictures kept in memory; ``ImageCache/defaultByteLimit``
    ///     (20 MB) by default.
    ///   - diskImageCache: Where pictures are also kept on disk; `nil` (memory only) by default.
    ///   - notificationCenter: Where order changes are announced; `.default` by default.
    public convenience init(
        baseURL: URL,
        session: URLSession = APIClient.makeSession(),
        options: APIClient.Options = .init(),
        orderStorageURL: URL? = nil,
        imageCacheLimit: Int = ImageCache.defaultByteLimit,
        diskImageCache: DiskImageCache? = nil,
        notificationCenter: NotificationCenter = .default
    ) {
        let client = APIClient(baseURL: baseURL, session: session, options: options)
        self.init(
            client: client, orderStorageURL: orderStorageURL, imageCacheLimit: imageCacheLimit,
            diskImageCache: diskImageCache, notificationCenter: notificationCenter)
    }

    /// Creates a controller on an existing client, for example one shared with other controllers.
    /// Menu requests never carry the client's token: none of them requires authorization.
    /// - Parameters:
    ///   - client: The client to send through. Its `callbackQueue` does not matter here: the
    ///     controller's completions always run on the main actor.
    ///   - orderStorageURL: The file the order is loaded from now and saved to after every change (as
    ///     Apple's sample used `order.json`); `nil` (the order lives in memory only) by default.
    ///   - imageCacheLimit: The most bytes of pictures kept in memory; ``ImageCache/defaultByteLimit``
    ///     (20 MB) by default.
    ///   - diskImageCache: Where pictures are also kept on disk, to survive a relaunch; `nil` (memory
    ///     only) by default.
    ///   - notificationCenter: Where order changes are announced; `.default` by default.
    public init(
        client: APIClient,
        orderStorageURL: URL? = nil,
        imageCacheLimit: Int = ImageCache.defaultByteLimit,
        diskImageCache: DiskImageCache? = nil,
        notificationCenter: NotificationCenter = .default
    ) {
        self.client = client
        self.imageCache = ImageCache(byteLimit: imageCacheLimit)
        self.diskImageCache = diskImageCache
        self.notificationCenter = notificationCenter
        let store = orderStorageURL.map(OrderStore.init(url:))
        let loaded = store?.load() ?? (order: Order(), error: nil)
        self.orderStore = store
        self.orderState = OrderState(loaded.order)
        self.orderLoadError = loaded.error
    }

    // MARK: - Menu

    /// Fetches the menu's category names (`GET categories`).
    /// - Parameter completion: Receives the names, or why they could not be fetched; called exactly
    ///   once, on the main actor.
    /// - Returns: A handle to cancel the request; the completion then receives ``APIError/cancelled``.
    @discardableResult
    public func fetchCategories(completion: @escaping @MainActor (Result<[String], APIError>) -> Void) -> RequestHandle
    {
        client.send(MenuAPI.categories, completion: completion)
    }

    /// Fetches the menu's category names: the `async` twin of ``fetchCategories(completion:)``.
    /// Cancelling the task cancels the request and throws ``APIError/cancelled``.
    public func fetchCategories() async throws(APIError) -> [String] {
        try await client.send(MenuAPI.categories)
    }

    /// Fetches the dishes of one category (`GET menu?category=<category>`). An unknown category gives
    /// an empty list.
    /// - Parameters:
    ///   - category: A name from ``fetchCategories(completion:)``; any text is sent intact.
    ///   - completion: Receives the dishes, or why they could not be fetched; called exactly once, on
    ///     the main actor.
    /// - Returns: A handle to cancel the request; the completion then receives ``APIError/cancelled``.
    @discardableResult
    public func fetchMenuItems(
        forCategory category: String, completion: @escaping @MainActor (Result<[MenuItem], APIError>) -> Void
    ) -> RequestHandle {
        client.send(MenuAPI.menuItems(forCategory: category), completion: completion)
    }

    /// Fetches the dishes of one category: the `async` twin of ``fetchMenuItems(forCategory:completion:)``.
    /// - Parameter category: A name from ``fetchCategories()``; any text is sent intact.
    public func fetchMenuItems(forCategory category: String) async throws(APIError) -> [MenuItem] {
        try await client.send(MenuAPI.menuItems(forCategory: category))
    }

    /// Sends the order (`POST order` with `{"menuIds": [...]}`) and returns the kitchen's estimate.
    /// The request is never repeated automatically, so an order is not placed twice.
    /// - Parameters:
    ///   - menuIDs: The ordered dishes' ``MenuItem/id``s (``Order/menuIDs``).
    ///   - completion: Receives the minutes until the order is ready, or why it failed; called exactly
    ///     once, on the main actor.
    /// - Returns: A handle to cancel the request; the completion then receives ``APIError/cancelled``.
    @discardableResult
    public func submitOrder(
        forMenuIDs menuIDs: [Int], completion: @escaping @MainActor (Result<MinutesToPrepare, APIError>) -> Void
    ) -> RequestHandle {
        client.send(MenuAPI.submitOrder(forMenuIDs: menuIDs), completion: completion)
    }

    /// Sends the order and returns the minutes until it is ready: the `async` twin of
    /// ``submitOrder(forMenuIDs:completion:)``. Never repeated automatically.
    /// - Parameter menuIDs: The ordered dishes' ``MenuItem/id``s.
    public func submitOrder(forMenuIDs menuIDs: [Int]) async throws(APIError) -> MinutesToPrepare {
        try await client.send(MenuAPI.submitOrder(forMenuIDs: menuIDs))
    }
}
