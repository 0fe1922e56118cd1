import Foundation

// MARK: - The --api query language on raw query strings

/// The input as the query of `GET /movies?<input>` on a small collection: the answer is a 200 or a
/// teaching 400, never anything else, and a 200's `X-Total-Count` is at least the number of items shown.
let queryFuzzTarget = FuzzTarget(name: "query") { data in
    let query = String(decoding: data.prefix(2048), as: UTF8.self)
    guard !query.contains("#") else { return }
    let response = fuzzMovies.list("movies", fuzzContext(target: "/movies?" + query))
    fuzzCheck(response.status == 200 || response.status == 400, "GET /movies?\(query) answered \(response.status)")
    guard response.status == 200, case .array(let items)? = try? JSONReader.parse(response.body).value else { return }
    let total = response.fields.first { $0.name == "X-Total-Count" }.flatMap { Int($0.value) } ?? -1
    fuzzCheck(total >= items.count, "X-Total-Count \(total) with \(items.count) items shown")
}

/// Six movies with numbers, strings, nulls, a missing field, arrays and a nested object.
let fuzzMoviesJSON = """
    {"movies": [
      {"id": 1, "title": "The Island", "year": 2005, "rating": 6.9, "genre": "action", "tags": ["sea", "space"],
       "director": {"name": "Bay"}},
      {"id": 2, "title": "Drama Queen", "year": 2010, "rating": 7.5, "genre": "drama", "tags": ["city"],
       "director": {"name": "Lee"}},
      {"id": 3, "title": "the end", "year": 1999, "rating": null, "genre": "Drama", "tags": [],
       "director": {"name": "Bay"}},
      {"id": 4, "title": "Zed", "year": 2010, "rating": 8, "genre": "comedy", "tags": ["space"]},
      {"id": "5a", "title": "Ängel", "year": 2021, "rating": 5.25, "genre": "drama", "tags": ["sea"],
       "director": {"name": "ånn"}},
      {"id": 6, "title": "42", "year": 2001.5, "genre": null, "tags": ["x", "sea"], "director": {"name": "Lee"}}
    ]}
    """

/// ``fuzzMoviesJSON`` loaded as an `--api` folder's database (read-only).
let fuzzMovies: Database = {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-movies-\(getpid()).json")
    try? Data(fuzzMoviesJSON.utf8).write(to: file)
    do {
        return try Database.load(file, writesBack: false)
    } catch {
        fatalError("the fuzz movies do not load: \(error)")
    }
}()
