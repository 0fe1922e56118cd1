import Foundation

// MARK: - Symbolic links in an --api folder

/// The rule for symbolic links in an `--api` folder: a link that stays inside the folder is followed, a link
/// whose target (after every link on the way is resolved) is outside it is refused when the folder is
/// loaded. So `db.json`, `routes.json` and a route's `"file"` can only ever read — and `--write` only ever
/// write — files inside the folder the server was started on.
enum FolderLinks {
    /// Throws for the first link under `folder` (any depth) that resolves outside it; linked folders are
    /// checked as links, not entered.
    /// - Throws: ``APIFolderError`` naming the link, where it leads, and the fix.
    static func check(_ folder: URL) throws(APIFolderError) {
        let root = folder.resolvingSymlinksInPath().standardizedFileURL.path
        guard
            let entries = FileManager.default.enumerator(
                at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isSymbolicLinkKey], options: [])
        else { return }
        for case let entry as URL in entries {
            guard (try? entry.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink == true else { continue }
            let target = entry.resolvingSymlinksInPath().standardizedFileURL.path
            if target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") { continue }
            throw APIFolderError(
                file: entry.path, line: 0, field: "",
                message: "is a symbolic link to \(target), outside the folder; the server follows no link that "
                    + "leaves the --api folder. Copy the file into the folder instead of linking to it")
        }
    }
}
