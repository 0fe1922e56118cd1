import Foundation
import XCTest

/// Every file a DocC article names in code voice exists: a `*.swift` name (`Client/Connectivity.swift`,
/// `ShopAccount.swift`) is the end of a path of the repository, and a path from the repository's root
/// (`Tests/ServiceLayerTests/Adversarial/`, `.ci/learner.sh`) is there. A file moved or renamed fails
/// here, naming the article.
final class ArticleFileNamesTests: XCTestCase {
    /// The repository's top-level folders: a code span starting with one of them is a path to check.
    static let rootFolders = ["Sources/", "Tests/", "Examples/", "server-fixtures/", ".ci/", ".github/"]

    /// Paths of another package than this one, each with its reason. Keep it this short.
    static let exceptions: [String: String] = [
        "Sources/Movies/": "the folder of the learner's own package in 'Your own API', not of this repository",
        "Sources/Movies/Movies.swift": "the @main file `swift package init` writes in that package, which it deletes",
        "Sources/MyApp/MyApp.swift": "the @main file `swift package init` writes in the reader's package MyApp",
        "MyApp.swift": "the same file, in 'Adding it as a dependency'",
        "Tests/MyAppTests": "the test folder `swift package init` writes in the reader's package MyApp",
    ]

    func testEveryFileAnArticleNamesExists() throws {
        let files = try repositoryPaths()
        var checked = 0
        var missing: [String] = []
        for article in try DocArticles.all() {
            for span in Set(DocArticles.codeSpans(article.text)) where Self.isPath(span) && Self.exceptions[span] == nil
            {
                checked += 1
                if !Self.resolves(span, in: files) { missing.append("\(article.path): `\(span)`") }
            }
        }
        XCTAssertEqual(missing.sorted(), [], "these articles name files that do not exist: fix the path in the article")
        XCTAssertGreaterThan(checked, 50)  // the control: the articles' file names were seen
    }

    func testEveryExceptionIsStillNamedByAnArticle() throws {
        let named = Set(try DocArticles.all().flatMap { DocArticles.codeSpans($0.text) })
        for exception in Self.exceptions.keys {
            XCTAssertTrue(named.contains(exception), "`\(exception)` is no longer in any article: drop its exception")
        }
    }

    func testAMovedFileIsReported() {
        let files: Set<String> = [
            "Sources/ServiceLayerCore/Sending/RequestTries.swift", "Tests/ServiceLayerTests/Seams/",
        ]
        XCTAssertTrue(Self.resolves("Sending/RequestTries.swift", in: files))
        XCTAssertTrue(Self.resolves("RequestTries.swift", in: files))
        XCTAssertTrue(Self.resolves("Tests/ServiceLayerTests/Seams/", in: files))
        XCTAssertFalse(Self.resolves("Client/RequestTries.swift", in: files))
        XCTAssertFalse(Self.resolves("Tests/ServiceLayerTests/Gone/", in: files))
        XCTAssertTrue(Self.isPath("Client/RequestTries.swift"))
        XCTAssertTrue(Self.isPath(".ci/learner.sh"))
        XCTAssertFalse(Self.isPath("APIClient/Options/timeout"))
        XCTAssertFalse(Self.isPath("application/json"))
        XCTAssertFalse(Self.isPath("client.send(endpoint)"))
    }

    /// A `*.swift` name, or a path from one of the repository's top-level folders.
    static func isPath(_ span: String) -> Bool {
        guard span.range(of: #"^[\w+.-]+(/[\w+.-]+)*/?$"#, options: .regularExpression) != nil else { return false }
        return span.hasSuffix(".swift") || rootFolders.contains { span.hasPrefix($0) }
    }

    /// Whether `span` names one of `paths` (files, and folders with a trailing `/`): the whole path for a
    /// path from the root, its end otherwise.
    static func resolves(_ span: String, in paths: Set<String>) -> Bool {
        if rootFolders.contains(where: { span.hasPrefix($0) }) {
            return paths.contains(span) || paths.contains(span + "/")
        }
        return paths.contains(span) || paths.contains { $0.hasSuffix("/" + span) }
    }

    /// Every file and folder of the repository (folders with a trailing `/`), relative to its root,
    /// without build folders and `.git`.
    private func repositoryPaths() throws -> Set<String> {
        let root = DocArticles.root.standardizedFileURL
        var paths: Set<String> = []
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        else { return [] }
        for case let url as URL in walker {
            let name = url.lastPathComponent
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if isFolder && (name.hasPrefix(".build") || name == ".git" || name == ".swiftpm") {
                walker.skipDescendants()
                continue
            }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            paths.insert(isFolder ? relative + "/" : relative)
        }
        return paths
    }
}
