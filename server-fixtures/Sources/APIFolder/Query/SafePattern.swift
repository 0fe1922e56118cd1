import Foundation

// MARK: - `_like`: a regular-expression subset that cannot backtrack

/// The regular expressions `_like` accepts (json-server v0.17 reads `title_like=` as a case-insensitive
/// JavaScript regular expression), run by a Thompson automaton: every state is tried at once, so a match
/// costs at most pattern size × text length steps, whatever the pattern. NSRegularExpression backtracks,
/// and `(a+)+$` on a crafted value would hold a thread for minutes.
///
/// The subset: literal characters, `.`, `[abc]`, `[a-z]`, `[^...]`, `\d \w \s \D \W \S`, `\` before any
/// punctuation, `^` and `$`, `*`, `+`, `?`, `|`, `( )` and `(?: )`. Not supported (a 400 says so):
/// `{m,n}`, back-references, lookaround, lazy quantifiers. Matching ignores case and finds the pattern
/// anywhere in the value, as `new RegExp(value, "i").test(text)` does. A pattern is at most
/// ``maxLength`` characters.
struct SafePattern: Sendable {
    /// The longest pattern accepted, in characters.
    static let maxLength = 100

    /// One step of the automaton.
    private enum Instruction: Sendable {
        case scalar(CharacterTest)
        case split(Int, Int)
        case jump(Int)
        case lineStart, lineEnd, accept
    }

    /// What one character must be.
    private enum CharacterTest: Sendable {
        case any
        case set([ClosedRange<UInt32>], negated: Bool)

        func holds(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .any: return scalar != "\n"
            case .set(let ranges, let negated):
                let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
                let upper = scalar.properties.uppercaseMapping.unicodeScalars.first ?? scalar
                let found = ranges.contains { $0.contains(lower.value) || $0.contains(upper.value) }
                return found != negated
            }
        }
    }

    /// Why a pattern was refused, e.g. "{m,n} repetition is not supported".
    struct Refusal: Error, Sendable {
        /// What is wrong, as facts each language writes (`Teaching.unsupportedPattern`).
        let problem: Problem

        init(_ problem: Problem) { self.problem = problem }

        /// What is wrong and what works instead, in English.
        var message: String { Teaching.english(problem) }
    }

    /// What puts a pattern outside the subset (declared with the teaching answers, which carry it).
    typealias Problem = PatternProblem

    private let program: [Instruction]

    /// Compiles `pattern`, or throws a ``Refusal`` naming what is not in the subset.
    init(_ pattern: String) throws(Refusal) {
        guard pattern.count <= Self.maxLength else {
            throw Refusal(.tooLong(limit: Self.maxLength))
        }
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        let node = try parser.parseAlternation()
        guard parser.index == parser.scalars.count else { throw Refusal(.unmatchedClose) }
        var program: [Instruction] = []
        Self.emit(node, into: &program)
        program.append(.accept)
        self.program = program
    }

    /// Whether the pattern occurs anywhere in `text`.
    func matches(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var current: [Int] = []
        var seen = [Int](repeating: -1, count: program.count)
        var generation = 0
        func add(_ pc: Int, at position: Int, to list: inout [Int]) -> Bool {
            guard seen[pc] != generation else { return false }
            seen[pc] = generation
            switch program[pc] {
            case .accept: return true
            case .jump(let target): return add(target, at: position, to: &list)
            case .split(let first, let second):
                return add(first, at: position, to: &list) || add(second, at: position, to: &list)
            case .lineStart: return position == 0 && add(pc + 1, at: position, to: &list)
            case .lineEnd: return position == scalars.count && add(pc + 1, at: position, to: &list)
            case .scalar: list.append(pc)
            }
            return false
        }
        for position in 0...scalars.count {
            // A new thread starts at every position: the pattern may begin anywhere.
            if add(0, at: position, to: &current) { return true }
            guard position < scalars.count else { break }
            generation += 1
            var next: [Int] = []
            for pc in current {
                guard case .scalar(let test) = program[pc], test.holds(scalars[position]) else { continue }
                if add(pc + 1, at: position + 1, to: &next) { return true }
            }
            current = next
        }
        return false
    }

    // MARK: Compiling

    private indirect enum Node {
        case scalar(CharacterTest), lineStart, lineEnd
        case sequence([Node]), alternation([Node])
        case star(Node), plus(Node), optional(Node)
    }

    private static func emit(_ node: Node, into program: inout [Instruction]) {
        switch node {
        case .scalar(let test): program.append(.scalar(test))
        case .lineStart: program.append(.lineStart)
        case .lineEnd: program.append(.lineEnd)
        case .sequence(let nodes): for node in nodes { emit(node, into: &program) }
        case .alternation(let nodes):
            var jumps: [Int] = []
            for (index, branch) in nodes.enumerated() {
                if index < nodes.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    emit(branch, into: &program)
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    emit(branch, into: &program)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .star(let inner):
            let split = program.count
            program.append(.split(split + 1, 0))
            emit(inner, into: &program)
            program.append(.jump(split))
            program[split] = .split(split + 1, program.count)
        case .plus(let inner):
            let start = program.count
            emit(inner, into: &program)
            program.append(.split(start, program.count + 1))
        case .optional(let inner):
            let split = program.count
            program.append(.split(split + 1, 0))
            emit(inner, into: &program)
            program[split] = .split(split + 1, program.count)
        }
    }

    /// Recursive descent over the pattern: alternation > sequence > repetition > atom.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0

        mutating func parseAlternation() throws(Refusal) -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 20 else { throw Refusal(.nestedTooDeep(limit: 20)) }
            var branches = [try parseSequence()]
            while index < scalars.count, scalars[index] == "|" {
                index += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func parseSequence() throws(Refusal) -> Node {
            var nodes: [Node] = []
            while index < scalars.count, scalars[index] != "|", scalars[index] != ")" {
                var atom = try parseAtom()
                while index < scalars.count, "*+?{".unicodeScalars.contains(scalars[index]) {
                    let quantifier = scalars[index]
                    index += 1
                    switch quantifier {
                    case "*": atom = .star(atom)
                    case "+": atom = .plus(atom)
                    case "?":
                        if case .optional = atom { throw Refusal(.lazyQuantifier) }
                        if case .star = atom { throw Refusal(.lazyQuantifier) }
                        if case .plus = atom { throw Refusal(.lazyQuantifier) }
                        atom = .optional(atom)
                    default: throw Refusal(.countedRepetition)
                    }
                }
                nodes.append(atom)
            }
            return .sequence(nodes)
        }

        mutating func parseAtom() throws(Refusal) -> Node {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case ".": return .scalar(.any)
            case "^": return .lineStart
            case "$": return .lineEnd
            case "*", "+", "?": throw Refusal(.nothingToRepeat(String(scalar)))
            case "(":
                if index + 1 < scalars.count, scalars[index] == "?" {
                    guard scalars[index + 1] == ":" else {
                        throw Refusal(.lookaround)
                    }
                    index += 2
                }
                let inner = try parseAlternation()
                guard index < scalars.count, scalars[index] == ")" else { throw Refusal(.unclosedGroup) }
                index += 1
                return inner
            case "[": return .scalar(try parseClass())
            case "\\": return .scalar(try parseEscape())
            default: return .scalar(.set([scalar.value...scalar.value], negated: false))
            }
        }

        mutating func parseEscape() throws(Refusal) -> CharacterTest {
            guard index < scalars.count else { throw Refusal(.loneBackslash) }
            let scalar = scalars[index]
            index += 1
            if let named = Self.named(scalar) { return named }
            guard scalar.isASCII, !CharacterSet.alphanumerics.contains(scalar) else {
                throw Refusal(.unsupportedEscape(String(scalar)))
            }
            return .set([scalar.value...scalar.value], negated: false)
        }

        static let digits: [ClosedRange<UInt32>] = [0x30...0x39]
        static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
        static let space: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20]

        static func named(_ scalar: Unicode.Scalar) -> CharacterTest? {
            switch scalar {
            case "d": return .set(digits, negated: false)
            case "D": return .set(digits, negated: true)
            case "w": return .set(word, negated: false)
            case "W": return .set(word, negated: true)
            case "s": return .set(space, negated: false)
            case "S": return .set(space, negated: true)
            default: return nil
            }
        }

        /// One member of a `[ ]` class: a character (escaped or not) or a named set such as `\d`.
        enum ClassMember {
            case scalar(Unicode.Scalar)
            case named(Unicode.Scalar, CharacterTest)
        }

        /// Reads the class member at `index`, the `\` of an escape included; nil when a lone `\` ends the pattern.
        mutating func parseClassMember() -> ClassMember? {
            var scalar = scalars[index]
            index += 1
            guard scalar == "\\" else { return .scalar(scalar) }
            guard index < scalars.count else { return nil }
            scalar = scalars[index]
            index += 1
            return Self.named(scalar).map { .named(scalar, $0) } ?? .scalar(scalar)
        }

        mutating func parseClass() throws(Refusal) -> CharacterTest {
            var negated = false
            if index < scalars.count, scalars[index] == "^" {
                negated = true
                index += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            var first = true
            while index < scalars.count, scalars[index] != "]" || first {
                first = false
                guard let member = parseClassMember() else { break }
                let low: Unicode.Scalar
                switch member {
                case .scalar(let scalar): low = scalar
                case .named(let name, let test):
                    guard case .set(let named, false) = test else {
                        throw Refusal(.namedClassInClass(String(name)))
                    }
                    ranges += named
                    continue
                }
                if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                    index += 1
                    guard let end = parseClassMember() else { break }
                    let high: Unicode.Scalar
                    switch end {
                    case .scalar(let scalar): high = scalar
                    case .named(let name, _):
                        throw Refusal(.rangeEndsInNamedClass(String(name)))
                    }
                    guard low.value <= high.value else {
                        throw Refusal(.rangeOutOfOrder(low: String(low), high: String(high)))
                    }
                    ranges.append(low.value...high.value)
                } else {
                    ranges.append(low.value...low.value)
                }
            }
            guard index < scalars.count else { throw Refusal(.unclosedClass) }
            index += 1
            return .set(ranges, negated: negated)
        }
    }
}
