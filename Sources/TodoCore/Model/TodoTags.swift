/// An ordered set of tags: words in the order they were added, each once.
///
/// Adding a word already present keeps the first occurrence where it is. Tags are compared
/// exactly as stored (case-sensitively); filters match them case-insensitively.
public struct TodoTags: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The longest tag, in characters, that a person may type.
    public static let maximumTagLength = 128

    private var words: [String]
    /// The same words, for O(1) membership: a file may hold any number of tags.
    private var members: Set<String>

    public init() {
        words = []
        members = []
    }

    /// The distinct words of `words`, in order of first occurrence.
    /// - Complexity: O(n) in the number of words.
    public init(_ words: some Sequence<String>) {
        self.init()
        for word in words { insert(word) }
    }

    public static func == (lhs: TodoTags, rhs: TodoTags) -> Bool {
        lhs.words == rhs.words
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words)
    }

    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    public var startIndex: Int { words.startIndex }
    public var endIndex: Int { words.endIndex }
    public subscript(position: Int) -> String { words[position] }

    /// Whether `word` is one of the tags, exactly.
    public func contains(_ word: String) -> Bool {
        members.contains(word)
    }

    /// Adds `word` at the end unless it is already a tag.
    /// - Returns: whether it was added.
    @discardableResult
    public mutating func insert(_ word: String) -> Bool {
        guard members.insert(word).inserted else { return false }
        words.append(word)
        return true
    }

    /// Removes `word` if it is a tag.
    /// - Returns: whether it was removed.
    @discardableResult
    public mutating func remove(_ word: String) -> Bool {
        guard members.remove(word) != nil, let index = words.firstIndex(of: word) else { return false }
        words.remove(at: index)
        return true
    }

    /// The three-way merge of two changes to `base`: every tag either side added, less every
    /// tag either side removed, in `kept`'s order followed by `other`'s additions. A tag added
    /// on one side and another added elsewhere are both kept.
    /// - Complexity: O(n) in the number of tags.
    public static func merging(base: TodoTags, kept: TodoTags, other: TodoTags) -> TodoTags {
        var merged = TodoTags()
        for tag in kept where other.contains(tag) || !base.contains(tag) {
            merged.insert(tag)
        }
        for tag in other where !base.contains(tag) {
            merged.insert(tag)
        }
        return merged
    }

    /// Checks a tag typed by a person and returns it without a leading `+` or `#`.
    ///
    /// - Throws: `ItemError.invalidTag` when it is empty, holds white space or a control
    ///   character, or is longer than `maximumTagLength` characters.
    /// - Complexity: O(n) in the length of the tag.
    public static func validatedTag(_ raw: String) throws(ItemError) -> String {
        var tag = Substring(raw)
        if let first = tag.first, first == "+" || first == "#" { tag = tag.dropFirst() }
        guard !tag.isEmpty else { throw .invalidTag(raw, problem: "it is empty") }
        if tag.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.isControlCharacter }) {
            throw .invalidTag(raw, problem: "a tag is one word, without spaces or control characters")
        }
        guard tag.count <= maximumTagLength else {
            throw .invalidTag(
                raw, problem: "it is \(tag.count) characters long; at most \(maximumTagLength) are allowed")
        }
        return String(tag)
    }
}
