import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `NetworkController.uploadAvatar`: a multipart upload the fixture server parses and serves back, with
/// progress on the main actor (callbacks) or off it (`async`).
final class AvatarUploadTests: FixtureServerTestCase {
    private let image = Data((0..<200_000).map { UInt8($0 % 256) })

    func testTheCallbackUploadReportsProgressOnTheMainActorAndTheServerKeepsTheImage() throws {
        let controller = makeUsersController()
        let onMain = Locked<[Bool]>([])
        let last = Locked<TransferProgress?>(nil)
        let result = awaitCompletion { (completion: @escaping @Sendable (Result<UploadedAvatar, APIError>) -> Void) in
            controller.uploadAvatar(
                userID: 5, image: image, fileName: "me.png",
                progress: { progress in
                    onMain.withLock { $0.append(TestMainQueue.isCurrent) }
                    last.withLock { $0 = progress }
                }, completion: { completion($0) })
        }
        let uploaded = try XCTUnwrap(result).get()
        XCTAssertEqual(uploaded.bytes, 200_000)
        XCTAssertEqual(uploaded.fileName, "me.png")
        XCTAssertEqual(uploaded.avatar.path, "/api/users/5/avatar")
        XCTAssertFalse(onMain.withLock { $0 }.isEmpty)
        XCTAssertTrue(onMain.withLock { $0 }.allSatisfy { $0 })
        let final = try XCTUnwrap(last.withLock { $0 })
        XCTAssertEqual(final.bytesSent, final.totalBytesToSend)
        let stored = requests(to: "/api/users/5/avatar")
        XCTAssertEqual(stored.count, 1)
        XCTAssertTrue(stored[0].headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") ?? false)
    }

    func testTheAsyncUploadReportsProgressAndTooLargeIs413() async throws {
        let controller = makeUsersController()
        let values = Locked<[TransferProgress]>([])
        let uploaded = try await controller.uploadAvatar(userID: 6, image: image) { progress in
            values.withLock { $0.append(progress) }
        }
        XCTAssertEqual(uploaded.fileName, "avatar.png")
        XCTAssertEqual(values.withLock { $0 }.last?.fractionSent, 1)
        do {
            _ = try await controller.uploadAvatar(userID: 6, image: Data(count: 700_000))
            XCTFail("an image over the server's limit must fail")
        } catch {
            XCTAssertEqual(error.statusCode, 413)
        }
    }
}
