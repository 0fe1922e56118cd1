import Foundation

// MARK: - Event streams

extension MessageEngine {
    /// An event stream's problem, decided: what came instead of events (a server's message quoted, an
    /// HTML page's title, the first characters), the numbers each message names.
    static func eventStream(_ problem: EventStreamProblem, url: String?) -> EventStreamMessage {
        switch problem {
        case .notAnEventStream(let status, let contentType, let body):
            return .notAnEventStream(url: url, status: status, contentType: contentType, came: answer(body))
        case .cutMidEvent(let events, let bytes):
            return .cutMidEvent(url: url, eventsRead: events, unfinishedBytes: bytes)
        case .eventTooLarge(let limit): return .eventTooLarge(url: url, limitMiB: limit >> 20)
        case .errorEvent(_, let data, _):
            if let said = ServerMessage.read(Data(data.utf8)) { return .errorEvent(url: url, said: .quoted(said)) }
            return .errorEvent(url: url, said: .data(JSONReading.firstBytes(data)))
        case .buffered(let seconds, let bytes):
            return .buffered(url: url, seconds: Int(seconds.rounded()), bytes: bytes)
        }
    }

    /// What an answer that is not an event stream holds.
    private static func answer(_ body: Data) -> StreamAnswer {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .empty }
        let beginning = JSONReading.firstBytes(String(decoding: body.prefix(200), as: UTF8.self))
        if (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil {
            if let said = ServerMessage.read(body) { return .jsonMessage(said) }
            return .json(beginning: beginning)
        }
        if let page = HTMLPage(body) { return .htmlPage(title: page.title, firstWords: page.firstWords) }
        return .text(beginning: beginning)
    }
}
