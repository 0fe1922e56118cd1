#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Joinable POSIX threads

/// A joinable POSIX thread running a closure. The server joins every thread it starts.
///
/// `@unchecked Sendable`: `pthread_t` is a plain handle (an integer on Linux, an opaque pointer on Darwin)
/// that POSIX allows any thread to join; the compiler cannot see that for the Darwin pointer. Each handle
/// is joined exactly once, by whoever removes it from the server's thread table under its mutex.
struct PosixThread: @unchecked Sendable {
    /// The underlying handle.
    let handle: pthread_t

    /// Starts `body` on a new thread with a 1 MiB stack. Throws the pthread error code on failure.
    static func spawn(_ body: @escaping @Sendable () -> Void) throws(FixtureServerError) -> PosixThread {
        let box = Unmanaged.passRetained(ThreadBody(body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 1 << 20)
        #if canImport(Darwin)
        var handle: pthread_t?
        let result = pthread_create(
            &handle, &attributes,
            { context in
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, box.toOpaque())
        guard result == 0, let handle else {
            box.release()
            throw .thread(result)
        }
        return PosixThread(handle: handle)
        #else
        var handle = pthread_t()
        let result = pthread_create(
            &handle, &attributes,
            { context in
                guard let context else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, box.toOpaque())
        guard result == 0 else {
            box.release()
            throw .thread(result)
        }
        return PosixThread(handle: handle)
        #endif
    }

    /// Waits for the thread to finish and releases its resources. Call exactly once.
    func join() {
        _ = pthread_join(handle, nil)
    }
}

/// Carries the closure across `pthread_create`'s untyped context pointer.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    func run() { body() }
}
