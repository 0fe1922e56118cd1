import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Shared helpers for the Menu tests

/// A controller for tests: no retries and a 10 s timeout unless told; it calls back on `.main`.
func makeController(
    baseURL: URL,
    timeout: TimeInterval = 10,
    retryPolicy: RetryPolicy = .never,
    orderStorageURL: URL? = nil,
    notificationCenter: NotificationCenter = NotificationCenter()
) -> MenuController {
    MenuController(
        baseURL: baseURL,
        options: APIClient.Options(timeout: timeout, retryPolicy: retryPolicy), orderStorageURL: orderStorageURL,
        notificationCenter: notificationCenter)
}

extension XCTestCase {
    /// A fresh empty directory, removed when the test ends.
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "MenuTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }
}

/// A menu item for tests that do not touch the network.
func sampleItem(id: Int, price: Double = 9, category: String = "entrees") -> MenuItem {
    MenuItem(
        id: id, name: "Dish \(id)", detailText: "A test dish.", price: price, category: category,
        imageURL: URL(string: "http://127.0.0.1:1/images/\(id).png")!)
}

/// The first bytes of every PNG file.
let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
