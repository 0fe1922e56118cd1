// MARK: - Why a `_like` pattern is refused, as facts

/// What puts a `_like` pattern outside the subset `SafePattern` matches without backtracking: the facts a
/// teaching answer (``Teaching``) carries and each language's table writes; `SafePattern.Problem` names it too.
enum PatternProblem: Sendable, Equatable {
    /// Longer than `limit` characters.
    case tooLong(limit: Int)
    /// A `)` without its `(`.
    case unmatchedClose
    /// Groups nested deeper than `limit`.
    case nestedTooDeep(limit: Int)
    /// `??`, `*?` or `+?`.
    case lazyQuantifier
    /// `{m,n}`.
    case countedRepetition
    /// `*`, `+` or `?` with nothing before it.
    case nothingToRepeat(String)
    /// `(?=`, `(?!`, `(?<`.
    case lookaround
    /// A `(` without its `)`.
    case unclosedGroup
    /// A `\` at the end.
    case loneBackslash
    /// An escape other than `\d \w \s` (and their capitals) or a punctuation mark.
    case unsupportedEscape(String)
    /// `\D`, `\W` or `\S` inside `[ ]`.
    case namedClassInClass(String)
    /// A range of `[ ]` ending in `\d` or another class.
    case rangeEndsInNamedClass(String)
    /// A range of `[ ]` whose ends are the wrong way round.
    case rangeOutOfOrder(low: String, high: String)
    /// A `[` without its `]`.
    case unclosedClass
}
