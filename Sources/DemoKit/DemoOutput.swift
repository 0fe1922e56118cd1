import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the demo's transcript: plain text when piped, with colour only on a terminal.
public struct DemoOutput: Sendable {
    private let write: @Sendable (String) -> Void
    private let colour: Bool

    /// A transcript written through `write`, one line per call.
    /// - Parameters:
    ///   - colour: Whether to colour step marks; `false` by default.
    ///   - write: Receives each line without its newline.
    public init(colour: Bool = false, write: @escaping @Sendable (String) -> Void) {
        self.colour = colour
        self.write = write
    }

    /// Standard output, coloured only when it is a terminal (and `NO_COLOR` is not set).
    public static func standardOutput() -> DemoOutput {
        let isTerminal = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        return DemoOutput(colour: isTerminal) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }

    /// A section heading.
    func heading(_ text: String) {
        write("")
        write(text)
        write(String(repeating: "-", count: text.count))
    }

    /// An indented line of detail.
    func note(_ text: String) {
        write("  " + text)
    }

    /// A finished step with its mark.
    func step(_ name: String, passed: Bool, detail: String, seconds: Double) {
        let mark = passed ? paint("ok", code: 32) : paint("FAILED", code: 31)
        let time = seconds >= 1 ? String(format: " (%.1f s)", seconds) : ""
        write("[\(mark)] \(name)\(time)")
        for line in detail.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            write("     " + line)
        }
    }

    /// A plain line.
    func line(_ text: String) {
        write(text)
    }

    private func paint(_ text: String, code: Int) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
