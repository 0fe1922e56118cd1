import SwiftUI

/// An error's own message (`localizedDescription`), at the top of a list.
@MainActor
struct ErrorMessage: View {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var body: some View {
        Label {
            Text(message)
        } icon: {
            Image(systemName: "exclamationmark.triangle.fill")
                .foregroundColor(.orange)
        }
        .font(.callout)
    }
}
