/// `"…\(text)…"` with a `String` appends it as it is, through this non-generic overload rather than
/// the standard library's generic `appendInterpolation(_:)` (which goes through `TextOutputStreamable`):
/// the same text, and less code in a debug build. The message tables alone interpolate about 700 strings;
/// across the core this is about 7,600 fewer instructions to compile (BENCHMARKS.md, "Issue 57, item 6").
extension DefaultStringInterpolation {
    /// Appends `text`, as `appendInterpolation(_:)` of the standard library would.
    mutating func appendInterpolation(_ text: String) {
        appendLiteral(text)
    }
}
