import Foundation
import ServiceLayer

// The examples of the DocC article "Streaming answers" (StreamingAnswers.md), compiled here;
// StreamingExamplesTests runs the countdown and the chat against the fixture server.

/// One chunk of a streamed chat answer: `{"choices":[{"delta":{"content":" word"}}]}`.
struct ChatChunk: Decodable, Sendable {
    struct Choice: Decodable, Sendable {
        struct Delta: Decodable, Sendable {
            let content: String?
        }
        let delta: Delta
    }
    let choices: [Choice]
}

/// The question a chat request sends.
struct ChatRequest: Encodable, Sendable {
    struct Message: Encodable, Sendable {
        let role: String
        let content: String
    }
    let messages: [Message]
    let stream: Bool
}

/// A screen that shows an order's countdown and a chat answer as they arrive.
@MainActor final class StreamingScreen {
    let client: APIClient
    private(set) var statusText = ""
    private(set) var answer = ""
    private(set) var errorText: String?
    /// The stream under way, to stop it when the screen goes away.
    private var countdown: RequestHandle?

    init(client: APIClient) {
        self.client = client
    }

    // MARK: The callback form

    func follow(orderID id: Int) {
        countdown = client.events(
            for: Endpoint<Void>("order/\(id)/status"),
            onEvent: { [weak self] event in
                self?.statusText = event.data  // {"state":"preparing","minutes_left":4}
            },
            completion: { [weak self] result in
                switch result {
                case .success, .failure(.cancelled): break  // the order is ready, or the screen went away
                case .failure(let error): self?.errorText = error.localizedDescription
                }
            })
    }

    func screenWillDisappear() {
        countdown?.cancel()  // closes the connection; the completion receives .cancelled
    }

    // MARK: for try await

    func printCountdown(orderID id: Int) async throws {
        for try await event in client.events(for: Endpoint<Void>("order/\(id)/status")) {
            print(event.id ?? "-", event.event, event.data)  // 0 status {"state":"preparing","minutes_left":5}
        }
    }

    // MARK: JSON chunks up to [DONE]

    func ask(_ question: String) {
        let chat = Endpoint<Void>(method: .post, "v1/chat/completions")
            .body(ChatRequest(messages: [.init(role: "user", content: question)], stream: true))
        client.events(
            for: chat, decoding: ChatChunk.self,
            onValue: { [weak self] chunk in
                self?.answer += chunk.choices.first?.delta.content ?? ""
            },
            completion: { [weak self] result in
                if case .failure(let error) = result { self?.errorText = error.localizedDescription }
            })
    }

    func askAndWait(_ question: String) async throws -> String {
        let chat = Endpoint<Void>(method: .post, "v1/chat/completions")
            .body(ChatRequest(messages: [.init(role: "user", content: question)], stream: true))
        var answer = ""
        for try await chunk in client.events(for: chat, decoding: ChatChunk.self) {
            answer += chunk.choices.first?.delta.content ?? ""
        }
        return answer  // the stream ended at data: [DONE]
    }

    // MARK: Reconnect

    func followPatiently(orderID id: Int) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let patient = ReconnectPolicy(maximumAttempts: 10, defaultDelay: 1, maximumDelay: 30)
        return client.events(for: Endpoint<Void>("order/\(id)/status"), reconnect: patient)
    }

    func followOnce(orderID id: Int) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        client.events(for: Endpoint<Void>("order/\(id)/status"), reconnect: .never)
    }

    // MARK: Cancel

    func firstStatus(orderID id: Int) async throws -> ServerSentEvent? {
        for try await event in client.events(for: Endpoint<Void>("order/\(id)/status")) {
            return event  // leaving the loop closes the connection
        }
        return nil
    }

    // MARK: Errors

    func showWhatWentWrong(orderID id: Int) async {
        do {
            for try await event in client.events(for: Endpoint<Void>("order/\(id)/status")) {
                statusText = event.data
            }
        } catch let error as APIError {
            errorText = error.localizedDescription  // what happened, with the URL; why; the fix
            if let status = error.statusCode { print("The server answered \(status)") }
        } catch {
            errorText = error.localizedDescription  // the task was cancelled
        }
    }
}

/// The Restaurant's countdown, through `MenuController`.
@MainActor func followTheKitchen(_ controller: MenuController) async throws {
    let order = try await controller.placeOrder(forMenuIDs: [1, 5])
    guard let id = order.id else {
        return print("Ready in about \(order.minutesToPrepare) minutes")  // a server without a countdown
    }
    for try await status in controller.orderStatuses(id: id) {
        print(status.isReady ? "Ready!" : "\(status.minutesLeft) minutes left")
    }
}
