import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Swedish table of messages: every kind of failure, with its facts filled in. Code, URLs, numbers
/// and the server's own words stay as they are.
struct SwedishMessages: MessageTable {
    func explain(_ kind: MessageKind) -> APIError.Explanation {
        switch kind {
        case .invalidRequest(let reason):
            return .init(
                sv: "Begäran kunde inte byggas, så inget skickades: \(reason)",
                why: "Ändpunktens URL eller innehåll är inte giltigt som det är skrivet",
                fix: "Rätta ändpunkten i den anropande koden: dess sökväg, dess frågevärden eller dess innehåll")
        case .requestProblem(let problem):
            return SwedishRequestMessages.explain(problem)
        case .offline(let url):
            return .init(
                sv: "Begäran\(to(url)) skickades inte: enheten är inte ansluten till något nätverk",
                why: "Nätverksanslutningen är nere (eller så säger klientens anslutningskälla det)",
                fix: "Kontrollera nätverksanslutningen (Wi-Fi, kabel, flygplansläge) och försök igen")
        case .timedOut(let url, let seconds):
            let limit = seconds.map { " på \(SwedishNumbers.seconds($0))" } ?? ""
            return .init(
                sv: "Inget fullständigt svar\(from(url)) kom inom begärans tidsgräns\(limit)",
                why: "Varje försök får ta begärans tidsgräns: ändpunktens `timeout(_:)`, annars "
                    + "`APIClient.Options.timeout`, annars sessionens `timeoutIntervalForRequest` (60 s som standard). "
                    + "Servern var för långsam eller slutade svara halvvägs (på Linux hamnar även en `https://`-URL "
                    + "till en vanlig HTTP-server som väntar på en begäran här)",
                fix: "Kontrollera att servern svarar snabbt på den URL:en (prova med curl) och att dess schema är rätt "
                    + "(`http` för en lokal utvecklingsserver); för en långsam ändpunkt, höj dess `timeout(_:)` eller "
                    + "`APIClient.Options.timeout`")
        case .transport(let facts):
            return SwedishTransportMessages.explain(facts)
        case .cancelled(let url):
            return .init(
                sv: "Begäran\(to(url)) avbröts",
                why: "Dess handtag avbröts, Swift-uppgiften som väntade på den avbröts, eller dess ägare försvann",
                fix: "Inget att rätta om det var meningen; annars håll handtaget (eller uppgiften) vid liv tills "
                    + "svaret kommer")
        case .notAuthenticated(let url):
            return .init(
                sv: "Begäran\(to(url)) skickades inte: den behöver en token och klienten har ingen",
                why: "Ingen är inloggad (eller så kastades inloggningen)",
                fix: "Logga in först och försök sedan igen")
        case .httpStatus(let facts):
            return SwedishHTTPMessages.explain(facts)
        case .decoding(let facts):
            return SwedishDecodingMessages.explain(facts)
        case .server(let message):
            return .init(
                sv: "Servern avvisade begäran: \"\(message)\"",
                why: "Servern svarade, men sa att åtgärden misslyckades",
                fix: "Visa serverns meddelande för användaren; det säger vad som ska ändras")
        case .tooManyTokenRefreshes:
            return .init(
                sv: "Sessionen behövde förnyas mer än 3 gånger på 30 sekunder, så klienten slutade",
                why: "Varje ny token avvisades direkt: enhetens klocka eller serverns livslängd för tokens är "
                    + "troligen fel",
                fix: "Kontrollera enhetens klocka och serverns livslängd för tokens och försök sedan igen")
        case .tokenStorage(let reason):
            return .init(
                sv: "Inloggningen kunde inte sparas (\(reason)), så du är utloggad",
                why: "Tokenlagret kunde inte skriva sin fil",
                fix: "Kontrollera att tokenfilens mapp finns och är skrivbar (eller använd en annan `TokenStore`) "
                    + "och logga sedan in igen")
        case .fileAccess(let reason):
            return .init(
                sv: "En fil kunde inte läsas eller skrivas (\(reason))",
                why: "Filen saknas, eller dess mapp är inte skrivbar",
                fix: "Kontrollera att filen finns och att dess mapp finns och är skrivbar")
        case .diskFull:
            return .init(
                sv: "Disken är full, så överföringen stoppades och inget halvfärdigt sparades",
                why: "Det fanns inget utrymme kvar för innehållet som skrevs",
                fix: "Frigör lite utrymme och försök sedan igen")
        case .incompleteDownload(let expected, let received, let url):
            return .init(
                sv: "Nedladdningen\(from(url)) slutade efter \(received) av \(expected) byte, så den kastades",
                why: "Anslutningen bröts halvvägs, eller så var serverns `Content-Length` fel",
                fix: "Försök igen; om det fortsätter att misslyckas vid samma storlek, kontrollera servern")
        }
    }

    /// ` till <url>`, or nothing.
    private func to(_ url: String?) -> String { url.map { " till \($0)" } ?? "" }
    /// ` från <url>`, or nothing.
    private func from(_ url: String?) -> String { url.map { " från \($0)" } ?? "" }
}

// MARK: - HTTP

/// The Swedish messages of an answer outside 200–299.
enum SwedishHTTPMessages {
    static func explain(_ facts: HTTPFacts) -> APIError.Explanation {
        let code = facts.code
        let reason = SwedishReasonPhrases.phrase(code)
        let url = facts.url.map { " på begäran till \($0)" } ?? ""
        var what = "Servern svarade \(code) (\(reason))\(url)"
        if let said = facts.serverSaid {
            what += ". Servern sa: \"\(said)\""
        } else if let page = facts.html {
            what += ". Den skickade en HTML-sida, inte JSON: \(describe(page))"
        }
        let (why, fix) = advice(facts)
        return .init(sv: what, why: why, fix: fix)
    }

    static func describe(_ page: HTMLPage) -> String { describe(title: page.title, words: page.firstWords) }

    /// `med titeln "Title", som börjar "first words"`.
    static func describe(title: String?, words: String) -> String {
        let titled = title.map { "med titeln \"\($0)\"" } ?? "utan titel"
        return words.isEmpty ? titled : "\(titled), som börjar \"\(words)\""
    }

    private static func advice(_ facts: HTTPFacts) -> (why: String, fix: String) {
        switch facts.code {
        case 401, 403: return credentialAdvice(facts)
        case 404:
            if facts.html != nil {
                return (
                    "URL:en pekar på en webbservers sida, inte på en route i API:et",
                    "Kontrollera bas-URL:en (den måste sluta med `/` när den har en sökväg, som `/api/`) och "
                        + "ändpunktens sökväg"
                )
            }
            return (
                "Det finns inget på den URL:en: sökvägen, id:t i den eller bas-URL:en är fel",
                "Kontrollera id:t och ändpunktens sökväg mot API:ets dokumentation, och att bas-URL:en slutar med "
                    + "`/` när den har en sökväg"
            )
        case 405:
            return (
                "Servern tar inte emot den här metoden på den URL:en",
                "Kontrollera ändpunktens metod (GET, POST, PUT, PATCH eller DELETE)"
            )
        case 408, 429, 502, 503, 504:
            return (
                "Servern är upptagen, begränsar antalet begäranden eller startar om",
                "Vänta och försök igen (en idempotent begäran har redan försökts igen); vid 429, sakta ner"
            )
        case 409, 412:
            return (
                "Begäran står i konflikt med resursens nuvarande tillstånd",
                "Hämta resursen igen och gör sedan om ändringen"
            )
        case 413: return ("Begärans innehåll är större än servern tar emot", "Skicka ett mindre innehåll")
        case 415:
            return (
                "Servern tar inte emot innehållets `Content-Type`",
                "Skicka innehållet som API:et förväntar sig (JSON med `body(_:)`, ett formulär, multipart)"
            )
        case 400, 422:
            return (
                "Servern godtog inte begärans parametrar eller innehåll",
                "Kontrollera parametrarna och innehållets fält mot API:ets dokumentation"
                    + (facts.serverSaid == nil ? "" : "; serverns meddelande ovan säger vad som är fel")
            )
        case 400..<500:
            return ("Servern godtog inte begäran", "Kontrollera begäran mot API:ets dokumentation")
        default:
            if facts.html != nil {
                return (
                    "Servern (eller en proxy framför den) misslyckades och svarade med en felsida",
                    "Läs serverns logg för att hitta felet; försök igen senare"
                )
            }
            return ("Servern misslyckades med att hantera begäran", "Läs serverns logg; försök igen senare")
        }
    }

    private static func credentialAdvice(_ facts: HTTPFacts) -> (why: String, fix: String) {
        let refused =
            facts.code == 401 ? "godtog inte begärans inloggningsuppgift" : "nekade det här kontot eller nyckeln"
        if facts.mentionsAPIKey {
            return (
                "Servern \(refused): den nämner en API-nyckel",
                "Kontrollera API-nyckeln: att den är satt, giltig och skickas där API:et förväntar sig den (ett "
                    + "frågeobjekt som `api_key`, eller en header som `Authorization: Bearer <key>` eller `X-API-Key`), "
                    + "med `headers(_:)` eller en `RequestHook`"
            )
        }
        switch facts.sentCredential {
        case true?:
            if facts.code == 403 {
                return (
                    "Servern känner igen inloggningsuppgiften som skickades, men den får inte göra det här",
                    "Använd ett konto eller en nyckel med åtkomst till resursen"
                )
            }
            return (
                "Inloggningsuppgiften som klienten skickade avvisades: den har gått ut, återkallats eller är fel",
                "Logga in igen (eller förnya API-nyckeln eller token) och försök igen"
            )
        case false?:
            return (
                "Begäran hade ingen inloggningsuppgift, och den här ändpunkten kräver en",
                "Skicka API-nyckeln eller token som API:et förväntar sig, där det förväntar sig den: oftast en "
                    + "`Authorization: Bearer <token>`-header eller ett `api_key`-frågeobjekt (se `headers(_:)` "
                    + "och `RequestHook`; en inloggad controller lägger till sin token själv)"
            )
        case nil:
            if facts.mentionsExpiredToken {
                return (
                    "Servern säger att token som skickades har gått ut eller är ogiltig",
                    "Logga in igen för att få en ny token och försök sedan igen"
                )
            }
            return (
                "Servern \(refused): en inloggningsuppgift saknas, är fel eller har gått ut",
                "Kontrollera att begäran har API-nyckeln eller token som API:et förväntar sig, där det förväntar "
                    + "sig den (en `Authorization: Bearer <token>`-header, ett `api_key`-frågeobjekt); om appen "
                    + "loggade in, logga in igen"
            )
        }
    }
}
