import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every modifier an endpoint carries survives every change of response type (`map(_:)` with a closure or
/// a key path, `downloading(to:)`), present and future: the stored properties are enumerated through
/// `Mirror`, and the public builder methods are read from the sources, so a new one that this test does
/// not apply fails it until it is added here.
final class EndpointModifiersSurviveMapTests: XCTestCase {
    /// The public builder methods this test applies in `fullyModified()`, by name.
    static let appliedModifiers: Set<String> = [
        "body", "headers", "requiringAuthorization", "timeout", "retry", "coalescing", "adaptingRequest",
        "redactingErrorBodies", "redactingErrors", "carryingSecretBody", "cached", "uncached", "keepingBody",
        "form", "multipart", "file", "downloading", "map", "query",
    ]

    /// An endpoint with every stored property changed from its default, through the public modifiers
    /// (`progress` and `eventSink` have none: the sends that take a progress watcher, and `events`, set them).
    static func fullyModified() -> Endpoint<[String: Int]> {
        var endpoint = Endpoint<[String: Int]>(method: .put, "y", query: [URLQueryItem(name: "q", value: "1")])
            .query([URLQueryItem(name: "r", value: "2")])
            .body(Data("hello".utf8), contentType: "text/plain")
            .headers(["A": "1"])
            .requiringAuthorization()
            .timeout(7)
            .retry(.never, evenIfNotIdempotent: true)
            .coalescing(true)
            .adaptingRequest(RequestHook { $0.setValue("hooked", forHTTPHeaderField: "X-Hook") })
            .redactingErrorBodies()
            .carryingSecretBody()
            .cached(in: ResponseCache())
            .keepingBody(lookup: { nil }, keep: { _ in })
        endpoint.progress = ProgressCounter(report: { _ in })
        endpoint.eventSink = EventSink { _, _ in }
        endpoint.downloadDestination = URL(fileURLWithPath: "/tmp/modifiers-survive-map")
        return endpoint
    }

    /// `Endpoint` stores its configuration and its reading, nothing else: a modifier added as a stored
    /// property of `Endpoint` itself would not be copied by `reading(_:)`.
    func testEndpointStoresOnlyItsConfigurationAndItsReading() {
        let labels = Mirror(reflecting: Endpoint<Data>("x")).children.map(\.label)
        XCTAssertEqual(labels, ["configuration", "reading"], "add a new modifier's property to EndpointConfiguration")
    }

    /// Every stored property of the configuration is changed by `fullyModified()`, so the survival test
    /// below covers each one (a new property fails here until the test applies its modifier).
    func testTheFullyModifiedEndpointChangesEveryStoredProperty() {
        let plain = Self.fingerprints(Endpoint<[String: Int]>("x").configuration)
        let full = Self.fingerprints(Self.fullyModified().configuration)
        XCTAssertEqual(plain.map(\.label), full.map(\.label))
        XCTAssertGreaterThanOrEqual(full.count, 16)
        for (plainProperty, fullProperty) in zip(plain, full) {
            XCTAssertNotEqual(
                plainProperty.value, fullProperty.value,
                "\(fullProperty.label) is not changed by fullyModified(): apply its modifier there")
        }
    }

    /// Every stored property, compared through `Mirror` (reference types by identity), is the same after
    /// each change of response type.
    func testEveryStoredPropertySurvivesEveryChangeOfResponseType() {
        let original = Self.fullyModified()
        let expected = Self.fingerprints(original.configuration)
        // A download is, by design, never coalesced nor cached (see `downloading(to:)`); all else is kept.
        let changed: [(String, EndpointConfiguration, deliberate: Set<String>)] = [
            ("map(closure)", original.map { $0.count }.configuration, []),
            ("map(keyPath)", original.map(\.count).configuration, []),
            ("map twice", original.map { $0 }.map(\.isEmpty).configuration, []),
            (
                "downloading(to:)", original.downloading(to: original.downloadDestination!).configuration,
                ["coalesces", "responseCacheChoice"]
            ),
        ]
        for (name, configuration, deliberate) in changed {
            let actual = Self.fingerprints(configuration)
            XCTAssertEqual(actual.map(\.label), expected.map(\.label), name)
            for (want, got) in zip(expected, actual) where !deliberate.contains(want.label) {
                XCTAssertEqual(got.value, want.value, "\(want.label) is lost by \(name)")
            }
        }
    }

    /// The request the client builds for the mapped endpoint is the original's, byte for byte.
    func testTheMappedEndpointBuildsTheSameRequest() throws {
        let client = APIClient(
            baseURL: URL(string: "http://127.0.0.1:1/api/")!, session: URLStub().makeSession(),
            tokenProvider: { "token" })
        let original = Self.fullyModified()
        let authorize: (inout URLRequest) -> Void = { $0.setValue("Bearer token", forHTTPHeaderField: "Authorization") }
        let want = try client.makeRequest(for: original, authorize: authorize).get()
        for mapped in [
            original.map { $0.count }.makeRequestFor(client, authorize),
            original.map(\.count).makeRequestFor(client, authorize),
        ] {
            let got = try mapped.get()
            XCTAssertEqual(got.url, want.url)
            XCTAssertEqual(got.httpMethod, want.httpMethod)
            XCTAssertEqual(got.httpBody, want.httpBody)
            XCTAssertEqual(got.timeoutInterval, want.timeoutInterval)
            XCTAssertEqual(got.allHTTPHeaderFields, want.allHTTPHeaderFields)
        }
        XCTAssertEqual(want.timeoutInterval, 7)
        XCTAssertEqual(want.value(forHTTPHeaderField: "A"), "1")
    }

    /// Every public method of `Endpoint` that returns an endpoint (a builder) is applied by this test.
    func testEveryPublicBuilderIsAppliedByThisTest() throws {
        let folder = DocArticles.root.appendingPathComponent("Sources/ServiceLayerCore/Endpoints")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var builders: Set<String> = []
        let pattern = try NSRegularExpression(pattern: #"public func (\w+)[^{]*->\s*Endpoint\b"#)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                builders.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        XCTAssertGreaterThanOrEqual(builders.count, 15, "the builders are found: \(builders.sorted())")
        let missing = builders.subtracting(Self.appliedModifiers)
        XCTAssertTrue(missing.isEmpty, "apply \(missing.sorted()) in fullyModified() and the survival tests")
    }

    /// Each stored property of `value` as (label, a text that differs when the value differs).
    static func fingerprints(_ value: Any) -> [(label: String, value: String)] {
        Mirror(reflecting: value).children.map { ($0.label ?? "?", fingerprint($0.value)) }
    }

    /// A text for `value`: its structure, with every class instance named by its identity.
    static func fingerprint(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class:
            return "object \(ObjectIdentifier(value as AnyObject))"
        case .optional:
            guard let wrapped = mirror.children.first else { return "nil" }
            return "some(\(fingerprint(wrapped.value)))"
        case .struct, .enum, .tuple, .collection, .dictionary, .set:
            if mirror.children.isEmpty { return "\(mirror.subjectType) \(String(reflecting: value))" }
            let inner = mirror.children.map { "\($0.label ?? "_"): \(fingerprint($0.value))" }
            return "\(mirror.subjectType)(\(inner.joined(separator: ", ")))"
        default:
            return String(reflecting: value)
        }
    }
}

extension Endpoint {
    /// The request `client` builds for this endpoint.
    fileprivate func makeRequestFor(_ client: APIClient, _ authorize: @escaping (inout URLRequest) -> Void)
        -> Result<URLRequest, APIError>
    {
        client.makeRequest(for: self, authorize: authorize)
    }
}
