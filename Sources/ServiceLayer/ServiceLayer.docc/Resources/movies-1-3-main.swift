import Foundation
import ServiceLayer

MovieController.shared.fetchPopular(page: 1) { result in
    switch result {
    case .success(let page):
        print("Popular movies, page \(page.page) of \(page.totalPages):")
        for movie in page.results { print("  \(movie.title) (\(movie.year))") }
    case .failure(let error):
        print("Could not load the movies:", error.localizedDescription)
    }
    exit(0)
}
dispatchMain()
