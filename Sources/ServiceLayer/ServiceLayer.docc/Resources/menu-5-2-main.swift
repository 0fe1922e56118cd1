import Foundation
import ServiceLayer

/// One event of a streamed chat answer: `{"choices":[{"delta":{"content":" word"}}]}`.
struct ChatChunk: Decodable {
    struct Choice: Decodable {
        struct Delta: Decodable {
            let content: String?
        }
        let delta: Delta
    }
    let choices: [Choice]
}

/// What the chat asks: the messages so far, and `"stream": true` for an answer word by word.
struct ChatRequest: Encodable {
    struct Message: Encodable {
        let role: String
        let content: String
    }
    let messages: [Message]
    let stream: Bool
}

let client = APIClient(baseURL: URL(string: "http://localhost:8090/")!)
let question = ChatRequest(messages: [.init(role: "user", content: "What is on the menu?")], stream: true)
let chat = Endpoint<Void>(method: .post, "v1/chat/completions").body(question)

// Each chunk arrives as the server writes it: write its word at once, on the same line (print would
// keep it until the line ends).
client.events(
    for: chat, decoding: ChatChunk.self,
    onValue: { chunk in
        let word = chunk.choices.first?.delta.content ?? ""
        FileHandle.standardOutput.write(Data(word.utf8))
    },
    completion: { result in
        print()  // data: [DONE] ended the answer
        if case .failure(let error) = result { print("The chat failed:", error.localizedDescription) }
        exit(0)
    })
dispatchMain()
