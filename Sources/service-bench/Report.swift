#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation

// MARK: - The table

/// One line of the results table.
struct ReportRow {
    /// What was measured, with its unit.
    var name: String
    /// The layer's figure.
    var layer: String
    /// The bare baseline's figure.
    var bare: String
    /// Layer relative to bare.
    var ratio: String
    /// The target, or `—` when the figure is for information.
    var target: String
    /// `met`, `MISSED`, `info`, or `not judged` in a `--quick` run.
    var verdict: String
}

/// A JSON value of the last output line: a number, a whole number, a flag or text.
enum JSONLineValue {
    case number(Double)
    case integer(Int)
    case flag(Bool)
    case text(String)
    /// JSON's `null`: a figure this platform cannot measure.
    case null

    /// The value as JSON text; numbers with at most three decimals.
    var json: String {
        switch self {
        case .number(let value) where value.isFinite:
            var text = String(format: "%.3f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text == "-0" ? "0" : text
        case .number: return "null"
        case .integer(let value): return String(value)
        case .null: return "null"
        case .flag(let value): return value ? "true" : "false"
        case .text(let value):
            let data = try! JSONSerialization.data(withJSONObject: [value], options: [.withoutEscapingSlashes])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
    }
}

/// Formats the results: an aligned table for people, then one JSON line for scripts.
enum Report {
    /// The table, with a header line and columns padded to their widest cell.
    static func table(_ rows: [ReportRow]) -> String {
        let header = ReportRow(
            name: "measurement", layer: "layer", bare: "bare", ratio: "ratio", target: "target", verdict: "verdict")
        let all = [header] + rows
        func cells(_ row: ReportRow) -> [String] {
            [row.name, row.layer, row.bare, row.ratio, row.target, row.verdict]
        }
        var widths = [Int](repeating: 0, count: 6)
        for row in all {
            for (index, cell) in cells(row).enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ row: ReportRow) -> String {
            cells(row).enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + padding : padding + cell  // names left, figures right
            }.joined(separator: "  ")
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// `{"key":value,...}` in the given order, on one line.
    static func json(_ fields: [(String, JSONLineValue)]) -> String {
        "{" + fields.map { "\"\($0.0)\":\($0.1.json)" }.joined(separator: ",") + "}"
    }

    /// `value` with `decimals` decimals and thousands separators (`12,345.6`).
    static func format(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "—" }
        let text = String(format: "%.\(decimals)f", abs(value))
        let parts = text.split(separator: ".", maxSplits: 1)
        var whole = String(parts[0])
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole.removeLast(3)
        }
        grouped = whole + grouped
        let sign = value < 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "-" : ""
        return sign + grouped + (parts.count > 1 ? "." + parts[1] : "")
    }
}
#endif
