import Foundation

// MARK: - The decoding diagnosis

/// The input as a body that `JSONDecoder` reads into a few model shapes (nested, arrays, dates, snake
/// case): each failure is diagnosed (`DecodingFailure`) and its sentences built in every language, without
/// trapping and within the 1 s limit; the URL it keeps has no query, and `print(error)` shows no JSON facts.
let diagnosisFuzzTarget = FuzzTarget(name: "diagnosis") { data in
    let body = data.prefix(8192)
    for attempt in diagnosisAttempts {
        guard let error = attempt(Data(body)) else { continue }
        let failure = DecodingFailure(
            error, body: Data(body), url: URL(string: "https://example.com/x?api_key=s"), status: 200)
        fuzzCheck(failure.url?.query == nil, "the failure keeps the URL's query: \(String(describing: failure.url))")
        let apiError = APIError.decoding(failure)
        for language in APIError.MessageLanguage.allCases {
            let explanation = apiError.explanation(in: language)
            fuzzCheck(!explanation.what.isEmpty && !explanation.fix.isEmpty, "an empty part in \(language)")
        }
        // A key may hold any character (`total_re{sults`), so the coding path is taken out before looking
        // for JSON: what remains is the case, the problem's name and the body's size.
        let withoutPath = apiError.debugDescription.replacingOccurrences(of: failure.codingPath ?? "\u{0}", with: "")
        fuzzCheck(!withoutPath.contains("{"), "the case shows JSON: \(apiError.debugDescription)")
        _ = DecodingFailure(error, body: Data(body)).description
    }
}

private struct FuzzItem: Decodable {
    let id: Int
    let name: String
    let price: Double
    let tags: [String]
    let createdAt: Date
    let owner: FuzzOwner?
}

private struct FuzzOwner: Decodable {
    let email: String
    let avatar: URL
}

private struct FuzzEnvelope: Decodable {
    let items: [FuzzItem]
    let page: Int
}

/// Decoders that fail on most bodies, each returning its error (nil when it decoded).
private let diagnosisAttempts: [@Sendable (Data) -> (any Error)?] = [
    { decodingError(FuzzEnvelope.self, $0) },
    { decodingError([FuzzItem].self, $0, snake: true) },
    { decodingError([String: Int].self, $0) },
    { decodingError(String.self, $0) },
]

private func decodingError<T: Decodable>(_ type: T.Type, _ data: Data, snake: Bool = false) -> (any Error)? {
    let decoder = JSONDecoder()
    if snake { decoder.keyDecodingStrategy = .convertFromSnakeCase }
    decoder.dateDecodingStrategy = .iso8601
    do {
        _ = try decoder.decode(type, from: data)
        return nil
    } catch {
        return error
    }
}
