import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The order file: round trip, damaged files, interrupted saves, and saves that never interleave.
final class MenuOrderPersistenceTests: XCTestCase {

    private func controller(storage: URL) -> MenuController {
        makeController(baseURL: URL(string: "http://127.0.0.1:1/")!, orderStorageURL: storage)
    }

    private func savedOrder(at url: URL) throws -> Order {
        try JSONDecoder().decode(Order.self, from: Data(contentsOf: url))
    }

    private func files(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    func testOrderSurvivesANewController() throws {
        let url = try temporaryDirectory().appendingPathComponent("order.json")
        let first = controller(storage: url)
        XCTAssertEqual(first.order, Order())
        XCTAssertNil(first.orderLoadError)
        first.addToOrder(sampleItem(id: 1, price: 12.75))
        first.addToOrder(sampleItem(id: 4, price: 9))
        first.flushOrderStorage()
        XCTAssertNil(first.orderSaveError)

        let second = controller(storage: url)
        XCTAssertNil(second.orderLoadError)
        XCTAssertEqual(second.order, first.order)
        XCTAssertEqual(second.order.menuIDs, [1, 4])
    }

    func testManyConcurrentChangesLeaveTheNewestOrderOnDisk() throws {
        let directory = try temporaryDirectory()
        let url = directory.appendingPathComponent("order.json")
        let controller = controller(storage: url)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<100 {
                controller.addToOrder(sampleItem(id: thread * 1_000 + index))
                if index % 3 == 0 { controller.removeFromOrder(at: 0) }
            }
        }
        controller.flushOrderStorage()
        XCTAssertEqual(try savedOrder(at: url), controller.order)
        XCTAssertEqual(try files(in: directory), ["order.json"], "no temporary file is left behind")
    }

    func testCorruptFileStartsEmptyKeepsTheFileAndReports() throws {
        let directory = try temporaryDirectory()
        let url = directory.appendingPathComponent("order.json")
        let garbage = Data(#"{"menuItems": [{"id": 1, "na"#.utf8)
        try garbage.write(to: url)

        let controller = controller(storage: url)
        XCTAssertEqual(controller.order, Order())
        guard case .corrupt(let reported, let movedTo, let description) = controller.orderLoadError else {
            return XCTFail("expected .corrupt, got \(String(describing: controller.orderLoadError))")
        }
        XCTAssertEqual(reported, url)
        XCTAssertFalse(description.isEmpty)
        let kept = try XCTUnwrap(movedTo)
        XCTAssertTrue(kept.lastPathComponent.hasPrefix("order.json.corrupt-"), kept.lastPathComponent)
        XCTAssertEqual(try Data(contentsOf: kept), garbage, "the bad file is kept as it was")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        XCTAssertNotNil(controller.orderLoadError?.errorDescription)

        controller.addToOrder(sampleItem(id: 2))
        controller.flushOrderStorage()
        XCTAssertEqual(try savedOrder(at: url).menuIDs, [2])
        XCTAssertEqual(try Data(contentsOf: kept), garbage, "saving does not touch the kept file")
    }

    func testUnreadableFileStartsEmptyAndReports() throws {
        let directory = try temporaryDirectory()
        let url = directory.appendingPathComponent("order.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)  // not a file

        let controller = controller(storage: url)
        XCTAssertEqual(controller.order, Order())
        switch controller.orderLoadError {
        case .unreadable(_, let movedTo, _), .corrupt(_, let movedTo, _):
            XCTAssertNotNil(movedTo)
        default:
            XCTFail("expected a load error, got \(String(describing: controller.orderLoadError))")
        }
        controller.addToOrder(sampleItem(id: 3))
        controller.flushOrderStorage()
        XCTAssertNil(controller.orderSaveError)
        XCTAssertEqual(try savedOrder(at: url).menuIDs, [3])
    }

    func testCrashBetweenTemporaryWriteAndRenameKeepsTheGoodOrder() throws {
        let directory = try temporaryDirectory()
        let url = directory.appendingPathComponent("order.json")
        let good = Order(menuItems: [sampleItem(id: 5), sampleItem(id: 6)])
        try JSONEncoder().encode(good).write(to: url)
        // What a crash after writing the temporary file and before `rename(2)` leaves behind: a
        // half-written temporary next to the previous, intact order.
        let leftover = directory.appendingPathComponent(".order.json.tmp-\(UUID().uuidString)")
        try Data(#"{"menuItems":[{"id":7,"#.utf8).write(to: leftover)

        let controller = controller(storage: url)
        XCTAssertNil(controller.orderLoadError)
        XCTAssertEqual(controller.order, good)
        XCTAssertEqual(try files(in: directory), ["order.json"], "the leftover is cleaned up")

        controller.addToOrder(sampleItem(id: 1))
        controller.flushOrderStorage()
        XCTAssertEqual(try savedOrder(at: url).menuIDs, [5, 6, 1])
    }

    func testSaveFailureIsReportedAndLaterSavesRecover() throws {
        let directory = try temporaryDirectory()
        let missing = directory.appendingPathComponent("gone", isDirectory: true)
        let url = missing.appendingPathComponent("order.json")
        let controller = controller(storage: url)
        controller.addToOrder(sampleItem(id: 1))
        controller.flushOrderStorage()
        guard case .saveFailed(let reported, _) = controller.orderSaveError else {
            return XCTFail("expected .saveFailed, got \(String(describing: controller.orderSaveError))")
        }
        XCTAssertEqual(reported, url)

        try FileManager.default.createDirectory(at: missing, withIntermediateDirectories: false)
        controller.addToOrder(sampleItem(id: 2))
        controller.flushOrderStorage()
        XCTAssertNil(controller.orderSaveError)
        XCTAssertEqual(try savedOrder(at: url).menuIDs, [1, 2])
    }
}
