import Foundation

/// The command-line trap's warnings in Swedish.
enum SwedishWatchdog {
    static let fixes = """
        Åtgärd: avsluta main.swift med dispatchMain() och anropa exit(0) i den sista completion-hanteraren; eller
          anropa RunLoop.main.run(); eller await:a async-varianterna i en async main:
          @main struct Tool { static func main() async { ... try await client.send(endpoint) ... } }
          (Skrivs ut en gång per process; APIClient.warnsWhenMainQueueIsBlocked = false stänger av den.)
        """

    static let texts = MainQueueWatchdog.Texts(
        warning: """
            ServiceLayer: en completion-hanterare har väntat \(Int(MainQueueWatchdog.patience)) sekunder på huvudkön, som inte har kört något under tiden.
              Varför: completion-hanterare för APIClient.send(_:completion:) och för kontrollerna körs på huvudaktören
              (main actor), alltså på huvudkön, och i ett kommandoradsprogram kör ingenting huvudkön medan huvudtråden
              sover, väntar på en semafor eller en grupp, eller har återvänt från toppnivåkoden (programmet avslutas
              då utan utdata och med slutstatus 0).
              \(fixes)
            """,
        ended: { calls in
            """
            ServiceLayer: programmet avslutades medan \(calls) anrop fortfarande väntade på en completion-hanterare, som aldrig kördes.
              Varför: completion-hanterare för APIClient.send(_:completion:) och för kontrollerna körs på huvudaktören
              (main actor), alltså på huvudkön, och det här programmet avslutades (återvände från sin toppnivåkod,
              eller anropade exit) utan att någonsin köra huvudkön.
              \(fixes)
            """
        })
}
