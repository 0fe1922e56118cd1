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
        endpoint.extras.progress = ProgressCounter(report: { _ in })
        endpoint.extras.downloadDestination = URL(fileURLWithPath: "/tmp/modifiers-survive-map")
        endpoint.extras.eventSink = EventSink { _, _ in }
        return endpoint
    }

    /// What `Endpoint` stores: a modifier's property is one of these or one of `EndpointExtras.Values`
    /// (which `reading(_:)` copies as one box); a new stored property of `Endpoint` fails here until
    /// `reading(_:)` copies it and this list names it.
    func testEndpointStoresWhatItsReadingCopies() {
        let labels = Mirror(reflecting: Endpoint<Data>("x")).children.map(\.label)
        XCTAssertEqual(
            labels, ["method", "target", "query", "headers", "requiresAuthorization", "body", "extras", "reading"],
            "copy a new stored property in Endpoint.reading(_:), or put a rarely set one in EndpointExtras.Values")
    }

    /// Every stored property but the reading, and every value of its extras, is changed by `fullyModified()`,
    /// so the survival test below covers each one (a new property fails here until the test applies its
    /// modifier).
    func testTheFullyModifiedEndpointChangesEveryStoredProperty() {
        let plain = Self.stored(Endpoint<[String: Int]>("x"))
        let full = Self.stored(Self.fullyModified())
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
        let expected = Self.stored(original)
        // A download is, by design, never coalesced nor cached (see `downloading(to:)`); all else is kept.
        let changed: [(String, [(label: String, value: String)], deliberate: Set<String>)] = [
            ("map(closure)", Self.stored(original.map { $0.count }), []),
            ("map(keyPath)", Self.stored(original.map(\.count)), []),
            ("map twice", Self.stored(original.map { $0 }.map(\.isEmpty)), []),
            (
                "downloading(to:)", Self.stored(original.downloading(to: original.extras.downloadDestination!)),
                ["extras.coalesces", "extras.responseCacheChoice"]
            ),
        ]
        for (name, actual, deliberate) in changed {
            XCTAssertEqual(actual.map(\.label), expected.map(\.label), name)
            for (want, got) in zip(expected, actual) where !deliberate.contains(want.label) {
                XCTAssertEqual(got.value, want.value, "\(want.label) is lost by \(name)")
            }
        }
    }

    /// An endpoint that sets none of the extras shares the one empty box; setting one makes a box of its
    /// own, and the endpoint it was copied from keeps its values.
    func testTheExtrasAreCopiedOnWrite() {
        let plain = Endpoint<Data>("x")
        let other = Endpoint<Void>(method: .delete, "y")
        XCTAssertEqual(Self.fingerprint(plain.extras), Self.fingerprint(other.extras))
        let timed = plain.timeout(3)
        XCTAssertNotEqual(Self.fingerprint(timed.extras), Self.fingerprint(plain.extras))
        XCTAssertNil(plain.timeout)
        XCTAssertEqual(timed.timeout, 3)
        XCTAssertEqual(timed.retry(.never).timeout, 3)
        XCTAssertNil(timed.retryPolicy)
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

    /// Each stored property of `endpoint` but its reading, with its extras' values in place of their box,
    /// as (label, a text that differs when the value differs).
    static func stored<Response>(_ endpoint: Endpoint<Response>) -> [(label: String, value: String)] {
        fingerprints(endpoint).filter { !["reading", "extras"].contains($0.label) }
            + fingerprints(endpoint.extras.values).map { ("extras.\($0.label)", $0.value) }
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
