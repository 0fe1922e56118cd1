import Foundation

// MARK: - The request head parser

/// `HTTPParser.parseHead` on any bytes. When a head parses: re-serialised, it parses the same; no value
/// holds CR, LF or NUL; a field line starting with whitespace (obs-fold) was refused; the body length is
/// within ``HTTPParser/maxBodyBytes``; and `headerEnd` finds the same end as a plain search.
let headFuzzTarget = FuzzTarget(name: "head") { data in
    let bytes = [UInt8](data.prefix(HTTPParser.maxHeaderBytes))
    let end = HTTPParser.headerEnd(in: bytes, from: 0)
    let naive = (0..<max(0, bytes.count - 3)).first { bytes[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) }
    fuzzCheck(end == naive.map { $0 + 4 }, "headerEnd \(String(describing: end)) != \(String(describing: naive))")
    let block = bytes[0..<(end.map { $0 - 4 } ?? bytes.count)]
    guard let head = try? HTTPParser.parseHead(block) else { return }
    let lines = HTTPParser.splitLines(block)
    fuzzCheck(
        !lines.dropFirst().contains { $0.first == 0x20 || $0.first == 0x09 }, "an obs-fold line was accepted")
    fuzzCheck(head.contentLength >= 0 && head.contentLength <= HTTPParser.maxBodyBytes, "body length past the cap")
    fuzzCheck(!(head.isChunked && head.contentLength != 0), "chunked with a Content-Length")
    for (name, value) in head.headers {
        fuzzCheck(
            !name.isEmpty && name == name.lowercased() && !value.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 },
            "header \(name) holds a line break or NUL")
    }
    var text = "\(head.method) \(head.target) HTTP/1.\(head.minorVersion)\r\n"
    for (name, value) in head.headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    let again: RequestHead
    do {
        again = try HTTPParser.parseHead(ArraySlice(Array(text.utf8)))
    } catch {
        fatalError("fuzz property failed: the re-serialised head does not parse (\(error)): \(text.debugDescription)")
    }
    fuzzCheck(
        again.method == head.method && again.target == head.target && again.path == head.path
            && again.query == head.query && again.headers == head.headers && again.minorVersion == head.minorVersion
            && again.contentLength == head.contentLength && again.isChunked == head.isChunked,
        "the re-serialised head parses differently: \(text.debugDescription)")
}
