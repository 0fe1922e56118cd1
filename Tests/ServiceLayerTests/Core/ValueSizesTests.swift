import Foundation
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sizes of the values a call copies along its path (`MemoryLayout<…>.size`, in bytes): every copy
/// of a value moves that many bytes, and every generic function over it runs its value witnesses. The
/// table BENCHMARKS.md's "Issue 57" section gives is what `testPrintTheSizes` prints:
/// `swift test --filter ValueSizesTests 2>&1 | grep size:`.
final class ValueSizesTests: XCTestCase {
    /// The values on a plain call's path, by name.
    static let sizes: [(name: String, bytes: Int)] = [
        size(Endpoint<[String]>.self), size(EndpointExtras.self), size(EndpointExtras.Values.self),
        size(ResponseReading<[String]>.self), size(RequestBody?.self), size(EndedTry.self), size(ExchangeOutcome.self),
        size(APIError.self), size(APIError.Body.self), size(RequestProblem.self), size(FileProblem.self),
        size(URLError.self), size(URLRequest.self), size(OwnOriginHeaders.self), size(ConditionalGET.self),
        size(TransferPlan.self), size(CompletionRoute<[String]>.self), size(ExchangeReport.self),
        size(APIClient.Options.self), size(RetryPolicy.self), size(DecodingFailure.self), size(Message.self),
    ]

    /// `type`'s name and size.
    static func size<Value>(_ type: Value.Type) -> (name: String, bytes: Int) {
        (String(describing: type), MemoryLayout<Value>.size)
    }

    func testPrintTheSizes() {
        for (name, bytes) in Self.sizes { print("size: \(name) \(bytes)") }
        XCTAssertEqual(Self.sizes.count, Set(Self.sizes.map(\.name)).count)
    }
}
