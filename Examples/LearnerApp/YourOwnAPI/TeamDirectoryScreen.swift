import Foundation
import ServiceLayer

#if os(iOS)
import UIKit  // on Linux and macOS, UIKitStandIns.swift stands in
#endif

/// A directory of the team, loaded through the other two tutorial shapes: the route enum's base service
/// and the generic request helper. A view controller, so main-actor isolated in every mode.
final class TeamDirectoryScreen: UIViewController {
    var firstPage: [Member] = []
    var featured: Member?
    var errorMessage: String?

    func loadFirstPage(done: @escaping () -> Void) {
        BaseAPIService.shared.request(.members(page: 1)) { (result: Result<MemberPage, APIError>) in
            switch result {
            case .success(let page):
                self.firstPage = page.data
                self.title = "Team (\(page.total))"
            case .failure(let error):
                self.errorMessage = error.localizedDescription
            }
            done()
        }
    }

    func loadFeatured(id: Int, done: @escaping () -> Void) {
        APIRequest<MemberEnvelope>(path: "users/\(id)").send { result in
            switch result {
            case .success(let envelope): self.featured = envelope.data
            case .failure(let error): self.errorMessage = error.localizedDescription
            }
            done()
        }
    }
}
