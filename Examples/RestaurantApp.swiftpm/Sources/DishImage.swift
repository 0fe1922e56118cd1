import ServiceLayer
import SwiftUI
import UIKit

/// A dish's picture, from `MenuController.fetchImage`: each picture is downloaded once, then comes from
/// the controller's memory and disk caches. When it cannot be loaded, a placeholder shows why.
@MainActor
struct DishImage: View {
    let url: URL
    /// Whether the reason a picture could not be loaded is written under the placeholder (the detail
    /// screen has room for it; a list row shows it to VoiceOver only).
    var showsErrorMessage = false
    @State private var image: UIImage?
    @State private var errorMessage: String?

    var body: some View {
        ZStack {
            Color(.secondarySystemBackground)
            if let image {
                Image(uiImage: image)
                    .resizable()
                    .scaledToFill()
            } else if let errorMessage {
                VStack(spacing: 4) {
                    Image(systemName: "photo")
                    if showsErrorMessage {
                        Text(errorMessage)
                            .font(.caption)
                            .multilineTextAlignment(.center)
                    }
                }
                .foregroundColor(.secondary)
                .padding(4)
                .accessibilityLabel(errorMessage)
            } else {
                ProgressView()
            }
        }
        .task(id: url) { await load() }
    }

    /// The picture's bytes, from the caches or `GET /images/<id>.png`.
    private func load() async {
        do {
            let data = try await MenuController.shared.fetchImage(url: url)
            image = UIImage(data: data)
            errorMessage = image == nil ? "The picture is not an image the phone can show." : nil
        } catch {
            // Scrolled away or left the screen: nothing to show.
            guard !Task.isCancelled else { return }
            errorMessage = error.localizedDescription
        }
    }
}
