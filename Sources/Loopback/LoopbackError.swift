#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A socket call of ``LoopbackSocket`` failed: which call, and the system's error number.
package struct LoopbackError: Error, CustomStringConvertible {
    /// The call that failed: `socket`, `bind`, `listen` or `connect`.
    package let call: String
    /// `errno` after the call (`ECONNREFUSED`, `EMFILE`, ...).
    package let code: Int32

    /// What failed, in words: `connect() failed: Connection refused (errno 111)`.
    package var description: String {
        "\(call)() failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}
