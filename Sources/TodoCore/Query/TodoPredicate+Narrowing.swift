import Foundation

extension TodoPredicate {
    /// The signature every matching item's text must have: the union of the ASCII needles this
    /// predicate's conjunction asks the text to contain (negated and non-ASCII needles ask for
    /// nothing), or nil when it asks for none.
    /// - Complexity: O(size of the predicate × length of its needles).
    var requiredSignature: TextSignature? {
        let needles = conjuncts.compactMap { condition -> TextSignature? in
            guard case .textContains(let needle) = condition else { return nil }
            return TextSignature(needle: needle)
        }
        return needles.isEmpty ? nil : TextSignature(combining: needles)
    }

    /// The list every matching item belongs to: the id of one of this conjunction's `.list`
    /// conditions (the first), or nil when it has none. A walk of a kept result rules out the
    /// other lists' items by their keys (`SortKey.isInList(_:)`) before evaluating the rest.
    /// - Complexity: O(size of the predicate).
    var listTested: UUID? {
        for condition in conjuncts {
            if case .list(let id) = condition { return id }
        }
        return nil
    }

    /// Whether every item matching this predicate also matches `other`, for every item whose
    /// text an ASCII needle is searched in by bytes (`TextSignature.needsFoundation` false).
    ///
    /// True when each of `other`'s conditions is one of this predicate's, or is a text condition
    /// whose ASCII needle, folded, lies within one of this predicate's ASCII needles: a text
    /// holding "milk" holds "mil". Foundation's search has foldings that span characters
    /// ("ﬁ" holds "fi" but not "f"), so for texts that take it this promises nothing; a caller
    /// narrowing a result must also look at those.
    /// - Complexity: O(c × c') conditions, times the needles' lengths.
    func narrows(_ other: TodoPredicate) -> Bool {
        let mine = conjuncts
        return other.conjuncts.allSatisfy { wanted in
            mine.contains { condition in
                if condition == wanted { return true }
                guard case .textContains(let longer) = condition, case .textContains(let shorter) = wanted,
                    let longer = Self.asciiFolded(longer), let shorter = Self.asciiFolded(shorter)
                else { return false }
                return shorter.isEmpty || longer.contains(shorter)
            }
        }
    }

    /// The operands of a conjunction, the predicate itself otherwise; none for `.all`.
    private var conjuncts: [TodoPredicate] {
        switch self {
        case .all: []
        case .and(let operands): operands
        default: [self]
        }
    }

    /// `text` with ASCII letters lowered, or nil when it is not ASCII.
    private static func asciiFolded(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return text.lowercased()
    }
}
