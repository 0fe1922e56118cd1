/// What `POST movies` sends: a movie without its `id`, which the server chooses.
struct NewMovie: Codable {
    let title: String
    let overview: String
    let genre: String
    let year: Int
    let rating: Double?
    let tags: [String]
    let director: MovieDetail.Director
}
