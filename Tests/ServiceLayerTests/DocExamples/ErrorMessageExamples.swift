import Foundation
import ServiceLayer

// The examples of the article "When something goes wrong" (ErrorHandling.md), compiled here.

/// A screen that shows the three parts of a message separately.
@MainActor final class ErrorAlertScreen {
    private(set) var lines: [String] = []

    func show(_ error: APIError) {
        lines.append(error.localizedDescription)  // what happened, why, the fix
        lines.append(error.failureReason ?? "")  // why, alone
        lines.append(error.recoverySuggestion ?? "")  // the fix, alone
    }
}

/// A client that logs every failure with the facts its request adds (URL, timeout, credential).
func makeTeachingClient(baseURL: URL) -> APIClient {
    let options = APIClient.Options(resultObserver: { report in
        if let explanation = report.explanation { print(explanation) }
    })
    return APIClient(baseURL: baseURL, options: options)
}

/// Choosing the messages' language, once, at launch.
func chooseTheMessageLanguage() {
    APIError.messageLanguage = .traditionalChinese  // or .swedish, .simplifiedChinese, .english; the user's by default
}
