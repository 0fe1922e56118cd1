import Foundation

// MARK: - What a server said: JSON error shapes and HTML pages

/// The input as the body of a 500: `ServerMessage.read` gives a trimmed, non-empty message or nil;
/// `HTMLPage` a title of at most 120 characters and at most 80 characters of first words (and "…");
/// the error's description, reason and suggestion are built without trapping, within the 1 s limit.
let serverMessageFuzzTarget = FuzzTarget(name: "server-message") { data in
    if let message = ServerMessage.read(data) {
        fuzzCheck(
            !message.isEmpty && message == message.trimmingCharacters(in: .whitespacesAndNewlines),
            "message \(message.debugDescription)")
    }
    let error = APIError.httpStatus(code: 500, body: data)
    _ = error.serverMessage
    _ = (error.errorDescription, error.failureReason, error.recoverySuggestion)
}

/// The input as an HTML error page (a `<!doctype html>` put in front when it has none of the openings
/// `HTMLPage` looks for): its title and first words stay within their caps, in linear time.
let htmlTitleFuzzTarget = FuzzTarget(name: "html-title") { data in
    let page = HTMLPage(data) ?? HTMLPage(Data("<!doctype html>".utf8) + data)
    guard let page else { fatalError("fuzz property failed: a page starting <!doctype html> is not HTML") }
    if let title = page.title {
        fuzzCheck(!title.isEmpty && title.count <= 120, "a title of \(title.count) characters")
    }
    fuzzCheck(page.firstWords.count <= 81, "first words of \(page.firstWords.count) characters")
}
