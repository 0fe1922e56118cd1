import Foundation
import ServiceLayer
import ServiceLayerTesting

#if os(iOS)
import SwiftUI  // on Linux and macOS, SwiftUIStandIns.swift stands in
#endif

// The "Using it from UIKit and SwiftUI" article's preview: a SwiftUI view that calls
// `MenuController.shared`, and a preview that points `.shared` at stubbed answers, so the canvas needs no
// server and the library is not edited.
struct CategoryCount: View {
    @State private var text = "Loading…"

    var body: some View {
        Text(text)
            .task {
                do {
                    text = "\(try await MenuController.shared.fetchCategories().count) categories"
                } catch {
                    text = error.localizedDescription
                }
            }
    }
}

struct CategoryCount_Previews: PreviewProvider {
    static let stub = URLStub()  // kept: a stub answers only while it is alive

    static var previews: some View {
        stub.on(.get("categories"), .json(#"{"categories": ["soups", "desserts"]}"#))
        MenuController.shared = MenuController(baseURL: stub.baseURL, session: stub.makeSession())
        return CategoryCount()
    }
}
