import Foundation

/// The Swedish table: every decided ``Message`` written out, following ``EnglishMessages``. It decides
/// nothing: each case's sentences are fixed, and ``SwedishGrammar`` joins the facts into them. Code, URLs,
/// numbers and the server's own words stay as they are; decimals take a comma (`0,5 s`).
struct SwedishMessages: MessageTable {
    private typealias G = SwedishGrammar

    private static let notBuilt = "Begäran kunde inte byggas, så inget skickades: "

    func explain(_ message: Message) -> APIError.Explanation {
        switch message {
        case .appReason(let reason):
            return .init(
                sv: Self.notBuilt + reason,
                why: "Ändpunktens URL eller innehåll är inte giltigt som det är skrivet",
                fix: "Rätta ändpunkten i den anropande koden: sökvägen, frågevärdena eller innehållet")
        case .baseURLWithoutScheme(let base):
            return .init(
                sv: Self.notBuilt + "bas-URL:en \"\(base)\" saknar schema",
                why: """
                    En bas-URL måste börja med `http://` eller `https://`; utan det läses "\(base)" inte som en \
                    värd och en port (`localhost:8090/` läses som schemat `localhost`)
                    """,
                fix: "Skriv bas-URL:en med schema, till exempel `URL(string: \"http://\(base)\")`")
        case .baseURLScheme(let base, let scheme):
            return .init(
                sv: Self.notBuilt + "bas-URL:en \"\(base)\" har schemat \"\(scheme)\"",
                why: "Klienten skickar bara `http://`- och `https://`-URL:er",
                fix: "Rätta schemat i bas-URL:en till `http` (en lokal utvecklingsserver) eller `https`")
        case .baseURLHostSpace(let base, let host):
            return .init(
                sv: Self.notBuilt + "värden \"\(host)\" i bas-URL:en \"\(base)\" innehåller ett mellanslag",
                why: "Ett värdnamn kan inte innehålla mellanslag",
                fix: "Ta bort mellanslaget från värden i bas-URL:en")
        case .noURLForPath(let path):
            return .init(
                sv: Self.notBuilt + "ingen giltig http(s)-URL kan bildas för sökvägen \"\(path)\"",
                why: "Ändpunktens sökväg är inte giltig som den är skriven",
                fix: "Rätta ändpunktens sökväg i den anropande koden")
        case .noURLForURL(let url):
            return .init(
                sv: Self.notBuilt + "ingen giltig http(s)-URL kan bildas för " + url,
                why: "Ändpunktens URL är inte giltig som den är skriven",
                fix: """
                    Rätta ändpunktens URL i den anropande koden (en absolut URL måste börja med `http://` eller \
                    `https://`)
                    """)
        case .fragmentInPath(let shown):
            return .init(
                sv: Self.notBuilt + "ändpunktens sökväg \"\(shown)\" innehåller \"#\", som inleder ett URL-fragment",
                why: "Ett fragment skickas aldrig till servern, så allt från \"#\" och framåt skulle gå förlorat",
                fix: """
                    Om "#" är en del av ett värde, skicka värdet som en frågeparameter \
                    (`query: [URLQueryItem(name: "q", value: "c#")]` skickar det som %23) eller skriv %23 i \
                    sökvägen; om det är ett fragment, ta bort det
                    """)
        case .bodyNeedsMainActor:
            return .init(
                sv: Self.notBuilt + "innehållet kodades inte",
                why: "Innehållets modell tillhör huvudaktören (`@MainActor`), och anropet gjordes inte där",
                fix: "Skicka begäran från huvudaktören, eller gör innehållets modell `nonisolated` och `Sendable`")
        case .tokenOffOrigin(let host):
            return .init(
                sv: "Begäran skickades inte: dess token skickas bara till \(host)",
                why: "Ändpunktens URL ligger på en annan värd än bas-URL:en, och en token lämnar aldrig sitt ursprung",
                fix: """
                    Använd en sökväg under bas-URL:en för ändpunkter som kräver behörighet, eller en klient vars \
                    bas-URL är den värden
                    """)
        case .tokenOffOriginUnknownHost:
            return .init(
                sv: "Begäran skickades inte: dess token skickas bara till API:ets egen värd",
                why: "Ändpunktens URL ligger på en annan värd än bas-URL:en, och en token lämnar aldrig sitt ursprung",
                fix: """
                    Använd en sökväg under bas-URL:en för ändpunkter som kräver behörighet, eller en klient vars \
                    bas-URL är den värden
                    """)
        case .multipartBoundary(let boundary):
            return .init(
                sv: Self.notBuilt + "en del av multipart-formuläret innehåller formulärets avgränsare \"\(boundary)\"",
                why: "En avgränsare får aldrig förekomma i en dels innehåll",
                fix: """
                    Använd en annan avgränsare (standardavgränsaren är slumpmässig och förekommer aldrig av en \
                    händelse)
                    """)
        case .hookFailed(let detail):
            return .init(
                sv: "Begäran skickades inte: en `RequestHook` misslyckades (\(detail))",
                why: "En `RequestHook` kastade ett fel, vilket avslutar anropet innan något skickas",
                fix: "Rätta din `RequestHook`, eller kasta ett `APIError` från den för att ange orsaken")
        case .bodyNotFiniteNumber(let value, let path):
            return .init(
                sv: Self.notBuilt + "begärans innehåll har \(value)" + G.atPath(path),
                why: "JSON kan inte innehålla NaN eller oändliga värden",
                fix: "Skicka ett ändligt tal där, eller utelämna värdet (en optional som är `nil`)")
        case .bodyNotEncodable(let path, let detail):
            return .init(
                sv: Self.notBuilt + "begärans innehåll kunde inte kodas som JSON\(G.atPath(path)) (\(detail))",
                why: """
                    Innehållets `Encodable`-implementation kastade ett fel, eller så innehåller det ett värde som \
                    JSON inte kan representera
                    """,
                fix: "Rätta innehållets modell eller dess `encode(to:)` på det stället")
        case .offline(let url):
            return .init(
                sv: "Begäran\(G.to(url)) skickades inte: enheten är inte ansluten till något nätverk",
                why: "Nätverksanslutningen är nere (eller så säger klientens anslutningskälla det)",
                fix: "Kontrollera nätverksanslutningen (Wi-Fi, kabel, flygplansläge) och försök igen")
        case .timedOut(let url, let seconds):
            return .init(
                sv: "Inget fullständigt svar\(G.from(url)) kom inom begärans tidsgräns\(G.limit(seconds))",
                why: """
                    Varje försök får ta begärans tidsgräns: ändpunktens `timeout(_:)`, annars \
                    `APIClient.Options.timeout`, annars sessionens `timeoutIntervalForRequest` (60 s som standard). \
                    Servern var för långsam eller slutade svara halvvägs (på Linux hamnar även en `https://`-URL \
                    till en vanlig HTTP-server som väntar på en begäran här)
                    """,
                fix: """
                    Kontrollera att servern svarar snabbt på den URL:en (prova med curl) och att schemat är rätt \
                    (`http` för en lokal utvecklingsserver); för en långsam ändpunkt, höj dess `timeout(_:)` eller \
                    `APIClient.Options.timeout`
                    """)
        case .cancelled(let url):
            return .init(
                sv: "Begäran\(G.to(url)) avbröts",
                why: "Handtaget avbröts, Swift-tasken som väntade på den avbröts, eller så försvann dess ägare",
                fix: """
                    Inget att rätta om det var meningen; annars håll handtaget (eller tasken) vid liv tills \
                    svaret kommer
                    """)
        case .notAuthenticated(let url):
            return .init(
                sv: "Begäran\(G.to(url)) skickades inte: den behöver en token och klienten har ingen",
                why: "Ingen är inloggad (eller så har inloggningen tagits bort)",
                fix: "Logga in först och försök sedan igen")
        case .transport(let failure, let place):
            return transport(failure, place)
        case .http(let answer):
            let (why, fix) = advice(answer.advice)
            return .init(sv: httpWhat(answer), why: why, fix: fix)
        case .decoding(let failure):
            return .init(
                sv: decodingWhat(failure.what, G.source(failure.source)), why: decodingWhy(failure.why),
                fix: decodingFix(failure.fix))
        case .serverRefused(let message):
            return .init(
                sv: "Servern avvisade begäran: \"\(message)\"",
                why: "Servern svarade, men sa att åtgärden misslyckades",
                fix: "Visa serverns meddelande för användaren; det säger vad som ska ändras")
        case .tooManyTokenRefreshes:
            return .init(
                sv: "Sessionen behövde förnyas mer än 3 gånger på 30 sekunder, så klienten gav upp",
                why: """
                    Varje ny token avvisades direkt: enhetens klocka eller serverns livslängd för tokens är \
                    troligen fel
                    """,
                fix: "Kontrollera enhetens klocka och serverns livslängd för tokens och försök sedan igen")
        case .tokenStorage(let reason):
            return .init(
                sv: "Inloggningen kunde inte sparas (\"\(reason)\"), så du är utloggad",
                why: "Tokenlagret kunde inte skriva sin fil",
                fix: """
                    Kontrollera att tokenfilens mapp finns och är skrivbar (eller använd en annan `TokenStore`) \
                    och logga sedan in igen
                    """)
        case .file(let problem):
            return file(problem)
        case .diskFull:
            return .init(
                sv: "Disken är full, så överföringen stoppades och inget halvfärdigt sparades",
                why: "Det fanns inget utrymme kvar för innehållet som skrevs",
                fix: "Frigör lite utrymme och försök sedan igen")
        case .incompleteDownload(let expected, let received, let url):
            return .init(
                sv: "Nedladdningen\(G.from(url)) slutade efter \(received) av \(expected) byte, så den slängdes",
                why: "Anslutningen bröts halvvägs, eller så var serverns `Content-Length` fel",
                fix: "Försök igen; om det fortsätter att misslyckas vid samma storlek, kontrollera servern")
        case .eventStream(let problem):
            return eventStream(problem)
        }
    }

    // MARK: - Event streams

    private func eventStream(_ problem: EventStreamMessage) -> APIError.Explanation {
        switch problem {
        case .notAnEventStream(let url, let status, let contentType, let came):
            return .init(
                sv: """
                    Servern svarade \(status) med \(G.contentType(contentType))\(G.from(url)) där en händelseström \
                    (`text/event-stream`) väntades, så ingen händelse lästes. 
                    """ + streamAnswer(came),
                why:
                    """
                    Den URL:en ger ett vanligt svar, inte serverskickade händelser: sökvägen är fel, servern strömmar \
                    bara när begäran ber om det (till exempel `"stream": true` i innehållet), eller så svarade en \
                    inloggningssida eller en proxy i stället
                    """,
                fix: """
                    Kontrollera ändpunktens sökväg och innehåll mot API:ets dokumentation (prova med curl och \
                    `-H 'Accept: text/event-stream'`); för ett vanligt svar anropar du `send(_:)`, inte \
                    `events(for:)`
                    """)
        case .cutMidEvent(let url, let events, let bytes):
            return .init(
                sv: """
                    Händelseströmmen\(G.from(url)) tog slut mitt i en händelse, efter \(G.wholeEvents(events)); den \
                    ofullständiga händelsen (\(bytes) byte) kastades
                    """,
                why:
                    """
                    Anslutningen stängdes före händelsens tomma rad: servern stannade eller kraschade medan den skrev, \
                    eller så bröt nätverket eller en proxy den. En `POST`-ström ansluter aldrig igen (dess begäran \
                    är inte säker att upprepa), och en `GET`-ström bara upp till `ReconnectPolicy.maximumAttempts` \
                    gånger
                    """,
                fix: """
                    Läs serverns logg för att se varför den stannade, och avsluta varje händelse med en tom rad; \
                    skicka begäran igen bara om den är säker att upprepa
                    """)
        case .eventTooLarge(let url, let limit):
            return .init(
                sv: """
                    En händelse i strömmen\(G.from(url)) växte över \(limit) MiB utan sin tomma rad, så klienten \
                    stängde anslutningen
                    """,
                why: """
                    Servern avslutade aldrig händelsen (en tom rad, `\\n\\n`, avslutar en), eller skickar en \
                    enorm händelse
                    """,
                fix: """
                    Avsluta varje händelse med en tom rad på servern, och skicka stora mängder data som ett vanligt \
                    svar eller en nedladdning, inte som en enda händelse
                    """)
        case .errorEvent(let url, let said):
            return .init(
                sv: """
                    Händelseströmmen\(G.from(url)) skickade en `error`-händelse, så den avkodade strömmen slutade \
                    där. 
                    """ + errorEventWords(said),
                why: """
                    Servern rapporterade ett fel mitt i strömmen (chatt-API:er skickar `event: error` med \
                    `data: {"error":{"message":…}}`)
                    """,
                fix: """
                    Visa serverns meddelande för användaren (`APIError.serverMessage` läser det) och försök igen \
                    senare; vill du hantera `error`-händelser själv läser du strömmen med `events(for:)`, som \
                    levererar dem
                    """)
        case .buffered(let url, let seconds, let bytes):
            return .init(
                sv: """
                    Händelseströmmen\(G.from(url)) tog emot \(bytes) byte på \(seconds) s utan en enda hel händelse, \
                    så klienten stängde den
                    """,
                why:
                    """
                    En proxy eller servern buffrar troligen strömmen: den håller tillbaka händelserna och skickar dem \
                    i block, eller alla på en gång i slutet (nginx och många värdtjänster buffrar som standard)
                    """,
                fix: """
                    Låt servern skicka `X-Accel-Buffering: no` och `Cache-Control: no-transform` med strömmen och \
                    tömma bufferten efter varje händelse, och stäng av proxyns buffring (nginx: \
                    `proxy_buffering off`); `ReconnectPolicy.bufferingLimit` anger väntetiden (0 stänger av \
                    kontrollen)
                    """)
        }
    }

    private func streamAnswer(_ came: StreamAnswer) -> String {
        switch came {
        case .jsonMessage(let said): return "Den skickade JSON; servern sa: \"\(said)\""
        case .json(let beginning): return "Den skickade JSON som börjar med \(beginning)"
        case .htmlPage(let title, let words): return "Den skickade en HTML-sida " + G.page(title: title, words: words)
        case .text(let beginning): return "Den skickade text som börjar med \(beginning)"
        case .empty: return "Innehållet var tomt"
        }
    }

    private func errorEventWords(_ said: ErrorEventWords) -> String {
        switch said {
        case .quoted(let said): return "Servern sa: \"\(said)\""
        case .data(let data): return "Dess data: \(data)"
        }
    }

    // MARK: - Files

    private func file(_ problem: FileMessage) -> APIError.Explanation {
        switch problem {
        case .unreadable(let file):
            return .init(
                sv: "Filen \(file) kunde inte läsas, så den laddades inte upp",
                why: "Den saknas, eller så får den här processen inte läsa den",
                fix: "Kontrollera filens sökväg och behörigheter, och ladda upp en vanlig fil")
        case .symbolicLink(let file):
            return .init(
                sv: "Filen \(file) är en symbolisk länk, så den laddades inte upp",
                why: """
                    Det som skulle laddas upp är det som länken pekar på, och det kan ändras eller ligga utanför \
                    det du avsåg
                    """,
                fix: "Ladda upp den vanliga fil som länken pekar på")
        case .notRegularFile(let file):
            return .init(
                sv: "\(file) är ingen vanlig fil, så den laddades inte upp",
                why: "Bara en vanlig fil kan skickas som innehåll (inte en mapp, en enhet eller en socket)",
                fix: "Ladda upp en vanlig fil")
        case .grewOrShrank(let file, let url, let before, let after):
            return .init(
                sv: "Filen \(file) ändrades medan den skickades\(G.to(url)) (\(G.sizes(before, after)))",
                why:
                    "Något skrev till den under uppladdningen, så servern kan ha fått en blandning av båda versionerna",
                fix: "Skicka den igen när inget skriver till den, eller skicka en kopia")
        case .rewritten(let file, let url, let size):
            return .init(
                sv: "Filen \(file) ändrades medan den skickades\(G.to(url)) (\(size) byte, omskriven)",
                why:
                    "Något skrev till den under uppladdningen, så servern kan ha fått en blandning av båda versionerna",
                fix: "Skicka den igen när inget skriver till den, eller skicka en kopia")
        case .vanished(let file, let url, let size):
            return .init(
                sv: """
                    Filen \(file) ändrades medan den skickades\(G.to(url)) (\(size) byte, sedan borta eller \
                    ersatt)
                    """,
                why: "Den togs bort eller ersattes under uppladdningen, så servern kan ha fått bara en del av den",
                fix: "Skicka den igen när inget flyttar eller skriver till den, eller skicka en kopia")
        case .noDownloadedFile:
            return .init(
                sv: "Nedladdningen blev klar, men URLSession sparade ingen fil för den",
                why: "Den tillfälliga fil som URLSession skriver saknades när nedladdningen avslutades",
                fix: "Försök igen; om det upprepas, kontrollera det lediga utrymmet och mappen för tillfälliga filer")
        case .cannotWriteUploadBody(let path, let errno):
            return .init(
                sv: "Uppladdningens innehåll kunde inte skrivas till \(path) (\(errno))",
                why: "Mappen för tillfälliga filer saknas eller är inte skrivbar",
                fix: "Kontrollera att mappen för tillfälliga filer finns och är skrivbar och försök sedan igen")
        case .other(let text):
            return .init(
                sv: "En fil kunde inte läsas eller skrivas (\"\(text)\")",
                why: "Filen saknas, ändrades medan den skickades, eller så är dess mapp inte skrivbar",
                fix: """
                    Kontrollera att filen finns, att inget skriver till den medan den skickas och att dess mapp \
                    finns och är skrivbar
                    """)
        }
    }

    // MARK: - Transport

    // swift-format-ignore
    private func transport(_ failure: TransportMessage, _ place: TransportPlace) -> APIError.Explanation {
        let url = place.url
        switch failure {
        case .refusedLocal:
            return .init(sv: "Kunde inte ansluta\(G.to(url)): inget tog emot anslutningen\(G.atHostPort(place))",
                why: "Anslutningen nekades: ingen server lyssnar på den porten på den här datorn",
                fix: """
                    Starta din lokala server (till exempel `swift run fixture-server`, med `--api FOLDER` när den \
                    efterliknar ditt eget API) och kontrollera att den lyssnar på den porten — fel port och en \
                    stoppad server ser likadana ut
                    """)
        case .refusedRemote:
            return .init(sv: "Kunde inte ansluta\(G.to(url)): inget tog emot anslutningen\(G.atHostPort(place))",
                why: """
                    Ingen server tog emot anslutningen på den värden och porten: ingen lyssnar där, eller så kan \
                    värden inte nås från det här nätverket
                    """,
                fix: """
                    Kontrollera värden och porten i bas-URL:en, att \(G.server(place)) körs och att enheten kan nå \
                    den (samma nätverk, ingen brandvägg emellan; en telefon når din Mac via Macens LAN-adress, \
                    inte `localhost`)
                    """)
        case .hostNotFound:
            return .init(sv: "Värdnamnet\(G.in(url)) kunde inte hittas",
                why: """
                    DNS har ingen adress för den värden: namnet är felstavat, eller så finns det bara på ett annat \
                    nätverk
                    """,
                fix: """
                    Kontrollera värdnamnet i bas-URL:en (för en server på den här datorn, använd `127.0.0.1` eller \
                    `localhost`)
                    """)
        case .dnsFailed:
            return .init(sv: "DNS-uppslagningen för värden\(G.in(url)) misslyckades",
                why: "Namnservern svarade inte, eller svarade med ett fel",
                fix: "Kontrollera nätverkets DNS-inställningar och värdnamnet och försök sedan igen")
        case .timedOut:
            return .init(sv: "Begäran\(G.to(url)) överskred tidsgränsen",
                why: "Inget fullständigt svar kom inom begärans tidsgräns",
                fix: """
                    Kontrollera att \(G.server(place)) svarar snabbt; höj ändpunktens `timeout(_:)` för en \
                    långsam ändpunkt
                    """)
        case .connectionLost:
            return .init(sv: "Anslutningen\(G.to(url)) bröts innan svaret var fullständigt",
                why: """
                    \(G.theServer(place)) stängde anslutningen (eller så föll nätverket bort) mitt i utbytet, \
                    till exempel med ett avklippt innehåll
                    """,
                fix: """
                    Försök igen (en idempotent begäran har redan skickats om); om det fortsätter, läs serverns \
                    logg
                    """)
        case .unparsable:
            return .init(sv: "Svaret\(G.from(url)) kunde inte tolkas som HTTP",
                why: """
                    \(G.theServer(place)) skickade något som inte är ett fullständigt HTTP-svar (ett avklippt \
                    innehåll, eller ingen HTTP-server på den porten)
                    """,
                fix: "Kontrollera att porten är HTTP-serverns, och leta i serverns logg efter en krasch mitt i svaret")
        case .badServerResponse:
            return .init(sv: "Servern\(G.at(url)) stängde anslutningen utan ett giltigt svar",
                why: """
                    Inget användbart kom tillbaka: servern kraschade eller släppte anslutningen innan den svarade, \
                    eller så är porten inte en HTTP-servers
                    """,
                fix: "Läs serverns logg och kontrollera att porten i bas-URL:en är HTTP-serverns")
        case .secureFailedHTTPS:
            return .init(sv: "En säker (TLS-)anslutning\(G.to(url)) kunde inte upprättas",
                why: """
                    URL:en säger `https`, men servern på den porten talar inte TLS (en vanlig HTTP-server), eller \
                    så misslyckades TLS-handskakningen
                    """,
                fix: """
                    Om servern är vanlig HTTP (vilket en lokal utvecklingsserver oftast är), använd `http://` i \
                    bas-URL:en; kontrollera annars serverns TLS-inställningar
                    """)
        case .secureFailed:
            return .init(sv: "En säker (TLS-)anslutning\(G.to(url)) kunde inte upprättas",
                why: "TLS-handskakningen misslyckades",
                fix: """
                    Om servern är vanlig HTTP (vilket en lokal utvecklingsserver oftast är), använd `http://` i \
                    bas-URL:en; kontrollera annars serverns TLS-inställningar
                    """)
        case .certificateExpired:
            return .init(sv: "Serverns certifikat\(G.for(url)) har gått ut",
                why: "Giltighetstiden har passerat (eller så går enhetens klocka fel)",
                fix: "Förnya serverns certifikat, eller rätta enhetens datum och tid")
        case .certificateUntrusted:
            return .init(sv: "Serverns certifikat\(G.for(url)) är inte betrott",
                why: "Det är självsignerat, eller signerat av en utfärdare som enheten inte litar på",
                fix: """
                    Använd ett certifikat från en betrodd utfärdare; för en utvecklingsserver, använd vanlig \
                    `http://` på localhost, eller installera serverns CA på enheten — stäng aldrig av \
                    förtroendekontrollerna i kod som levereras
                    """)
        case .certificateUnknownRoot:
            return .init(sv: "Serverns certifikat\(G.for(url)) har en okänd rot",
                why: "Det leder till en rotutfärdare som enheten inte känner till",
                fix: """
                    Installera hela certifikatkedjan på servern, eller rot-CA:n på enheten (endast under \
                    utveckling)
                    """)
        case .certificateNotYetValid:
            return .init(sv: "Serverns certifikat\(G.for(url)) är inte giltigt än",
                why: "Startdatumet ligger i framtiden (eller så går enhetens klocka fel)",
                fix: "Rätta enhetens datum och tid, eller certifikatets datum")
        case .clientCertificateRejected:
            return .init(sv: "Servern nekade klientens certifikat\(G.for(url))",
                why: "Klientcertifikatet som erbjöds är inte ett som servern godtar",
                fix: "Använd det klientcertifikat som servern förväntar sig")
        case .clientCertificateRequired:
            return .init(sv: "Servern\(G.at(url)) kräver ett klientcertifikat",
                why: "Ömsesidig TLS är på och inget klientcertifikat erbjöds",
                fix: """
                    Konfigurera sessionens delegat så att den besvarar klientcertifikatutmaningen, eller använd en \
                    ändpunkt utan ömsesidig TLS
                    """)
        case .transportSecurityLocal:
            return .init(sv: "App Transport Security blockerade den okrypterade HTTP-begäran\(G.to(url))",
                why: "Apples plattformar vägrar `http://`-URL:er om inte appens Info.plist tillåter dem",
                fix: """
                    Använd `https://`, eller lägg till `NSAllowsLocalNetworking` (true) under \
                    `NSAppTransportSecurity` i appens Info.plist
                    """)
        case .transportSecurityRemote:
            return .init(sv: "App Transport Security blockerade den okrypterade HTTP-begäran\(G.to(url))",
                why: "Apples plattformar vägrar `http://`-URL:er om inte appens Info.plist tillåter dem",
                fix: """
                    Använd `https://`, eller lägg till värden under `NSAppTransportSecurity` → `NSExceptionDomains` \
                    med `NSExceptionAllowsInsecureHTTPLoads` (true) i appens Info.plist
                    """)
        case .cancelled:
            return .init(sv: "Begäran\(G.to(url)) avbröts",
                why: "Tasken avbröts", fix: "Inget att rätta om det var meningen")
        case .unknown:
            return .init(sv: "Begäran\(G.to(url)) misslyckades, och URLSession angav ingen orsak (`URLError.unknown`)",
                why: """
                    URLSession på Linux rapporterar flera fel på det här sättet (ett avklippt innehåll, ett TLS-fel); \
                    det här felet sa inget som klienten känner igen
                    """,
                fix: "Försök igen; om det upprepas, kontrollera URL:ens schema (`http` eller `https`) och serverns logg")
        case .badURL:
            return .init(sv: "URL:en\(G.plain(url)) är felaktig",
                why: "URLSession kunde inte tolka den", fix: "Rätta bas-URL:en eller ändpunktens sökväg")
        case .unsupportedURL:
            return .init(sv: "URL:en\(G.plain(url)) använder ett schema som URLSession inte kan hämta",
                why: "Den här klienten skickar bara `http`- och `https`-URL:er",
                fix: "Använd en bas-URL med `http://` eller `https://` (med en värd)")
        case .tooManyRedirects:
            return .init(sv: "Begäran\(G.to(url)) omdirigerades för många gånger",
                why: "Servern omdirigerar i en slinga (till exempel http → https → http)",
                fix: """
                    Öppna URL:en i en webbläsare eller med curl för att se slingan, och rätta serverns \
                    omdirigeringsregler eller URL:en
                    """)
        case .resourceUnavailable:
            return .init(sv: "Resursen\(G.at(url)) är inte tillgänglig", why: "URLSession kunde inte hämta den",
                fix: "Kontrollera URL:en och försök igen senare")
        case .notConnected:
            return .init(sv: "Enheten är inte ansluten till något nätverk, så inget skickades\(G.to(url))",
                why: "Det finns ingen nätverksanslutning", fix: "Kontrollera nätverksanslutningen och försök sedan igen")
        case .redirectToNowhere:
            return .init(sv: "Servern\(G.at(url)) omdirigerade till en plats som inte finns",
                why: "Omdirigeringens `Location` är ogiltig", fix: "Rätta serverns omdirigering")
        case .authenticationCancelled:
            return .init(sv: "Servern\(G.at(url)) bad om en inloggning som inte gavs",
                why: """
                    En autentiseringsutmaning avbröts (på Linux: en 401 med en utmaning som sessionen inte kunde \
                    besvara)
                    """,
                fix: """
                    Skicka inloggningsuppgiften som API:et förväntar sig (en `Authorization`-header eller en \
                    API-nyckel)
                    """)
        case .authenticationRequired:
            return .init(sv: "Servern\(G.at(url)) kräver autentisering",
                why: "Ingen inloggningsuppgift erbjöds för serverns utmaning",
                fix: """
                    Skicka inloggningsuppgiften som API:et förväntar sig (en `Authorization`-header eller en \
                    API-nyckel)
                    """)
        case .zeroByteResource:
            return .init(sv: "Svaret\(G.from(url)) var tomt", why: "Servern skickade inga byte där ett innehåll förväntades",
                fix: "Kontrollera URL:en och serverns hanterare")
        case .cannotDecodeRawData:
            return .init(sv: "Svaret\(G.from(url)) kunde inte avkodas", why: "Byten är inte i den kodning som angavs",
                fix: "Kontrollera serverns `Content-Type` och innehåll")
        case .cannotDecodeContentData:
            return .init(sv: "Svaret\(G.from(url)) kunde inte packas upp",
                why: "Svarets `Content-Encoding` (gzip, deflate, br) stämmer inte med byten",
                fix: "Kontrollera serverns komprimeringsinställningar")
        case .roamingOff:
            return .init(sv: "Begäran\(G.to(url)) skickades inte: roaming är avstängt",
                why: "Mobilnätet roamar och dataroaming är avstängt", fix: "Slå på dataroaming eller använd Wi-Fi")
        case .callIsActive:
            return .init(sv: "Begäran\(G.to(url)) skickades inte under ett telefonsamtal",
                why: "Det här mobilnätet kan inte överföra data under ett samtal",
                fix: "Försök igen efter samtalet, eller använd Wi-Fi")
        case .dataNotAllowed:
            return .init(sv: "Begäran\(G.to(url)) skickades inte: mobildata är inte tillåtet",
                why: "Mobildata är avstängt för appen eller enheten", fix: "Slå på mobildata för appen, eller använd Wi-Fi")
        case .bodyStreamExhausted:
            return .init(sv: "Begärans innehåll\(G.for(url)) kunde inte skickas igen",
                why: """
                    En innehållsström var förbrukad och begäran måste upprepas (vid en omdirigering eller en \
                    autentisering)
                    """,
                fix: "Skicka innehållet som data eller från en fil, som kan skickas igen")
        case .fileDoesNotExist:
            return .init(sv: "Filen\(G.plain(url)) finns inte", why: "En `file:`-URL pekar inte på någon fil",
                fix: "Kontrollera filens sökväg")
        case .fileIsDirectory:
            return .init(sv: "URL:en\(G.plain(url)) pekar på en mapp, inte en fil",
                why: "En mapp kan inte läsas in som innehåll", fix: "Ange en fil")
        case .noPermissionToReadFile:
            return .init(sv: "Filen\(G.plain(url)) kan inte läsas", why: "Den här processen har inte behörighet att läsa den",
                fix: "Rätta filens behörigheter")
        case .dataLengthExceedsMaximum:
            return .init(sv: "Svaret\(G.from(url)) är för stort", why: "Svarets längd överstiger vad URLSession tar emot i minnet",
                fix: "Ladda ner det till en fil i stället (en nedladdningsändpunkt)")
        case .fileOutsideSafeArea:
            return .init(sv: "Filen\(G.plain(url)) ligger utanför appens tillåtna område",
                why: "Sandlådan tillåter inte att den läses", fix: "Flytta filen till appens behållare")
        case .backgroundSharedContainer:
            return .init(sv: "Bakgrundssessionen behöver en delad behållare",
                why: "App-tilläggets session har ingen delad behållare",
                fix: "Sätt sessionskonfigurationens `sharedContainerIdentifier`")
        case .backgroundSessionInUse:
            return .init(sv: "Bakgrundssessionen används av en annan process",
                why: "Två processer använder samma sessionsidentifierare",
                fix: "Ge varje process sin egen identifierare för bakgrundssessionen")
        case .backgroundSessionDisconnected:
            return .init(sv: "Bakgrundssessionen kopplades bort",
                why: "Appen förlorade sin anslutning till tjänsten för bakgrundsöverföringar",
                fix: "Skapa sessionen igen och gör om överföringen")
        case .cannotLoadFromNetwork:
            return .init(sv: "Svaret\(G.from(url)) kunde bara komma från nätverket, vilket cachepolicyn förbjuder",
                why: "Begärans cachepolicy säger att bara cachen får användas, och inget fanns i cachen",
                fix: "Använd en cachepolicy som tillåter nätverket")
        case .cannotCreateFile:
            return .init(sv: "Nedladdningen\(G.from(url)) kunde inte skapa sin fil",
                why: "Målmappen saknas eller är inte skrivbar", fix: "Kontrollera målmappen")
        case .cannotOpenFile:
            return .init(sv: "Nedladdningen\(G.from(url)) kunde inte öppna sin fil",
                why: "Filen kunde inte öppnas för skrivning", fix: "Kontrollera målets behörigheter")
        case .cannotCloseFile:
            return .init(sv: "Nedladdningen\(G.from(url)) kunde inte stänga sin fil",
                why: "Det gick inte att skriva filens sista byte", fix: "Kontrollera disken och försök sedan igen")
        case .cannotWriteToFile:
            return .init(sv: "Nedladdningen\(G.from(url)) kunde inte skriva sin fil",
                why: "Disken är full eller filen är inte skrivbar",
                fix: "Frigör utrymme eller kontrollera behörigheterna och försök sedan igen")
        case .cannotRemoveFile:
            return .init(sv: "Nedladdningen\(G.from(url)) kunde inte ta bort en fil",
                why: "En tidigare fil kunde inte tas bort", fix: "Kontrollera målets behörigheter")
        case .cannotMoveFile:
            return .init(sv: "Nedladdningen\(G.from(url)) kunde inte flytta sin fil på plats",
                why: "Målet är inte skrivbart eller redan upptaget", fix: "Kontrollera målet")
        case .downloadDecodingFailedMidStream:
            return .init(sv: "Nedladdningen\(G.from(url)) kunde inte avkodas halvvägs",
                why: "Kodningen gick sönder mitt i strömmen", fix: "Försök igen; kontrollera serverns komprimering")
        case .downloadDecodingFailedToComplete:
            return .init(sv: "Nedladdningen\(G.from(url)) kunde inte avkodas till slutet",
                why: "Kodningen var ofullständig", fix: "Försök igen; kontrollera serverns komprimering")
        case .httpsToPlainServer:
            return .init(sv: """
                    En säker anslutning\(G.to(url)) misslyckades: servern\(G.atHostPort(place)) svarade med \
                    vanlig HTTP
                    """,
                why: """
                    URL:en säger `https://`, men den porten betjänas av en vanlig HTTP-server (vilket en lokal \
                    utvecklingsserver oftast är)
                    """,
                fix: "Använd `http://` i bas-URL:en för den servern, eller porten där den serverar HTTPS")
        case .bodyCutShort(let missing):
            return .init(sv: "Svaret\(G.from(url)) klipptes av\(G.shortBy(missing))",
                why: "Servern (eller nätverket) stängde anslutningen innan hela innehållet hade skickats",
                fix: """
                    Försök igen; om det upprepas, leta i serverns logg efter en krasch mitt i svaret och \
                    kontrollera den `Content-Length` som servern skickar
                    """)
        case .hostUnreachable:
            return .init(sv: "Kunde inte nå\(G.host(place))\(G.for(url))",
                why: "Ingen nätverksväg leder till den värden från den här enheten",
                fix: """
                    Kontrollera värdens adress (en LAN-adress kan ändras) och att enheten är på ett nätverk som \
                    når den; en telefon når din Mac via Macens LAN-adress, inte `localhost`
                    """)
        case .other(let code):
            return .init(sv: "Begäran\(G.to(url)) misslyckades med URLSession-felet \(code)",
                why: """
                    URLSession rapporterade ett fel som klienten inte har någon text för (se `URLError.Code` för \
                    kod \(code))
                    """,
                fix: "Kontrollera URL:en, nätverket och \(G.server(place)) och försök sedan igen")
        }
    }

    // MARK: - HTTP

    private func httpWhat(_ answer: HTTPMessage) -> String {
        let status =
            "Servern svarade \(answer.status) (\(SwedishReasonPhrases.phrase(answer.status)))"
            + G.answeredTo(answer.url)
        switch answer.said {
        case .quoted(let said): return status + ". Servern sa: \"\(said)\""
        case .htmlPage(let title, let words):
            return status + ". Den skickade en HTML-sida, inte JSON: " + G.page(title: title, words: words)
        case .nothing: return status
        }
    }

    private func advice(_ advice: HTTPAdvice) -> (why: String, fix: String) {
        let checkAPIKey =
            """
            Kontrollera API-nyckeln: att den är satt, giltig och skickas där API:et förväntar sig den (en \
            frågeparameter som `api_key`, eller en header som `Authorization: Bearer <key>` eller `X-API-Key`), \
            med `headers(_:)` eller en `RequestHook`
            """
        let checkCredential =
            """
            Kontrollera att begäran har den API-nyckel eller token som API:et förväntar sig, där det förväntar sig \
            den (en `Authorization: Bearer <token>`-header, en `api_key`-frågeparameter); om appen loggade in, \
            logga in igen
            """
        switch advice {
        case .apiKeyNotAccepted:
            return ("Servern godtog inte begärans inloggningsuppgift: meddelandet nämner en API-nyckel", checkAPIKey)
        case .apiKeyRefused:
            return ("Servern nekade det här kontot eller nyckeln: meddelandet nämner en API-nyckel", checkAPIKey)
        case .credentialRefused:
            return (
                "Inloggningsuppgiften som klienten skickade avvisades: den har gått ut, återkallats eller är fel",
                "Logga in igen (eller förnya API-nyckeln eller token) och försök igen"
            )
        case .forbiddenForCredential:
            return (
                "Servern känner igen inloggningsuppgiften som skickades, men den ger inte behörighet till det här",
                "Använd ett konto eller en nyckel med åtkomst till den här resursen"
            )
        case .credentialMissing:
            return (
                "Begäran hade ingen inloggningsuppgift, och den här ändpunkten kräver en",
                """
                Skicka den API-nyckel eller token som API:et förväntar sig, där det förväntar sig den: oftast en \
                `Authorization: Bearer <token>`-header eller en `api_key`-frågeparameter (se `headers(_:)` \
                och `RequestHook`; en inloggad controller lägger till sin token själv)
                """
            )
        case .tokenExpired:
            return (
                "Servern säger att den token som skickades har gått ut eller är ogiltig",
                "Logga in igen för att få en ny token och försök sedan igen"
            )
        case .credentialUnknownNotAccepted:
            return (
                """
                Servern godtog inte begärans inloggningsuppgift: en inloggningsuppgift saknas, är fel eller har \
                gått ut
                """,
                checkCredential
            )
        case .credentialUnknownRefused:
            return (
                "Servern nekade det här kontot eller nyckeln: en inloggningsuppgift saknas, är fel eller har gått ut",
                checkCredential
            )
        case .notFoundPage:
            return (
                "URL:en pekar på en webbservers sida, inte på en route i API:et",
                """
                Kontrollera bas-URL:en (den måste sluta med `/` när den har en sökväg, som `/api/`) och \
                ändpunktens sökväg
                """
            )
        case .notFound:
            return (
                "Det finns inget på den URL:en: sökvägen, id:t i den eller bas-URL:en är fel",
                """
                Kontrollera id:t och ändpunktens sökväg mot API:ets dokumentation, och att bas-URL:en slutar med \
                `/` när den har en sökväg
                """
            )
        case .methodNotAllowed:
            return (
                "Servern tar inte emot den här metoden på den URL:en",
                "Kontrollera ändpunktens metod (GET, POST, PUT, PATCH eller DELETE)"
            )
        case .busy:
            return (
                "Servern är upptagen, begränsar antalet begäranden eller startar om",
                "Vänta och försök igen (en idempotent begäran har redan skickats om); vid 429: skicka färre begäranden"
            )
        case .rateLimited(let wait):
            return (
                """
                Servern begränsar hur många begäranden en klient får skicka, och ber dig vänta \(G.wait(wait)) (dess \
                header `Retry-After`)
                """,
                """
                Vänta så länge innan nästa begäran, och skicka färre: en i taget, med en paus emellan, eller behåll \
                de svar du redan har
                """
            )
        case .unavailable(let wait):
            return (
                """
                Servern är inte tillgänglig just nu (underhåll eller överbelastning), och ber dig vänta \
                \(G.wait(wait)) (dess header `Retry-After`)
                """,
                "Vänta så länge och försök sedan igen (en idempotent begäran har redan skickats om)"
            )
        case .conflict:
            return (
                "Begäran står i konflikt med resursens nuvarande tillstånd",
                "Hämta resursen igen och gör sedan om ändringen"
            )
        case .tooLarge: return ("Begärans innehåll är större än servern tar emot", "Skicka ett mindre innehåll")
        case .unsupportedMediaType:
            return (
                "Servern tar inte emot innehållets `Content-Type`",
                "Skicka innehållet som API:et förväntar sig (JSON med `body(_:)`, ett formulär, multipart)"
            )
        case .badParametersNamed:
            return (
                "Servern godtog inte begärans parametrar eller innehåll",
                """
                Kontrollera parametrarna och innehållets fält mot API:ets dokumentation; serverns meddelande ovan \
                säger vad som är fel
                """
            )
        case .badParameters:
            return (
                "Servern godtog inte begärans parametrar eller innehåll",
                "Kontrollera parametrarna och innehållets fält mot API:ets dokumentation"
            )
        case .clientError:
            return ("Servern godtog inte begäran", "Kontrollera begäran mot API:ets dokumentation")
        case .serverErrorPage:
            return (
                "Servern (eller en proxy framför den) misslyckades och svarade med en felsida",
                "Läs serverns logg för att hitta felet; försök igen senare"
            )
        case .serverError:
            return ("Servern misslyckades med att hantera begäran", "Läs serverns logg; försök igen senare")
        }
    }

    // MARK: - Decoding

    private func decodingWhat(_ what: DecodingWhat, _ answer: String) -> String {
        switch what {
        case .emptyBody: return "\(answer) var tomt där ett JSON-innehåll förväntades"
        case .htmlPage(let title, let words):
            return "\(answer) är en HTML-sida, inte JSON: \(G.page(title: title, words: words))"
        case .notJSON(let beginning): return "\(answer) är inte JSON: det börjar med \(beginning)"
        case .typeMismatch(let place, let expected, let found):
            return "\(answer) kunde inte avkodas \(G.place(place)): förväntade \(G.expected(expected))\(G.found(found))"
        case .valueNotFound(let place, let expected):
            return "\(answer) kunde inte avkodas \(G.place(place)): förväntade \(G.expected(expected)), hittade null"
        case .keyNotFound(let key, let container):
            return "\(answer) kunde inte avkodas: nyckeln \"\(key)\" saknas \(G.container(container))"
        case .dataCorrupted(let place, let detail, let found):
            return "\(answer) kunde inte avkodas \(G.place(place)): \(detail)\(G.foundValue(found))"
        case .dataCorruptedAtBodyKey(let detail, let key, let value):
            return """
                \(answer) kunde inte avkodas \(G.place(.unknown)): \(detail); innehållets "\(key)" har \
                värdet \(value)
                """
        case .other(let detail): return "\(answer) kunde inte avkodas: \(detail)"
        }
    }

    private func decodingWhy(_ why: DecodingWhy) -> String {
        switch why {
        case .snakeCase(let key, let property):
            return "I JSON heter den \"\(key)\" (snake_case), och modellens egenskap heter `\(property)` (camelCase)"
        case .spelledOtherwise(let key, let property):
            return "I JSON stavas den \"\(key)\", i modellen `\(property)`"
        case .likelyKey(let key, let property):
            return """
                Objektet saknar "\(property)" men har "\(key)", som modellen inte läser: det är troligen \
                samma sak under ett annat namn
                """
        case .snakeCaseTwice(let key, let renamed):
            return """
                Innehållet har "\(key)", men avkodarens `.convertFromSnakeCase` döper om JSON-nycklarna till \
                camelCase ("\(renamed)") innan `CodingKeys` matchas, så ett `CodingKeys`-fall stavat \
                "\(key)" matchar aldrig
                """
        case .wrapper(let field): return "Svaret är ett objekt som har listan i fältet \"\(field)\""
        case .answerIsArray: return "Svaret är en lista, och modellen förväntar sig ett enda objekt"
        case .nullNotOptional: return "Servern skickade null, och modellens egenskap är inte optional"
        case .keyAbsent: return "Servern skickade inte den här nyckeln, och modellen kräver den"
        case .numberAsString: return "Servern skickar det här talet som en sträng"
        case .dateFormat(let format):
            return """
                Det är ett datum \(G.dateFormat(format)), och avkodarens `dateDecodingStrategy` läser inte det \
                formatet (standardinställningen läser sekunder sedan 2001)
                """
        case .typeDiffers: return "Modellens typ för det här värdet skiljer sig från det servern skickar"
        case .webPage:
            return "En webbsida kom tillbaka: URL:en pekar på en webbplats eller en felsida, inte på API:et"
        case .noBody: return "Servern skickade inget innehåll (till exempel en 204, eller en 200 från fel route)"
        case .notThisAPI: return "Innehållet är inte JSON: URL:en pekar på något som inte är det här API:et"
        case .bodyDoesNotMatch: return "Innehållet stämmer inte med modellen"
        case .modelDisagrees: return "Modellen och den JSON som servern skickar stämmer inte överens på det här stället"
        }
    }

    private func decodingFix(_ fix: DecodingFix) -> String {
        let decoderOption = "på den `JSONDecoder` som du skickar som `APIClient.Options(decoder:)`"
        switch fix {
        case .convertFromSnakeCase(let property, let key):
            return """
                Sätt `decoder.keyDecodingStrategy = .convertFromSnakeCase` \(decoderOption), eller lägg till \
                `CodingKeys` med `case \(property) = "\(key)"`
                """
        case .codingKeys(let property, let key):
            return "Lägg till `CodingKeys` i modellen med `case \(property) = \"\(key)\"`"
        case .likelyKey(let property, let key):
            return """
                Om "\(key)" motsvarar `\(property)`, lägg till `CodingKeys` i modellen med \
                `case \(property) = "\(key)"`; annars, kontrollera stavningen eller gör `\(property)` optional
                """
        case .snakeCaseTwice(let key, let renamed):
            return """
                Skriv `case \(renamed)` i `CodingKeys`, utan `= "\(key)"` (eller ta bort `.convertFromSnakeCase` \
                och behåll `CodingKeys`)
                """
        case .wrapper(let field, let typeName):
            return """
                Avkoda en omslagstyp uppkallad efter fältet, `struct \(typeName)Response: Decodable { let \
                \(field): [YourModel] }`, och använd dess `\(field)`
                """
        case .decodeArray: return "Avkoda en lista: `Endpoint<[YourModel]>`"
        case .optional(let property, let type):
            return """
                Om servern kan utelämna den, deklarera den som optional (`let \(property): \(type)?`) eller ge \
                den ett standardvärde i `init(from:)`; om den måste finnas, kontrollera stavningen
                """
        case .numberInString(let property):
            return """
                Deklarera `\(property)` som `String` och konvertera den med `Double(_:)`, eller avkoda den i en \
                egen `init(from:)`
                """
        case .dateStrategy(.iso8601): return "Sätt `decoder.dateDecodingStrategy = .iso8601` \(decoderOption)"
        case .dateStrategy(.yearMonthDay):
            return """
                Sätt `decoder.dateDecodingStrategy = .formatted(formatter)` med en `DateFormatter` vars \
                `dateFormat` är "yyyy-MM-dd" och `locale` är `en_US_POSIX` \(decoderOption)
                """
        case .dateStrategy(.millisecondsSince1970):
            return "Sätt `decoder.dateDecodingStrategy = .millisecondsSince1970` \(decoderOption)"
        case .dateStrategy(.secondsSince1970):
            return "Sätt `decoder.dateDecodingStrategy = .secondsSince1970` \(decoderOption)"
        case .changeType(let property):
            return "Ändra typen för `\(property)` till det servern skickar, eller konvertera värdet i `init(from:)`"
        case .changeTypeTo(let property, let kind):
            return """
                Ändra typen för `\(property)` till det servern skickar (servern skickar \(G.kind(kind))), \
                eller konvertera värdet i `init(from:)`
                """
        case .voidOrCheckURL:
            return "Använd `Endpoint<Void>` om ändpunkten svarar utan innehåll; kontrollera annars URL:en"
        case .checkURL:
            return "Kontrollera bas-URL:en och ändpunktens sökväg (öppna URL:en i en webbläsare eller med curl)"
        case .compareWithBody:
            return """
                Jämför modellen med innehållet (`APIError.responseBody`) på det stället och ändra modellen \
                (en typ, en optional, `CodingKeys`) så att den stämmer
                """
        }
    }

    // MARK: - The command-line trap

    private static let fixes = """
        Åtgärd: avsluta main.swift med dispatchMain() och anropa exit(0) i den sista completion-hanteraren; eller
          anropa RunLoop.main.run(); eller await:a async-varianterna i en async main:
          @main struct Tool { static func main() async { ... try await client.send(endpoint) ... } }
          (Skrivs ut en gång per process; APIClient.warnsWhenMainQueueIsBlocked = false stänger av den.)
        """

    func mainQueueWarning(seconds: Int) -> String {
        """
        ServiceLayer: en completion-hanterare har väntat \(seconds) sekunder på huvudkön, som aldrig har kört något,
          och huvudtråden har inte skickat något anrop under tiden.
          Varför: completion-hanterare för APIClient.send(_:completion:) och för controllerna körs på huvudaktören
          (@MainActor), alltså på huvudkön, och i ett kommandoradsprogram kör ingenting huvudkön medan huvudtråden
          sover, väntar på en semafor eller en grupp, eller har återvänt från toppnivåkoden (programmet avslutas då
          utan utdata och med slutstatus 0). Om din huvudtråd i stället är upptagen med flit i flera sekunder innan
          den kör huvudkön, väntar completion-hanterarna helt enkelt på den, och då gäller inte den här varningen dig.
          \(Self.fixes)
        """
    }

    func endedWarning(calls: Int) -> String {
        """
        ServiceLayer: programmet avslutades medan \(G.calls(calls)) fortfarande väntade på en completion-hanterare,
          som aldrig kördes.
          Varför: completion-hanterare för APIClient.send(_:completion:) och för controllerna körs på huvudaktören
          (@MainActor), alltså på huvudkön, och det här programmet avslutades (återvände från sin toppnivåkod,
          eller anropade exit) utan att någonsin köra huvudkön.
          \(Self.fixes)
        """
    }
}
