// Prints the server-sent events `APIClient.events(for:)` reads from each stream, one JSON line per event:
// `[stream, type, data, last event ID]`, and `[stream, "(end)", "", ""]` when the stream ended (or a
// `"(failed)"` line with the error). `.ci/eventsource-browser.sh` compares the list with what headless
// Chromium's own `EventSource` read from the same streams (`.ci/eventsource-page/index.html` writes the
// same lines).
//
//   event-transcript BASE_URL PATH [PATH ...]      e.g. http://127.0.0.1:8090/ "order/1/status?speed=600"
import Foundation
import ServiceLayer

/// One line of the list, as JSON text.
func line(_ stream: Int, _ type: String, _ data: String, _ id: String) -> String {
    let json = try? JSONSerialization.data(withJSONObject: [stream, type, data, id] as [Any])
    return String(decoding: json ?? Data(), as: UTF8.self)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let base = URL(string: arguments[0]) else {
    FileHandle.standardError.write(Data("usage: event-transcript BASE_URL PATH [PATH ...]\n".utf8))
    exit(2)
}
let client = APIClient(baseURL: base)
for (stream, path) in arguments.dropFirst().enumerated() {
    do {
        // The default ReconnectPolicy: a cut GET stream connects again with Last-Event-ID, as EventSource does.
        for try await event in client.events(for: Endpoint<Data>(.path(path))) {
            // EventSource's lastEventId is "" where the stream set none; ServerSentEvent's id is nil there.
            print(line(stream, event.event, event.data, event.id ?? ""))
        }
        print(line(stream, "(end)", "", ""))
    } catch {
        print(line(stream, "(failed)", error.localizedDescription, ""))
    }
}
