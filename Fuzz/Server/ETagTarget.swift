import Foundation

// MARK: - If-None-Match and If-Match lists

/// Entity-tags made from the input's NUL-separated pieces (`etagc` characters only, some weak), joined
/// with commas and spaces: the list reads back as those tags, in order. Any input as an `If-None-Match`,
/// `If-Match` or `If-Modified-Since` header: the precondition checks answer without trapping, and a list
/// naming the current tag (weakly or strongly) makes a GET a 304 and an unsafe method a 412.
let etagFuzzTarget = FuzzTarget(name: "etag") { data in
    let pieces = data.prefix(1024).split(separator: 0, omittingEmptySubsequences: false)
    let tags = pieces.enumerated().map { index, piece in
        let text = String(
            String.UnicodeScalarView(
                piece.filter { $0 == 0x21 || ($0 >= 0x23 && $0 <= 0x7E) }
                    .map { Unicode.Scalar($0) }))
        return (index % 3 == 1 ? "W/" : "") + "\"" + text + "\""
    }
    let list = tags.enumerated().map { $0 == 0 ? $1 : ($0 % 2 == 0 ? ", " : ",") + $1 }.joined()
    let read = CacheValidation.entityTags(in: list)
    fuzzCheck(read == tags, "\(list) reads as \(read)")

    let header = String(decoding: data.prefix(1024), as: UTF8.self)
    for name in ["if-none-match", "if-match", "if-modified-since", "if-unmodified-since"] {
        let request = fuzzContext(target: "/menu", headers: [name: header]).request
        _ = CacheValidation.isNotModified(
            request, tag: "\"0123456789abcdef\"", modified: Date(timeIntervalSince1970: 0))
    }
    let current = "\"0123456789abcdef\""
    let naming = CacheValidation.entityTags(in: list + ", W/" + current)
    fuzzCheck(
        naming.last == "W/" + current, "the current tag after \(list) reads as \(String(describing: naming.last))")
    let request = fuzzContext(target: "/menu", headers: ["if-none-match": list + ", W/" + current]).request
    fuzzCheck(
        CacheValidation.isNotModified(request, tag: current, modified: Date()),
        "If-None-Match: \(list), W/\(current) is not a 304")
}
