import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a transport error's own text says that its code does not, recognised when the error is made.
///
/// Linux's URLSession (built on curl) reports several failures as `URLError.unknown`, with curl's
/// sentence as the description: "transfer closed with 90 bytes remaining to read" for a body cut short,
/// "…SSL routines::wrong version number" for an `https://` URL answered in plain HTTP. The sentence
/// itself is not kept (it is curl's, in English, and may name a host); only the recognised hint is, in
/// the `URLError`'s user info, so that every message table can word it.
enum TransportHint: String, Sendable {
    /// An `https://` URL reached a server that answered in plain HTTP.
    case httpsToPlainServer
    /// The connection closed before all the bytes `Content-Length` announced arrived.
    case bodyCutShort
    /// No route leads to the host (another network, a firewall, a LAN address that changed).
    case hostUnreachable

    /// The user-info key of the hint.
    static let key = "ServiceLayer.TransportHint"
    /// The user-info key of the bytes a cut body lacked (an `Int`).
    static let missingBytesKey = "ServiceLayer.MissingBytes"

    /// The hint in `error`'s description (or its underlying error's), with the missing bytes of a cut body.
    static func find(in error: URLError, url: URL?) -> (hint: TransportHint, missing: Int?)? {
        var texts = [error.userInfo[NSLocalizedDescriptionKey] as? String]
        texts.append((error.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription)
        let text = texts.compactMap { $0 }.joined(separator: " ").lowercased()
        if text.contains("wrong version number") || (url?.scheme?.lowercased() == "https" && text.contains("ssl")) {
            return (.httpsToPlainServer, nil)
        }
        if let range = text.range(of: "transfer closed with ") {
            let number = text[range.upperBound...].prefix { $0.isNumber }
            return (.bodyCutShort, Int(number))
        }
        if text.contains("partial file") || text.contains("transfer closed") { return (.bodyCutShort, nil) }
        if ["no route to host", "network is unreachable", "host is unreachable"].contains(where: text.contains) {
            return (.hostUnreachable, nil)
        }
        return nil
    }
}
