import Foundation

// MARK: - The teaching answers in Svenska

extension Teaching {
    /// The message in Svenska: `servern` in the definite form, `begäran` for a request, a decimal comma.
    var swedish: String {
        switch self {
        case .notFound: "Hittades inte"
        case .didYouMean(let sent, let meant, let methods):
            "Hittades inte: ingen rutt matchar \(sent). Menade du \(meant)? Den svarar på \(methods)."
        case .dropRoot(let sent, let meant, let dropped, let start, let methods):
            "Hittades inte: ingen rutt matchar \(sent). Menade du \(meant)? Ta bort \(dropped) i början: rutten "
                + "börjar vid \(start). Den svarar på \(methods)."
        case .addRoot(let sent, let meant, let prefix, let methods):
            "Hittades inte: ingen rutt matchar \(sent). Menade du \(meant)? Rutten ligger under \(prefix)/: lägg "
                + "till \(prefix) först. Den svarar på \(methods)."
        case .methodNotAllowed(let method, let path, let allowed):
            "Metoden är inte tillåten: \(method) \(path). Den här sökvägen svarar på \(allowed) (se headern Allow)."
        case .wrongFieldType(let field, let sent, let collection, let expected, let example):
            "Fältet \(field) är \(Self.swedish(sent)), men de andra posterna i \(collection) har "
                + "\(Self.swedish(expected)) där (t.ex. \(example)). Skicka \(Self.swedish(expected)) eller null."
        case .orderNeedsSort: "_order kräver _sort, t.ex. _sort=year&_order=desc"
        case .unknownOperator(let word, let parameter, let known):
            "Okänd operator \(word) i \(parameter); använd en av \(known)"
        }
    }

    /// A JSON kind with its article in Svenska: "ett tal", "en sträng", "en array".
    static func swedish(_ kind: JSONKind) -> String {
        switch kind {
        case .null: "null"
        case .boolean: "ett booleskt värde"
        case .number: "ett tal"
        case .string: "en sträng"
        case .array: "en array"
        case .object: "ett objekt"
        }
    }
}
