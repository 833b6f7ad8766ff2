/// Text from outside (the store, an import, another process) made safe and visible for drawing.
///
/// Whatever a text contains, its glyphs never reach the terminal as anything but printable
/// characters, and nothing in it is invisible:
/// - C0 controls become their Control Pictures (ESC is "␛", TAB "␉", CR LF "␍␊"), DEL becomes
///   "␡", so an escape sequence shows as "␛[31m" instead of colouring the screen;
/// - C1 controls (U+0080–U+009F), format characters (zero width space and joiners, word joiner,
///   BOM, soft hyphen, the bidi embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069,
///   the marks U+200E/U+200F/U+061C), line and paragraph separators, and any other cluster that
///   would take no column become U+FFFD "�", one per cluster, so a run of ten zero-width spaces
///   shows as ten of them and a right-to-left override cannot reorder what follows;
/// - tag characters (U+E0000–U+E007F), which attach invisibly to the character before them and
///   can carry a hidden text, become one "�" each after that character ("safe" + tags + "end"
///   shows "safe���end"); only an emoji tag sequence (a subdivision flag such as 🏴 + tags +
///   CANCEL TAG) keeps them, as the flag it draws;
/// - a combining mark with nothing to combine with (at the start of a text) is shown on U+25CC
///   "◌", as Unicode charts show marks;
/// - a cluster of more than `maximumScalarsPerCluster` scalars ("Zalgo" stacks of marks, long
///   runs of joiners after a letter) keeps its first `maximumScalarsPerCluster`.
/// Everything else, CJK, emoji, accents and scripts of the world, is kept as it is.
///
/// Every glyph is one or two columns wide, so the width of a text is the sum over its glyphs.
/// Glyphs are produced lazily: drawing or measuring the visible part of a 10,000-character line
/// looks at the visible part only.
enum InertText {
    /// One cell's content: a grapheme cluster and its width in columns, 1 or 2.
    ///
    /// Glyphs come only from `InertText`, so a glyph's width is always its character's.
    struct Glyph: Equatable, Sendable {
        let character: Character
        let width: Int

        fileprivate init(character: Character, width: Int) {
            self.character = character
            self.width = width
        }

        /// A blank.
        static let space = Glyph(character: " ", width: 1)
        /// The mark of clipped text.
        static let ellipsis = Glyph(character: "…", width: 1)
    }

    /// The most scalars a cluster keeps; RGI emoji sequences have at most 10.
    static let maximumScalarsPerCluster = 32

    /// The glyph for a character that has no visible form of its own.
    static let replacement: Character = "\u{FFFD}"

    /// The glyphs of `text`, lazily.
    static func glyphs<Text: StringProtocol>(_ text: Text) -> Glyphs<Text> {
        Glyphs(characters: text.makeIterator())
    }

    /// The columns `text` takes when drawn, counting at most up to `limit`.
    ///
    /// Stops reading as soon as the width reaches `limit`, so it is cheap on very long lines.
    /// - Returns: the width, or a value of at least `limit` when the text is at least that wide.
    /// - Complexity: O(k) for the k characters needed to reach `limit` (all of them if fewer).
    static func width<Text: StringProtocol>(of text: Text, limit: Int = .max) -> Int {
        var total = 0
        var iterator = glyphs(text)
        while total < limit, let glyph = iterator.next() {
            total += glyph.width
        }
        return total
    }

    /// The glyph a character is drawn as.
    ///
    /// A control cluster of several scalars (CR LF is the only one) is drawn as one picture per
    /// scalar; this returns the first, and `glyphs(_:)` produces all of them.
    static func glyph(of character: Character) -> Glyph {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii != 0x7F {
            return Glyph(character: character, width: 1)
        }
        guard let first = character.unicodeScalars.first else {
            return Glyph(character: replacement, width: 1)
        }
        if isControl(first) {
            return Glyph(character: controlPicture(of: first), width: 1)
        }
        switch first.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator:
            return Glyph(character: replacement, width: 1)
        case .nonspacingMark, .enclosingMark:
            // U+25CC and the marks form one cluster (marks extend anything); `first` only guards.
            let shown = ("\u{25CC}" + String(capped(character))).first ?? replacement
            return Glyph(character: shown, width: 1)
        default:
            let width = DisplayWidth.of(character)
            guard width > 0 else {
                return Glyph(character: replacement, width: 1)
            }
            return Glyph(character: capped(character), width: width)
        }
    }

    /// A lazy sequence of the glyphs of a text.
    struct Glyphs<Text: StringProtocol>: Sequence, IteratorProtocol {
        fileprivate var characters: Text.Iterator
        /// The scalars of a multi-scalar control cluster still to be pictured.
        private var pendingControls: String.UnicodeScalarView.Iterator?
        /// How many tag characters of the last cluster are still to be shown as "�".
        private var pendingTags = 0

        fileprivate init(characters: Text.Iterator) {
            self.characters = characters
        }

        mutating func next() -> Glyph? {
            if let scalar = pendingControls?.next() {
                return Glyph(character: controlPicture(of: scalar), width: 1)
            }
            pendingControls = nil
            if pendingTags > 0 {
                pendingTags -= 1
                return Glyph(character: replacement, width: 1)
            }
            guard let character = characters.next() else {
                return nil
            }
            let scalars = character.unicodeScalars
            if let first = scalars.first, isControl(first), scalars.count > 1 {
                pendingControls = String(character).unicodeScalars.makeIterator()
                return next()
            }
            if let (base, tags) = splitTags(character) {
                pendingTags = tags
                return base.map(glyph(of:)) ?? next()
            }
            return glyph(of: character)
        }
    }

    /// Whether `scalar` is in the Tags block (U+E0000–U+E007F).
    private static func isTag(_ scalar: Unicode.Scalar) -> Bool {
        (0xE0000...0xE007F).contains(scalar.value)
    }

    /// For a cluster holding tag characters, other than an emoji tag sequence: the cluster
    /// without them (`nil` when nothing else is left) and how many there were. `nil` for any
    /// other cluster.
    fileprivate static func splitTags(_ character: Character) -> (base: Character?, tags: Int)? {
        let scalars = character.unicodeScalars
        // Cheap exit for the common case: a tag takes four UTF-8 bytes, so ASCII has none.
        guard character.utf8.count >= 4, scalars.contains(where: isTag) else {
            return nil
        }
        if scalars.first?.value == 0x1F3F4, scalars.last?.value == 0xE007F, scalars.dropFirst().allSatisfy(isTag) {
            return nil
        }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.filter { !isTag($0) })
        let tags = scalars.filter(isTag).count
        return (String(kept).first, tags)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// U+2400–U+241F for C0, U+2421 for DEL, U+FFFD for C1 (which has no pictures).
    private static func controlPicture(of scalar: Unicode.Scalar) -> Character {
        let value = scalar.value
        if value < 0x20, let picture = Unicode.Scalar(0x2400 + value) {
            return Character(picture)
        }
        return value == 0x7F ? "\u{2421}" : replacement
    }

    /// The character, or its first `maximumScalarsPerCluster` scalars when it has more.
    private static func capped(_ character: Character) -> Character {
        // Every scalar takes at least one UTF-8 byte, so short clusters need no count.
        guard character.utf8.count > maximumScalarsPerCluster,
            character.unicodeScalars.count > maximumScalarsPerCluster
        else {
            return character
        }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: character.unicodeScalars.prefix(maximumScalarsPerCluster))
        return String(kept).first ?? replacement
    }
}
