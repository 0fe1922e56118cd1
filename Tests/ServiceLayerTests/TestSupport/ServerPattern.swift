import Foundation

/// The bytes the fixture server's `/files/<count>` sends, and a hostile server's large bodies: byte `i` is
/// `i % 251`. Made by doubling a copy (about twenty appends for megabytes), so a test compares whole bodies
/// with `==` (one `memcmp`) instead of walking them byte by byte, which a debug build does at about
/// 10 ns a byte.
enum ServerPattern {
    /// The first `count` bytes of the pattern.
    static func bytes(_ count: Int) -> Data {
        var data = Data((0..<251).map { UInt8($0) })
        while data.count < count { data.append(data) }
        return data.prefix(count)
    }
}
