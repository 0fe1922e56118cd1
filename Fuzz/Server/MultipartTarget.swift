import Foundation

// MARK: - multipart/form-data

/// The input's first line is the `Content-Type`, the rest the body. Parts the parser reads, written again
/// with the same boundary and the sender's quoting rule (`MultipartParser`'s documentation), read back the same.
let multipartFuzzTarget = FuzzTarget(name: "multipart") { data in
    let newline = data.firstIndex(of: 10) ?? data.endIndex
    let contentType = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
    let body = data[newline...].dropFirst()
    guard let parts = try? MultipartParser.parse(Data(body), contentType: contentType),
        let boundary = MultipartParser.boundary(of: contentType)
    else { return }
    var again = Data()
    for part in parts {
        var disposition = "form-data; name=\"\(quoted(part.name))\""
        if let fileName = part.fileName { disposition += "; filename=\"\(quoted(fileName))\"" }
        again += Data("--\(boundary)\r\nContent-Disposition: \(disposition)\r\n".utf8)
        again += Data("Content-Type: \(part.contentType)\r\n\r\n".utf8) + part.body + Data("\r\n".utf8)
    }
    again += Data("--\(boundary)--\r\n".utf8)
    let reread: [FormPart]
    do {
        reread = try MultipartParser.parse(again, contentType: contentType)
    } catch {
        fatalError("fuzz property failed: the re-written form does not parse (\(error))")
    }
    fuzzCheck(reread == parts, "the re-written form reads \(reread), not \(parts)")
}

/// The sender's quoting of a `name` or `filename`: `"`, `%`, `\`, C0 controls and DEL as `%XX`.
private func quoted(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        if scalar == "\"" || scalar == "%" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F {
            out += String(format: "%%%02X", scalar.value)
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
