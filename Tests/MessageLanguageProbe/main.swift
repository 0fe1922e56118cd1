// Prints the message language this process chose from its environment, then three messages in it:
// `MessageLanguageTests` runs it with each `LANG`, `LC_ALL`, `LC_MESSAGES` and `LANGUAGE`.
//
//   message-language-probe                  automatic
//   message-language-probe sv               explicit (`APIError.messageLanguage = .swedish`), whatever the environment
//   message-language-probe --get BASE PATH  automatic; then a real GET of PATH under BASE with a default
//                                           `APIClient`: the `Accept-Language` it sent is the server's to answer,
//                                           and the error's `localizedDescription` the last line
//                                           (`AcceptLanguageRoundTripTests`)
import Foundation
import ServiceLayer

let arguments = CommandLine.arguments
if arguments.count > 1, let explicit = APIError.MessageLanguage(rawValue: arguments[1]) {
    APIError.messageLanguage = explicit
}
print(APIError.messageLanguage.rawValue)
if arguments.count == 4, arguments[1] == "--get", let base = URL(string: arguments[2]) {
    let client = APIClient(baseURL: base, options: APIClient.Options(retryPolicy: .never))
    do {
        let body = try await client.send(Endpoint<Data>(.path(arguments[3])))
        print("no error: \(body.count) bytes")
    } catch {
        print(error.localizedDescription)
    }
} else {
    let url = URL(string: "http://127.0.0.1:8090/movis")!
    print(APIError.httpStatus(code: 404, body: APIError.Body(data: Data(), url: url)).localizedDescription)
    print(APIError.timedOut(url: url).localizedDescription)
}
