import Foundation
import ServiceLayer

// The async twin in an async main: every page, one after another.
do throws(APIError) {
    var pageNumber = 1
    while true {
        let page = try await MovieController.shared.fetchPopular(page: pageNumber)
        print("Popular movies, page \(page.page) of \(page.totalPages):")
        for movie in page.results { print("  \(movie.title) (\(movie.year))") }
        if page.page >= page.totalPages { break }
        pageNumber += 1
    }
} catch {
    print("Could not load the movies:", error.localizedDescription)
}
