#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The bytes `malloc` has handed out and not yet had back, across every arena: a finer figure than the
/// resident size, which moves by whole pages and keeps freed pages.
///
/// glibc only: it is read from `malloc_info(3)`'s totals (system bytes in use, minus the free fast and
/// other chunks, plus the `mmap`ped blocks), and `malloc_trim(3)` is called first so that freed pages
/// leave the resident size too. Both are looked up with `dlsym`, since Swift's `Glibc` module does not
/// import `<malloc.h>`. Elsewhere the reading is `nil`.
enum HeapReading {
    /// Bytes in use now (after a trim), or `nil` when this C library cannot tell.
    static func bytesInUse() -> Double? {
        #if canImport(Glibc)
        guard let functions = Functions.shared else { return nil }
        _ = functions.trim(0)
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return nil }
        let status = functions.info(0, stream)
        fclose(stream)
        defer { free(buffer) }
        guard status == 0, let buffer else { return nil }
        return inUse(fromXML: String(cString: buffer))
        #else
        return nil
        #endif
    }

    /// In-use bytes from `malloc_info`'s XML: its last block of totals (after the last `</heap>`).
    static func inUse(fromXML xml: String) -> Double? {
        let totals = xml.components(separatedBy: "</heap>").last ?? xml
        func size(_ tag: String) -> Double? {
            guard let range = totals.range(of: tag) else { return nil }
            let rest = totals[range.upperBound...]
            guard let start = rest.range(of: "size=\"") else { return nil }
            let digits = rest[start.upperBound...].prefix { $0.isNumber }
            return Double(digits)
        }
        guard let system = size("<system type=\"current\""), let fast = size("<total type=\"fast\""),
            let rest = size("<total type=\"rest\""), let mapped = size("<total type=\"mmap\"")
        else { return nil }
        return system - fast - rest + mapped
    }

    #if canImport(Glibc)
    /// `malloc_info` and `malloc_trim`, found once.
    private struct Functions: @unchecked Sendable {
        // @unchecked: two C function pointers, set once and never changed.
        let info: @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        let trim: @convention(c) (Int) -> Int32

        static let shared: Functions? = {
            let process = dlopen(nil, RTLD_NOW)
            guard let info = dlsym(process, "malloc_info"), let trim = dlsym(process, "malloc_trim") else {
                return nil
            }
            return Functions(
                info: unsafeBitCast(info, to: (@convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32).self),
                trim: unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self))
        }()
    }
    #endif
}
#endif
