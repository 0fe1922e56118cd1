import Foundation
import ServiceLayer

do throws(APIError) {
    let page = try await MovieController.shared.fetchPopular(page: 1)
    guard let first = page.results.first else { exit(1) }

    let movie = try await MovieController.shared.fetchMovie(id: first.id)
    print("\(movie.title) (\(movie.year)), directed by \(movie.director.name)")
    print("  \(movie.overview)")
    print("  genre: \(movie.genre), tags: \(movie.tags.joined(separator: ", "))")
} catch {
    print("Could not load the movie:", error.localizedDescription)
}
