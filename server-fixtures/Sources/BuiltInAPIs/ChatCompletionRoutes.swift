import Foundation

// MARK: - A chat-completions mock: POST /v1/chat/completions

/// `POST /v1/chat/completions` in the shape of the usual language-model APIs: with `"stream": true`, the
/// answer as server-sent events, one `data: {chunk}` a word (`choices[0].delta.content`), a last chunk
/// with `"finish_reason":"stop"`, then `data: [DONE]`; without it, one JSON answer
/// (`choices[0].message.content`). The text is deterministic: the same question always gets the same
/// words. Each word waits the server's `--delay` (none by default). A `429` (with `Retry-After`) and a
/// mid-stream error come from the fault queue (``Fault/status(_:body:headers:)``,
/// ``Fault/eventStreamError(message:)``).
enum ChatCompletionRoutes {
    /// The `model` answered when the request names none.
    static let defaultModel = "fixture-chat"

    private struct Request: Decodable {
        struct Message: Decodable {
            let role: String
            let content: String
        }

        let model: String?
        let messages: [Message]
        let stream: Bool?
    }

    static func routes(delay: TimeInterval) -> [Route] {
        [Route("/v1/chat/completions", [("POST", { answer($0, delay: delay) })])]
    }

    /// The answer's words for `question`: what the mock says, always the same for the same question.
    static func words(answering question: String) -> [String] {
        let quoted = question.split(whereSeparator: \.isWhitespace).prefix(12).joined(separator: " ")
        let text =
            "You asked: \"\(quoted)\". This is the fixture server's chat mock: it streams its answer one word "
            + "at a time, the same words for the same question, and ends with [DONE]."
        let parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        return parts.enumerated().map { $0.offset == 0 ? $0.element : " " + $0.element }
    }

    private static func answer(_ context: RouteContext, delay: TimeInterval) -> HTTPResponse {
        let request: Request
        do {
            request = try JSONDecoder().decode(Request.self, from: context.request.body)
        } catch {
            return .error(
                400,
                "The body must be a JSON object with \"messages\": an array of {\"role\":\"user\",\"content\":\"...\"}"
                    + " (and \"stream\": true for server-sent events), as {\"model\":\"\(defaultModel)\","
                    + "\"messages\":[{\"role\":\"user\",\"content\":\"Hello\"}],\"stream\":true}")
        }
        guard let question = request.messages.last(where: { $0.role == "user" })?.content else {
            return .error(400, "\"messages\" has no message with \"role\":\"user\" to answer")
        }
        let model = request.model ?? defaultModel
        let words = words(answering: question)
        guard request.stream == true else {
            let message: [String: Any] = ["role": "assistant", "content": words.joined()]
            let body: [String: Any] = [
                "id": "chatcmpl-fixture", "object": "chat.completion", "created": 0, "model": model,
                "choices": [["index": 0, "message": message, "finish_reason": "stop"]],
                "usage": [
                    "prompt_tokens": question.split(whereSeparator: \.isWhitespace).count,
                    "completion_tokens": words.count,
                    "total_tokens": question.split(whereSeparator: \.isWhitespace).count + words.count,
                ],
            ]
            return HTTPResponse(status: 200, contentType: HTTPResponse.jsonContentType, body: JSON.serialize(body))
        }
        func chunk(_ delta: [String: Any], finish: String?) -> String {
            let choice: [String: Any] = ["index": 0, "delta": delta, "finish_reason": finish ?? NSNull()]
            let object: [String: Any] = [
                "id": "chatcmpl-fixture", "object": "chat.completion.chunk", "created": 0, "model": model,
                "choices": [choice],
            ]
            return String(decoding: JSON.serialize(object), as: UTF8.self)
        }
        var events = [EventStreamBody.Event(data: chunk(["role": "assistant", "content": ""], finish: nil))]
        events += words.map { EventStreamBody.Event(wait: delay, data: chunk(["content": $0], finish: nil)) }
        events.append(EventStreamBody.Event(wait: delay, data: chunk([:], finish: "stop")))
        events.append(EventStreamBody.Event(data: "[DONE]"))
        return EventStreamBody.response(EventStreamBody(events: events))
    }
}
