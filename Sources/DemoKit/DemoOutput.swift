import Foundation
import ServiceLayer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the demo's transcript: plain text when piped, with colour only on a terminal.
public struct DemoOutput: Sendable {
    private let write: @Sendable (String) -> Void
    private let colour: Bool
    /// Rewrites the current terminal line (no newline); `nil` when the output is not a terminal.
    private let redraw: (@Sendable (String) -> Void)?
    /// The last progress line's tenth (0...10) written as a plain line, so a pipe gets a few lines, not hundreds.
    private let lastTenth = Locked<[String: Int]>([:])

    /// A transcript written through `write`, one line per call.
    /// - Parameters:
    ///   - colour: Whether to colour step marks; `false` by default.
    ///   - write: Receives each line without its newline.
    ///   - redraw: Rewrites the current line in place (a terminal's `\r`), for progress bars; `nil` (a
    ///     progress bar is written as a few plain lines) by default.
    public init(
        colour: Bool = false, write: @escaping @Sendable (String) -> Void,
        redraw: (@Sendable (String) -> Void)? = nil
    ) {
        self.colour = colour
        self.write = write
        self.redraw = redraw
    }

    /// Standard output, coloured only when it is a terminal (and `NO_COLOR` is not set).
    public static func standardOutput() -> DemoOutput {
        let isTerminal = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        var redraw: (@Sendable (String) -> Void)?
        if isatty(STDOUT_FILENO) == 1 {
            redraw = { line in FileHandle.standardOutput.write(Data("\r\u{1B}[2K\(line)".utf8)) }
        }
        return DemoOutput(
            colour: isTerminal, write: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
            redraw: redraw)
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

    /// A progress bar for `label`: redrawn in place on a terminal (ended with a newline once `done`),
    /// else written as a plain line at each tenth reached (100% once).
    func progress(_ label: String, fraction: Double?, detail: String, done: Bool = false) {
        let tenths = Int(((fraction ?? 0) * 10).rounded(.down))
        let filled = Int(((fraction ?? 0) * 20).rounded(.down))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "]"
        let percent = fraction.map { String(format: "%3d%%", Int($0 * 100)) } ?? "  ?%"
        let text = "  \(label) \(bar) \(percent) \(detail)"
        if let redraw {
            redraw(text)
            if done { write("") }
            return
        }
        let isNew = lastTenth.withLock { seen -> Bool in
            guard seen[label].map({ tenths > $0 }) ?? true else { return false }
            seen[label] = tenths
            return true
        }
        if isNew { write(text) }
    }

    /// A plain line.
    func line(_ text: String) {
        write(text)
    }

    private func paint(_ text: String, code: Int) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
