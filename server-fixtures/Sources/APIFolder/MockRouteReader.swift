import Foundation

// MARK: - Reading routes.json

/// Reads the fields of `routes.json`'s routes and examples, with the file, line and field in every error.
struct MockRouteReader {
    /// The `routes.json` being read.
    let file: URL

    /// An error at `node`'s line for `field`.
    func error(_ node: LocatedJSON, _ field: String, _ message: String) -> APIFolderError {
        APIFolderError(file: file.path, line: node.line, field: field, message: message)
    }

    func allow(_ members: [String: LocatedJSON], _ allowed: Set<String>, at field: String, line: Int)
        throws(APIFolderError)
    {
        for (key, value) in members where !allowed.contains(key) {
            let place = field.isEmpty ? key : "\(field).\(key)"
            throw error(
                value, place, "unknown field (expected one of: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    func string(_ node: LocatedJSON?, _ field: String) throws(APIFolderError) -> String? {
        guard let node else { return nil }
        guard case .string(let text) = node.value else {
            throw error(node, field, "must be a string, not \(node.kindName)")
        }
        return text
    }

    func strings(_ node: LocatedJSON?, _ field: String) throws(APIFolderError) -> [String: String] {
        guard let node else { return [:] }
        guard let members = node.members else {
            throw error(node, field, "must be an object of strings")
        }
        var result: [String: String] = [:]
        for (key, value) in members {
            guard let text = try string(value, "\(field).\(key)") else { continue }
            result[key] = text
        }
        return result
    }

    func route(_ node: LocatedJSON, field: String, folder: URL) throws(APIFolderError) -> MockRoute {
        guard let members = node.members else { throw error(node, field, "must be an object") }
        let inline = members.keys.contains { Self.isExampleField($0) }
        let allowed =
            members["examples"] == nil ? MockRoutes.routeFields.union(MockRoutes.exampleFields) : MockRoutes.routeFields
        try allow(members, allowed, at: field, line: node.line)
        guard let method = try string(members["method"], "\(field).method") else {
            throw error(node, "\(field).method", "is missing")
        }
        guard ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method) else {
            throw error(
                members["method"]!, "\(field).method", "must be GET, POST, PUT, PATCH or DELETE (uppercase)")
        }
        guard let path = try string(members["path"], "\(field).path") else {
            throw error(node, "\(field).path", "is missing")
        }
        guard path.hasPrefix("/"), !path.contains("?"), !path.contains(" ") else {
            throw error(members["path"]!, "\(field).path", "must start with / and have no query or spaces")
        }
        var examples: [MockExample] = []
        if let list = members["examples"] {
            guard !inline else { throw error(list, "\(field).examples", "cannot be combined with answer fields") }
            guard let elements = list.elements, !elements.isEmpty else {
                throw error(list, "\(field).examples", "must be a non-empty array")
            }
            for (index, element) in elements.enumerated() {
                examples.append(try example(element, field: "\(field).examples[\(index)]", folder: folder))
            }
        } else {
            examples.append(try example(node, field: field, folder: folder, routeFields: MockRoutes.routeFields))
        }
        return MockRoute(method: method, pattern: path, examples: examples, line: node.line, field: field)
    }

    static func isExampleField(_ key: String) -> Bool { MockRoutes.exampleFields.contains(key) }

    func example(
        _ node: LocatedJSON, field: String, folder: URL, routeFields: Set<String> = []
    ) throws(APIFolderError) -> MockExample {
        guard let members = node.members else { throw error(node, field, "must be an object") }
        try allow(members, MockRoutes.exampleFields.union(routeFields), at: field, line: node.line)
        var status = 200
        if let value = members["status"] {
            guard case .int(let code) = value.value, (200...599).contains(code) else {
                throw error(value, "\(field).status", "must be a whole number from 200 to 599")
            }
            status = code
        }
        let headerValues = try strings(members["headers"], "\(field).headers")
        for (name, value) in headerValues {
            guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }),
                !value.contains("\r"), !value.contains("\n")
            else { throw error(members["headers"]!, "\(field).headers.\(name)", "is not a valid header field") }
            guard
                !["content-length", "connection", "transfer-encoding", "date", "etag", "last-modified"].contains(
                    name.lowercased())
            else {
                throw error(members["headers"]!, "\(field).headers.\(name)", "is set by the server")
            }
        }
        let headers = headerValues.sorted { $0.key < $1.key }.map {
            HTTPResponse.Field(name: $0.key, value: $0.value)
        }
        let bodyKinds = ["body", "text", "file", "events"].filter { members[$0] != nil }
        guard bodyKinds.count <= 1 else {
            throw error(node, "\(field).\(bodyKinds[1])", "only one of body, text, file and events may be given")
        }
        var contentType: String?
        var body = Data()
        if let json = members["body"] {
            contentType = HTTPResponse.jsonContentType
            body = json.value.serialized()
        } else if let text = try string(members["text"], "\(field).text") {
            contentType = "text/plain; charset=utf-8"
            body = Data(text.utf8)
        } else if let name = try string(members["file"], "\(field).file") {
            let url = folder.appendingPathComponent(name).standardizedFileURL
            guard !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
                let data = try? Data(contentsOf: url)
            else { throw error(members["file"]!, "\(field).file", "no file \(name) in \(folder.path)") }
            contentType = Self.contentType(ofFile: name)
            body = data
        }
        var delay: TimeInterval = 0
        if let value = members["delay"] {
            let seconds: Double
            switch value.value {
            case .int(let number): seconds = Double(number)
            case .double(let number): seconds = number
            default: throw error(value, "\(field).delay", "must be a number of seconds")
            }
            guard (0...30).contains(seconds) else {
                throw error(value, "\(field).delay", "must be from 0 to 30 seconds")
            }
            delay = seconds
        }
        var fault: Fault?
        if let name = try string(members["fault"], "\(field).fault") {
            guard let known = MockRoutes.faults[name] else {
                throw error(
                    members["fault"]!, "\(field).fault",
                    "unknown fault (expected one of: \(MockRoutes.faults.keys.sorted().joined(separator: ", ")))")
            }
            fault = known
        }
        var example = MockExample(
            name: try string(members["name"], "\(field).name"),
            match: try match(members["match"], "\(field).match"),
            status: status, headers: headers, contentType: contentType, body: body, delay: delay, fault: fault)
        if let list = members["events"] {
            guard status == 200 else {
                throw error(
                    members["status"]!, "\(field).status",
                    "must be 200 with events (an EventSource reads a stream only from a 200)")
            }
            example.events = try events(list, "\(field).events")
            example.contentType = EventStreamBody.contentType
        }
        return example
    }

    func match(_ node: LocatedJSON?, _ field: String) throws(APIFolderError) -> MockExample.Match? {
        guard let node else { return nil }
        guard let members = node.members else { throw error(node, field, "must be an object") }
        try allow(members, MockRoutes.matchFields, at: field, line: node.line)
        return MockExample.Match(
            params: try strings(members["params"], "\(field).params"),
            query: try strings(members["query"], "\(field).query"),
            headers: try strings(members["headers"], "\(field).headers"), body: members["body"]?.value)
    }

    /// The `Content-Type` of a body file, from its extension.
    static func contentType(ofFile name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "json": return HTTPResponse.jsonContentType
        case "txt": return "text/plain; charset=utf-8"
        case "html": return "text/html; charset=utf-8"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        default: return "application/octet-stream"
        }
    }
}
