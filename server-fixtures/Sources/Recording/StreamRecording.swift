import Foundation

// MARK: - A recorded stream: the upstream's events and when each came

/// An upstream's `text/event-stream` answer cut into its events as they came, for `routes.json`'s `events`:
/// each event's text exactly as sent (any line ends, comments, a byte-order mark) and the milliseconds
/// waited before it (from the end of the event before, the first from the answer's head), so that the
/// replay has the recording's timing.
struct StreamRecording: Sendable, Equatable {
    /// One event as it came.
    struct Piece: Sendable, Equatable {
        /// Milliseconds after the end of the piece before (after the head for the first), at most
        /// `MockRouteReader.longestEventWait`.
        var wait: Int
        /// The event's text, its blank line included (an unfinished last event without one).
        var raw: String
    }

    /// The events, in order.
    var pieces: [Piece]

    /// Whether `contentType` names an event stream.
    static func isEventStream(_ contentType: String?) -> Bool {
        contentType?.lowercased().trimmingCharacters(in: .whitespaces).hasPrefix("text/event-stream") == true
    }

    /// The pieces of `chunks` (each with its arrival, in seconds after the head), cut by a ``Cutter``.
    init(chunks: [(offset: TimeInterval, bytes: Data)]) {
        var cutter = Cutter()
        pieces = chunks.flatMap { cutter.append($0.bytes, at: $0.offset) } + (cutter.finish().map { [$0] } ?? [])
    }

    /// The pieces given.
    init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// Cuts bytes as they come after each blank line — a line end (CR, LF or CRLF) right after another, as
    /// the spec reads events —; what is left at the end is a last piece.
    struct Cutter: Sendable {
        private var current: [UInt8] = []
        private var previous: TimeInterval = 0
        private var last: TimeInterval = 0
        private var lineIsEmpty = true
        private var afterCR = false
        private var cutAfterLF = false

        /// Reads `bytes`, which came `offset` seconds after the head; returns the events they completed.
        mutating func append(_ bytes: Data, at offset: TimeInterval) -> [Piece] {
            var pieces: [Piece] = []
            for byte in bytes {
                if afterCR {
                    afterCR = false
                    if byte == 10 {
                        // The LF of a CRLF whose CR already ended the line.
                        current.append(byte)
                        if cutAfterLF { pieces.append(cut(at: offset)) }
                        cutAfterLF = false
                        continue
                    }
                    if cutAfterLF { pieces.append(cut(at: last)) }
                    cutAfterLF = false
                }
                current.append(byte)
                last = offset
                guard byte == 10 || byte == 13 else {
                    lineIsEmpty = false
                    continue
                }
                afterCR = byte == 13
                if lineIsEmpty {
                    // A blank line: the event ends here (after the LF of a CRLF, when one follows).
                    if afterCR { cutAfterLF = true } else { pieces.append(cut(at: offset)) }
                }
                lineIsEmpty = true
            }
            return pieces
        }

        /// What is left once the answer ended (an unfinished event, or one whose CR ended it last), if any.
        mutating func finish() -> Piece? {
            current.isEmpty ? nil : cut(at: last)
        }

        private mutating func cut(at offset: TimeInterval) -> Piece {
            let wait = Int(((offset - previous) * 1000).rounded())
            let piece = Piece(
                wait: min(max(0, wait), MockRouteReader.longestEventWait), raw: String(decoding: current, as: UTF8.self)
            )
            current.removeAll()
            previous = offset
            return piece
        }
    }
}
