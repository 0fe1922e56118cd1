// Prints the message language this process chose from its environment, then three messages in it:
// `MessageLanguageTests` runs it with each `LANG`, `LC_ALL`, `LC_MESSAGES` and `LANGUAGE`.
//
//   message-language-probe            automatic
//   message-language-probe sv         explicit (`APIError.messageLanguage = .swedish`), whatever the environment
import Foundation
import ServiceLayer

if CommandLine.arguments.count > 1, let explicit = APIError.MessageLanguage(rawValue: CommandLine.arguments[1]) {
    APIError.messageLanguage = explicit
}
print(APIError.messageLanguage.rawValue)
let url = URL(string: "http://127.0.0.1:8090/movis")!
print(APIError.httpStatus(code: 404, body: APIError.Body(data: Data(), url: url)).localizedDescription)
print(APIError.timedOut(url: url).localizedDescription)
