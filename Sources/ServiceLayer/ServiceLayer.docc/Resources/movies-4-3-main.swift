import Foundation
import ServiceLayer

let draft = NewMovie(
    title: "The Fixture Server",
    overview: "A learner writes a controller for an API that runs on their own machine.",
    genre: "documentary",
    year: 2026,
    rating: nil,
    tags: ["swift", "networking"],
    director: MovieDetail.Director(name: "You")
)

do throws(APIError) {
    let created = try await MovieController.shared.createMovie(draft)
    print("Created movie #\(created.id): \(created.title) (\(created.year))")

    let again = try await MovieController.shared.fetchMovie(id: created.id)
    print("The server now has #\(again.id): \(again.title), directed by \(again.director.name)")
} catch {
    print("Could not add the movie:", error.localizedDescription)
}
