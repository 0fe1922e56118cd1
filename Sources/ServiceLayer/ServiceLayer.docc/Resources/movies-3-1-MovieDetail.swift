/// One movie with every field `GET movies/<id>` sends.
struct MovieDetail: Codable {
    /// The director, a nested object in the JSON.
    struct Director: Codable {
        let name: String
    }

    let id: Int
    let title: String
    let overview: String
    let genre: String
    let year: Int
    let rating: Double?
    let tags: [String]
    let director: Director
}
