import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Swedish messages of transport failures: one for every `URLError` code Foundation defines.
enum SwedishTransportMessages {
    static func explain(_ facts: TransportFacts) -> APIError.Explanation {
        let place = facts.hostPort.map { " på \($0)" } ?? ""
        let server = facts.hostPort.map { "servern på \($0)" } ?? "servern"
        let running =
            facts.isLoopback
            ? "Starta din lokala server (till exempel `swift run fixture-server`, med `--api FOLDER` när den "
                + "efterliknar ditt eget API) och kontrollera att den lyssnar på "
                + "den porten — fel port och en stoppad server ser likadana ut"
            : "Kontrollera värden och porten i bas-URL:en, att \(server) körs och att enheten kan nå den (samma "
                + "nätverk, ingen brandvägg emellan; en telefon når din Mac via dess LAN-adress, inte `localhost`)"
        let plist =
            facts.isLoopback
            ? "lägg till `NSAllowsLocalNetworking` (true) under `NSAppTransportSecurity` i appens Info.plist"
            : "lägg till värden under `NSAppTransportSecurity` → `NSExceptionDomains` med "
                + "`NSExceptionAllowsInsecureHTTPLoads` (true) i appens Info.plist"
        if let hint = facts.hint {
            return explain(hint, facts: facts, url: SvURLPhrases(facts.url))
        }
        let text = sentences(
            facts.code, url: SvURLPhrases(facts.url), place: place, server: server, running: running, plist: plist,
            facts: facts)
        return .init(sv: text.what, why: text.why, fix: text.fix)
    }

    /// A failure whose text said more than its code (Linux reports both as `URLError.unknown`).
    private static func explain(_ hint: TransportHint, facts: TransportFacts, url: SvURLPhrases) -> APIError.Explanation
    {
        switch hint {
        case .httpsToPlainServer:
            let plain = facts.hostPort.map { " på \($0)" } ?? ""
            return .init(
                sv: "En säker anslutning\(url.to) misslyckades: servern\(plain) svarade med vanlig HTTP",
                why: "URL:en säger `https://`, men den porten betjänas av en vanlig HTTP-server (det gör en lokal "
                    + "utvecklingsserver oftast)",
                fix: "Använd `http://` i bas-URL:en för den servern, eller porten där den serverar HTTPS")
        case .bodyCutShort:
            let missing = facts.missingBytes.map { ", \($0) byte kortare än dess `Content-Length`" } ?? ""
            return .init(
                sv: "Svaret\(url.from) klipptes av\(missing)",
                why: "Servern (eller nätverket) stängde anslutningen innan hela innehållet hade skickats",
                fix: "Försök igen; om det upprepas, leta i serverns logg efter en krasch mitt i svaret och kontrollera "
                    + "den `Content-Length` den skickar")
        case .hostUnreachable:
            let place = facts.hostPort.map { " \($0)" } ?? " värden"
            return .init(
                sv: "Kunde inte nå\(place)\(url.for)",
                why: "Ingen nätverksväg leder till den värden från den här enheten",
                fix: "Kontrollera värdens adress (en LAN-adress kan ändras) och att enheten är på ett nätverk som når "
                    + "den; en telefon når din Mac via dess LAN-adress, inte `localhost`")
        }
    }

    // The raw values, so that the table reads the same on every platform.
    // swift-format-ignore
    private static func sentences(
        _ code: URLError.Code, url: SvURLPhrases, place: String, server: String, running: String, plist: String,
        facts: TransportFacts
    ) -> (what: String, why: String, fix: String) {
        switch code.rawValue {
        case -1004:  // cannotConnectToHost
            return ("Kunde inte ansluta\(url.to): inget tog emot anslutningen\(place)",
                facts.isLoopback
                    ? "Anslutningen nekades: ingen server lyssnar på den porten på den här datorn"
                    : "Ingen server tog emot anslutningen på den värden och porten: ingen lyssnar där, eller så kan "
                        + "värden inte nås från det här nätverket",
                running)
        case -1003:  // cannotFindHost
            return ("Värdnamnet\(url.in) kunde inte hittas",
                "DNS har ingen adress för den värden: namnet är felstavat, eller så finns det bara på ett annat nätverk",
                "Kontrollera värdnamnet i bas-URL:en (för en server på den här datorn, använd `127.0.0.1` eller `localhost`)")
        case -1006:  // dnsLookupFailed
            return ("DNS-uppslagningen för värden\(url.in) misslyckades",
                "Namnservern svarade inte, eller svarade med ett fel",
                "Kontrollera nätverkets DNS-inställningar och värdnamnet och försök sedan igen")
        case -1001:  // timedOut
            return ("Begäran\(url.to) överskred tidsgränsen",
                "Inget fullständigt svar kom inom begärans tidsgräns",
                "Kontrollera att \(server) svarar snabbt; höj ändpunktens `timeout(_:)` för en långsam ändpunkt")
        case -1005:  // networkConnectionLost
            return ("Anslutningen\(url.to) förlorades innan svaret var fullständigt",
                "\(server.capitalizedFirst) stängde anslutningen (eller så föll nätverket) mitt i utbytet, "
                    + "till exempel ett avklippt innehåll",
                "Försök igen (en idempotent begäran har redan försökts igen); om det fortsätter, läs serverns logg")
        case -1017:  // cannotParseResponse
            return ("Svaret\(url.from) kunde inte tolkas som HTTP",
                "\(server.capitalizedFirst) skickade något som inte är ett fullständigt HTTP-svar (ett avklippt "
                    + "innehåll, eller ingen HTTP-server på den porten)",
                "Kontrollera att porten är HTTP-serverns, och leta i serverns logg efter en krasch mitt i svaret")
        case -1011:  // badServerResponse
            return ("Servern\(facts.url.map { " på \($0)" } ?? "") stängde anslutningen utan ett giltigt svar",
                "Inget användbart kom tillbaka: servern kraschade eller släppte anslutningen innan den svarade, eller "
                    + "så är porten inte en HTTP-servers",
                "Läs serverns logg och kontrollera att porten i bas-URL:en är HTTP-serverns")
        case -1200:  // secureConnectionFailed
            return ("En säker (TLS-)anslutning\(url.to) kunde inte upprättas",
                facts.scheme == "https" ? "URL:en säger `https`, men servern på den porten talar inte TLS (en vanlig "
                    + "HTTP-server), eller så misslyckades TLS-handskakningen" : "TLS-handskakningen misslyckades",
                "Om servern är vanlig HTTP (det är en lokal utvecklingsserver oftast), använd `http://` i bas-URL:en; "
                    + "kontrollera annars serverns TLS-inställningar")
        case -1201:  // serverCertificateHasBadDate
            return ("Serverns certifikat\(url.for) har gått ut",
                "Dess giltighetsdatum har passerat (eller så går enhetens klocka fel)",
                "Förnya serverns certifikat, eller rätta enhetens datum och tid")
        case -1202:  // serverCertificateUntrusted
            return ("Serverns certifikat\(url.for) är inte betrott",
                "Det är självsignerat, eller signerat av en utfärdare som enheten inte litar på",
                "Använd ett certifikat från en betrodd utfärdare; för en utvecklingsserver, använd vanlig `http://` på "
                    + "localhost, eller installera dess CA på enheten — stäng aldrig av förtroendekontroller i "
                    + "levererad kod")
        case -1203:  // serverCertificateHasUnknownRoot
            return ("Serverns certifikat\(url.for) har en okänd rot",
                "Det leder till en rotutfärdare som enheten inte känner till",
                "Installera hela certifikatkedjan på servern, eller rot-CA:n på enheten (endast under utveckling)")
        case -1204:  // serverCertificateNotYetValid
            return ("Serverns certifikat\(url.for) är inte giltigt än",
                "Dess startdatum ligger i framtiden (eller så går enhetens klocka fel)",
                "Rätta enhetens datum och tid, eller certifikatets datum")
        case -1205:  // clientCertificateRejected
            return ("Servern nekade klientens certifikat\(url.for)",
                "Klientcertifikatet som erbjöds är inte ett som servern godtar",
                "Använd det klientcertifikat som servern förväntar sig")
        case -1206:  // clientCertificateRequired
            return ("Servern\(url.at) kräver ett klientcertifikat",
                "Ömsesidig TLS är på och inget klientcertifikat erbjöds",
                "Konfigurera sessionens delegat att besvara klientcertifikatutmaningen, eller använd en ändpunkt "
                    + "utan ömsesidig TLS")
        case -1022:  // appTransportSecurityRequiresSecureConnection
            return ("App Transport Security blockerade HTTP-begäran\(url.to)",
                "Apples plattformar vägrar `http://`-URL:er om inte appens Info.plist tillåter dem",
                "Använd `https://`, eller \(plist)")
        case -999:  // cancelled
            return ("Begäran\(url.to) avbröts",
                "Dess uppgift avbröts", "Inget att rätta om det var meningen")
        case -1:  // unknown
            return ("Begäran\(url.to) misslyckades, och URLSession angav ingen orsak (`URLError.unknown`)",
                "Linux URLSession rapporterar flera fel på det här sättet (ett avklippt innehåll, ett TLS-fel); det "
                    + "här sa inget som klienten känner igen",
                "Försök igen; om det upprepas, kontrollera URL:ens schema (`http` eller `https`) och serverns logg")
        case -1000:  // badURL
            return ("URL:en\(url.plain) är felaktig",
                "URLSession kunde inte tolka den", "Rätta bas-URL:en eller ändpunktens sökväg")
        case -1002:  // unsupportedURL
            return ("URL:en\(url.plain) använder ett schema som URLSession inte kan hämta",
                "Den här klienten skickar bara `http`- och `https`-URL:er",
                "Använd en bas-URL med `http://` eller `https://` (med en värd)")
        case -1007:  // httpTooManyRedirects
            return ("Begäran\(url.to) omdirigerades för många gånger",
                "Servern omdirigerar i en slinga (till exempel http → https → http)",
                "Öppna URL:en i en webbläsare eller med curl för att se slingan, och rätta serverns omdirigeringsregler "
                    + "eller URL:en")
        case -1008:  // resourceUnavailable
            return ("Resursen\(url.at) är inte tillgänglig", "URLSession kunde inte hämta den",
                "Kontrollera URL:en och försök igen senare")
        case -1009:  // notConnectedToInternet
            return ("Enheten är inte ansluten till något nätverk, så inget skickades\(url.to)", "Det finns ingen nätverksanslutning",
                "Kontrollera nätverksanslutningen och försök sedan igen")
        case -1010:  // redirectToNonExistentLocation
            return ("Servern\(url.at) omdirigerade till en plats som inte finns",
                "Dess omdirigerings-`Location` är ogiltig", "Rätta serverns omdirigering")
        case -1012:  // userCancelledAuthentication
            return ("Servern\(url.at) bad om en inloggning som inte gavs",
                "En autentiseringsutmaning avbröts (på Linux, en 401 med en utmaning som sessionen inte kunde besvara)",
                "Skicka inloggningsuppgiften som API:et förväntar sig (en `Authorization`-header eller en API-nyckel)")
        case -1013:  // userAuthenticationRequired
            return ("Servern\(url.at) kräver autentisering", "Ingen inloggningsuppgift erbjöds för dess utmaning",
                "Skicka inloggningsuppgiften som API:et förväntar sig (en `Authorization`-header eller en API-nyckel)")
        case -1014:  // zeroByteResource
            return ("Svaret\(url.from) var tomt", "Servern skickade inga byte där ett innehåll förväntades",
                "Kontrollera URL:en och serverns hanterare")
        case -1015:  // cannotDecodeRawData
            return ("Svaret\(url.from) kunde inte avkodas", "Dess byte har inte den kodning som angavs",
                "Kontrollera serverns `Content-Type` och innehåll")
        case -1016:  // cannotDecodeContentData
            return ("Svaret\(url.from) kunde inte packas upp",
                "Dess `Content-Encoding` (gzip, deflate, br) stämmer inte med byten",
                "Kontrollera serverns komprimeringsinställningar")
        case -1018:  // internationalRoamingOff
            return ("Begäran\(url.to) skickades inte: roaming är avstängt", "Mobilnätet roamar och dataroaming är avstängt",
                "Slå på dataroaming eller använd Wi-Fi")
        case -1019:  // callIsActive
            return ("Begäran\(url.to) skickades inte under ett telefonsamtal", "Det här mobilnätet kan inte överföra data under ett samtal",
                "Försök igen efter samtalet, eller använd Wi-Fi")
        case -1020:  // dataNotAllowed
            return ("Begäran\(url.to) skickades inte: mobildata är inte tillåtet",
                "Mobildata är avstängt för appen eller enheten", "Slå på mobildata för appen, eller använd Wi-Fi")
        case -1021:  // requestBodyStreamExhausted
            return ("Begärans innehåll\(url.for) kunde inte skickas igen",
                "En innehållsström var förbrukad och begäran måste upprepas (en omdirigering eller en autentisering)",
                "Skicka innehållet som data eller från en fil, som kan skickas igen")
        case -1100:  // fileDoesNotExist
            return ("Filen\(url.plain) finns inte", "En `file:`-URL pekar inte på någon fil",
                "Kontrollera filens sökväg")
        case -1101:  // fileIsDirectory
            return ("URL:en\(url.plain) pekar på en mapp, inte en fil", "En mapp kan inte läsas in som innehåll",
                "Ange en fil")
        case -1102:  // noPermissionsToReadFile
            return ("Filen\(url.plain) kan inte läsas", "Den här processen har inte behörighet att läsa den",
                "Rätta filens behörigheter")
        case -1103:  // dataLengthExceedsMaximum
            return ("Svaret\(url.from) är för stort", "Dess längd överstiger vad URLSession tar emot i minnet",
                "Ladda ner det till en fil i stället (en nedladdningsändpunkt)")
        case -1104:  // fileOutsideSafeArea
            return ("Filen\(url.plain) ligger utanför appens tillåtna område", "Sandlådan tillåter inte att den läses",
                "Flytta filen till appens behållare")
        case -995:  // backgroundSessionRequiresSharedContainer
            return ("Bakgrundssessionen behöver en delad behållare", "App-tilläggets session har ingen delad behållare",
                "Sätt sessionskonfigurationens `sharedContainerIdentifier`")
        case -996:  // backgroundSessionInUseByAnotherProcess
            return ("Bakgrundssessionen används av en annan process", "Två processer använder samma sessionsidentifierare",
                "Ge varje process sin egen identifierare för bakgrundssessionen")
        case -997:  // backgroundSessionWasDisconnected
            return ("Bakgrundssessionen kopplades bort", "Appen förlorade sin anslutning till tjänsten för bakgrundsöverföringar",
                "Skapa sessionen igen och gör om överföringen")
        case -2000:  // cannotLoadFromNetwork
            return ("Svaret\(url.from) kunde bara komma från nätverket, vilket cachepolicyn förbjuder",
                "Begärans cachepolicy säger att bara cachen får användas, och inget fanns i cachen",
                "Använd en cachepolicy som tillåter nätverket")
        case -3000:  // cannotCreateFile
            return ("Nedladdningen\(url.from) kunde inte skapa sin fil", "Målmappen saknas eller är inte skrivbar",
                "Kontrollera målmappen")
        case -3001:  // cannotOpenFile
            return ("Nedladdningen\(url.from) kunde inte öppna sin fil", "Filen kunde inte öppnas för skrivning",
                "Kontrollera målets behörigheter")
        case -3002:  // cannotCloseFile
            return ("Nedladdningen\(url.from) kunde inte stänga sin fil", "Det gick inte att skriva filens sista byte",
                "Kontrollera disken och försök sedan igen")
        case -3003:  // cannotWriteToFile
            return ("Nedladdningen\(url.from) kunde inte skriva sin fil", "Disken är full eller filen är inte skrivbar",
                "Frigör utrymme eller kontrollera behörigheterna och försök sedan igen")
        case -3004:  // cannotRemoveFile
            return ("Nedladdningen\(url.from) kunde inte ta bort en fil", "En tidigare fil kunde inte tas bort",
                "Kontrollera målets behörigheter")
        case -3005:  // cannotMoveFile
            return ("Nedladdningen\(url.from) kunde inte flytta sin fil på plats", "Målet är inte skrivbart eller redan upptaget",
                "Kontrollera målet")
        case -3006:  // downloadDecodingFailedMidStream
            return ("Nedladdningen\(url.from) kunde inte avkodas halvvägs", "Dess kodning gick sönder mitt i strömmen",
                "Försök igen; kontrollera serverns komprimering")
        case -3007:  // downloadDecodingFailedToComplete
            return ("Nedladdningen\(url.from) kunde inte avkodas till slutet", "Dess kodning var ofullständig",
                "Försök igen; kontrollera serverns komprimering")
        default:
            return ("Begäran\(url.to) misslyckades med URLSessions fel \(code.rawValue)",
                "URLSession rapporterade ett fel som klienten saknar en mening för (se `URLError.Code` för kod "
                    + "\(code.rawValue))",
                "Kontrollera URL:en, nätverket och \(server) och försök sedan igen")
        }
    }
}

/// The failing URL as the phrases a Swedish sentence needs: ` till <url>`, ` från <url>`... (empty when unknown).
private struct SvURLPhrases {
    var to = "", from = "", at = "", `in` = "", `for` = "", plain = ""

    init(_ url: String?) {
        guard let url else { return }
        (to, from, at, `in`, `for`, plain) = (
            " till \(url)", " från \(url)", " på \(url)", " i \(url)", " för \(url)", " \(url)"
        )
    }
}

extension String {
    /// The text with its first letter capitalised.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
