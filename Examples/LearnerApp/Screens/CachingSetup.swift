import Foundation
import ServiceLayer

/// The README's "Caching" example: a controller whose pictures stay on disk and whose JSON is
/// revalidated, both across launches (compiled in every mode; the walk does not use it).
func makeCachingMenuController() -> MenuController {
    // Replaces the book's URLCache step: pictures on disk, JSON revalidated (both survive a relaunch).
    let caches = DiskImageCache.defaultDirectory().deletingLastPathComponent()
    let menu = MenuController(
        baseURL: URL(string: "http://localhost:8090/")!,
        options: APIClient.Options(responseCache: ResponseCache(directory: caches.appendingPathComponent("JSON"))),
        diskImageCache: DiskImageCache(directory: DiskImageCache.defaultDirectory()))  // 50 MB
    return menu
}
