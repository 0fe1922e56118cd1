import Foundation
import XCTest

@testable import FixtureServer

/// json-server's query language (v0.17 and v1 spellings) on the movies example, over real sockets.
final class QueryLanguageTests: FixtureTestCase {
    override func makeServer() -> FixtureServer { apiServer(Self.moviesFolder) }

    /// The ids of the array `GET target` answers (fails on a non-200).
    private func ids(_ target: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
        let reply = try fetch(target)
        XCTAssertEqual(reply.status, 200, "\(target): \(reply.text)", file: file, line: line)
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.body) as? [[String: Any]], reply.text)
        return list.compactMap { $0["id"] as? Int }
    }

    /// The error message of a 400 for `target`.
    private func refusal(_ target: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let reply = try fetch(target)
        XCTAssertEqual(reply.status, 400, "\(target): \(reply.text)", file: file, line: line)
        return try reply.object()["error"] as? String ?? ""
    }

    func testControlEveryMovieWithoutAQuery() throws {
        XCTAssertEqual(try ids("/movies"), [1, 2, 3, 4, 5, 6, 7, 8])
    }

    /// An app written for a real API sends its key on every request: the mock reads past it.
    func testAnAPIKeyInTheQueryIsReadPast() throws {
        XCTAssertEqual(try ids("/movies?api_key=k3y&genre=drama"), try ids("/movies?genre=drama"))
        XCTAssertEqual(try ids("/movies?access_token=t0k&apikey=k3y"), [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(try fetch("/movies/3?api_key=k3y").status, 200)
        XCTAssertTrue(try refusal("/movies?api_kee=k3y").contains("api_kee"), "control: another unknown name is a 400")
    }

    func testOperatorsInBothSpellings() throws {
        XCTAssertEqual(try ids("/movies?year_gte=2020"), [2, 4, 6, 7])
        XCTAssertEqual(try ids("/movies?year:gte=2020"), [2, 4, 6, 7])
        XCTAssertEqual(try ids("/movies?year_lte=2017"), [5, 8])
        XCTAssertEqual(try ids("/movies?year:lt=2017"), [5])
        XCTAssertEqual(try ids("/movies?year_gt=2022"), [7])
        XCTAssertEqual(try ids("/movies?rating:gt=7.5"), [1, 5], "null ratings never compare")
        XCTAssertEqual(try ids("/movies?genre_ne=drama"), [2, 3, 4, 6, 7, 8])
        XCTAssertEqual(try ids("/movies?genre:ne=drama&genre:ne=comedy"), [2, 4, 6, 7])
        XCTAssertEqual(try ids("/movies?id=1&id=3"), [1, 3], "a repeated filter is any of")
        XCTAssertEqual(try ids("/movies?rating=null"), [4, 7])
        XCTAssertEqual(try ids("/movies?year_gte=2018&year_lte=2020"), [1, 3, 6])
    }

    func testLikeIsACaseInsensitiveSafePattern() throws {
        XCTAssertEqual(try ids("/movies?title_like=^the"), [1, 4])
        XCTAssertEqual(try ids("/movies?title_like=ight"), [1, 3, 5])
        XCTAssertEqual(try ids("/movies?title_like=%5Bo%5Drbit%7Cdraft%24"), [2, 8])
        XCTAssertEqual(try ids("/movies?title_like=(a%2B)%2B%24"), [], "the classic catastrophic pattern just answers")
        XCTAssertTrue(try refusal("/movies?title_like=x%7B2%7D").contains("{m,n}"))
        XCTAssertTrue(try refusal("/movies?title_like=(ab").contains("unclosed ("))
        let long = String(repeating: "a", count: SafePattern.maxLength + 1)
        XCTAssertTrue(try refusal("/movies?title_like=\(long)").contains("longer than 100"))
    }

    func testFullTextAndNestedPaths() throws {
        XCTAssertEqual(try ids("/movies?q=robot"), [6])
        XCTAssertEqual(try ids("/movies?q=MARA"), [1, 4], "q searches nested strings, ignoring case")
        XCTAssertEqual(try ids("/movies?director.name=Lou%20Chen"), [3, 8])
        XCTAssertEqual(try ids("/movies?director.name_like=^idris"), [2, 6])
        XCTAssertEqual(try ids("/movies?tags%5B0%5D=space"), [2])
        XCTAssertEqual(try ids("/movies?tags=food"), [3], "an array matches when one element does")
    }

    /// `q` ending in NUL characters once trapped inside Foundation's case-insensitive search (found by the
    /// `query` fuzz target) and took the server down: now it answers, and the server keeps serving.
    func testFullTextWithNULCharactersAnswers() throws {
        XCTAssertEqual(try ids("/movies?q=l%00%00%00%00%00%00"), [])
        XCTAssertEqual(try ids("/movies?q=2%00%00%00%00%00%00"), [], "numbers are searched the same way")
        XCTAssertEqual(try ids("/movies?q=%C3%84"), try ids("/movies?q=%C3%A4"), "non-ASCII ignores case too")
        XCTAssertEqual(try ids("/movies?q=robot"), [6], "the server is still up")
    }

    func testSortOnSeveralFieldsBothSpellings() throws {
        XCTAssertEqual(try ids("/movies?_sort=genre,-year"), [7, 3, 8, 1, 5, 6, 4, 2])
        XCTAssertEqual(try ids("/movies?_sort=genre,year&_order=asc,desc"), [7, 3, 8, 1, 5, 6, 4, 2])
        XCTAssertEqual(try ids("/movies?_sort=year&_order=desc"), [7, 4, 2, 6, 1, 3, 8, 5])
        XCTAssertEqual(try ids("/movies?_sort=director.name,id"), [5, 2, 6, 3, 8, 1, 4, 7])
    }

    func testSlicesAndBothPageStyles() throws {
        XCTAssertEqual(try ids("/movies?_start=2&_end=4"), [3, 4])
        XCTAssertEqual(try ids("/movies?_start=6&_limit=5"), [7, 8])
        XCTAssertEqual(try fetch("/movies?_start=6&_limit=5").headers["x-total-count"], "8")
        XCTAssertEqual(try ids("/movies?_start=999999999&_limit=1000"), [])

        let envelope = try fetch("/movies?_page=2&_per_page=3").object()
        XCTAssertEqual(envelope["first"] as? Int, 1)
        XCTAssertEqual(envelope["prev"] as? Int, 1)
        XCTAssertEqual(envelope["next"] as? Int, 3)
        XCTAssertEqual(envelope["last"] as? Int, 3)
        XCTAssertEqual(envelope["pages"] as? Int, 3)
        XCTAssertEqual(envelope["items"] as? Int, 8)
        XCTAssertEqual((envelope["data"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }, [4, 5, 6])
        let last = try fetch("/movies?_page=3&_per_page=3&genre_ne=drama").object()
        XCTAssertTrue(last["next"] is NSNull)
        XCTAssertEqual(last["items"] as? Int, 6)
        XCTAssertEqual(last["pages"] as? Int, 2)
        XCTAssertEqual((last["data"] as? [Any])?.count, 0, "past the last page: no data")

        let page = try fetch("/movies?_page=2&_limit=2&genre=drama&genre=comedy")
        XCTAssertEqual(page.headers["x-total-count"], "4")
        XCTAssertTrue(
            page.headers["link"]?.contains("genre=drama&genre=comedy&_page=1&_limit=2>; rel=\"first\"") ?? false)
    }

    func testEmbedAndExpand() throws {
        let movie = try fetch("/movies/1?_embed=reviews").object()
        XCTAssertEqual((movie["reviews"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }, [1, 2])
        let list = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: fetch("/movies?id=2&_embed=reviews").body) as? [[String: Any]])
        XCTAssertEqual(
            (list.first?["reviews"] as? [[String: Any]])?.first?["text"] as? String, "Great effects, thin plot.")
        let review = try fetch("/reviews/3?_embed=movie").object()
        XCTAssertEqual((review["movie"] as? [String: Any])?["title"] as? String, "Orbit of Ashes")
        let expanded = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: fetch("/reviews?_expand=movie&movieId=6").body) as? [[String: Any]])
        XCTAssertEqual((expanded.first?["movie"] as? [String: Any])?["id"] as? Int, 6)
        let paged = try fetch("/movies?_page=1&_per_page=1&_embed=reviews").object()
        XCTAssertEqual(((paged["data"] as? [[String: Any]])?.first?["reviews"] as? [Any])?.count, 2)
    }

    func testEveryMisreadParameterIsA400ThatNamesIt() throws {
        XCTAssertTrue(try refusal("/movies?genr=drama").contains("no item has a field genr. Did you mean genre?"))
        XCTAssertTrue(try refusal("/movies?year_gtx=1").contains("Unknown operator _gtx in year_gtx"))
        XCTAssertTrue(try refusal("/movies?year:foo=1").contains("Unknown operator :foo"))
        XCTAssertTrue(try refusal("/movies?year_gte=abc").contains("year holds numbers here"))
        XCTAssertTrue(try refusal("/movies?_pag=2").contains("Did you mean _page?"))
        XCTAssertTrue(try refusal("/movies?_sort=titel").contains("Did you mean title?"))
        XCTAssertTrue(try refusal("/movies?_sort=title&_order=up").contains("_order must be asc or desc"))
        XCTAssertTrue(try refusal("/movies?_embed=reveiws").contains("Did you mean reviews?"))
        XCTAssertTrue(try refusal("/reviews?_expand=film").contains("_expand=film"))
        XCTAssertTrue(try refusal("/movies?_start=-1").contains("_start must be a whole number from 0"))
        XCTAssertTrue(try refusal("/movies?_start=5&_end=1").contains("_end (1) is before _start (5)"))
        XCTAssertTrue(try refusal("/movies?_limit=99999999999999999999").contains("_limit must be a whole number"))
        XCTAssertTrue(try refusal("/movies?_page=1&_per_page=2&_limit=2").contains("cannot be combined"))
        XCTAssertTrue(try refusal("/movies/1?genre=drama").contains("reads only _embed and _expand"))
    }
}
