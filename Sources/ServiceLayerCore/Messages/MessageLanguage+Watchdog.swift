import Foundation

extension APIError.MessageLanguage {
    /// The command-line trap's two warnings (`Plumbing/MainQueueWatchdog.swift`) in this language's table.
    var watchdogTexts: MainQueueWatchdog.Texts {
        let table = self.table
        return .init(
            warning: table.mainQueueWarning(seconds: Int(MainQueueWatchdog.patience)),
            ended: { table.endedWarning(calls: $0) })
    }
}
