import Foundation

extension APIError.MessageLanguage {
    /// The command-line trap's two warnings (`Plumbing/MainQueueWatchdog.swift`) in this language.
    var watchdogTexts: MainQueueWatchdog.Texts {
        switch self {
        case .english:
            return .init(warning: MainQueueWatchdog.warning, ended: { MainQueueWatchdog.endedWarning(calls: $0) })
        case .traditionalChinese: return TraditionalChineseWatchdog.texts
        case .swedish: return SwedishWatchdog.texts
        }
    }
}
