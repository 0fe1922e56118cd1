/// A movie, as the movies API sends it (the fields this program uses; the others are ignored).
struct Movie: Codable {
    let id: Int
    let title: String
    let year: Int
    let rating: Double?  // `null` for a movie nobody rated yet
}

/// One page of `GET movie/popular`: the movies are in `results`, and `total_pages` is snake_case.
struct MoviePage: Codable {
    let page: Int
    let totalPages: Int
    let results: [Movie]

    enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages"
    }
}
