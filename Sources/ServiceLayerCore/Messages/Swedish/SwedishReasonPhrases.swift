/// The Swedish reason phrases of HTTP statuses, owned by the table (not the system's).
enum SwedishReasonPhrases: ReasonPhrases {
    static func className(_ statusClass: HTTPStatusClass) -> String {
        switch statusClass {
        case .informational: return "Information"
        case .success: return "Lyckades"
        case .redirection: return "Omdirigering"
        case .clientError: return "Klientfel"
        case .serverError: return "Serverfel"
        }
    }

    static let phrases: [Int: String] = [
        100: "Fortsätt",
        101: "Byter protokoll",
        200: "OK",
        201: "Skapad",
        202: "Godtagen",
        203: "Icke-auktoritativ information",
        204: "Inget innehåll",
        205: "Återställ innehåll",
        206: "Delvis innehåll",
        300: "Flera val",
        301: "Flyttad permanent",
        302: "Hittad",
        303: "Se annan",
        304: "Inte ändrad",
        305: "Använd proxy",
        307: "Tillfällig omdirigering",
        308: "Permanent omdirigering",
        400: "Felaktig begäran",
        401: "Obehörig",
        402: "Betalning krävs",
        403: "Förbjuden",
        404: "Hittades inte",
        405: "Metoden tillåts inte",
        406: "Inte godtagbar",
        407: "Proxyautentisering krävs",
        408: "Tidsgränsen för begäran överskreds",
        409: "Konflikt",
        410: "Borta",
        411: "Längd krävs",
        412: "Förhandsvillkor misslyckades",
        413: "Innehållet är för stort",
        414: "URI:n är för lång",
        415: "Medietypen stöds inte",
        416: "Intervallet kan inte uppfyllas",
        417: "Förväntan misslyckades",
        418: "Jag är en tekanna",
        421: "Felriktad begäran",
        422: "Innehållet kan inte bearbetas",
        423: "Låst",
        424: "Beroende misslyckades",
        425: "För tidigt",
        426: "Uppgradering krävs",
        428: "Förhandsvillkor krävs",
        429: "För många begäranden",
        431: "Begärans header-fält är för stora",
        451: "Otillgänglig av juridiska skäl",
        500: "Internt serverfel",
        501: "Inte implementerad",
        502: "Felaktig gateway",
        503: "Tjänsten är otillgänglig",
        504: "Tidsgränsen för gatewayen överskreds",
        505: "HTTP-versionen stöds inte",
        507: "Otillräckligt lagringsutrymme",
        511: "Nätverksautentisering krävs",
    ]
}
