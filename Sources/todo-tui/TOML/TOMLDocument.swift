/// What a TOML file says, in file order: its table headers and every key with its value, each
/// key by its full dotted path (`[keys.editor]` then `left = "h"` is `keys.editor.left`).
///
/// The reader has already applied TOML's own rules (no key given twice, no table defined twice,
/// no key both a value and a table); what the keys mean is for the reader of the document.
struct TOMLDocument: Sendable, Equatable {
    /// A key or table name: its segments and where each is written. Segments that come from the
    /// table header a key sits under carry the header's positions.
    struct Key: Sendable, Equatable {
        let path: [String]
        let positions: [TextPosition]

        /// The segments joined by dots, each quoted when it is not a bare key (`keys."a b"`).
        var dotted: String {
            path.map { segment in
                let bare = !segment.isEmpty && segment.utf8.allSatisfy(TOMLParser.isBareKeyByte)
                return bare ? segment : "\"" + segment + "\""
            }.joined(separator: ".")
        }

        /// Where the key starts.
        var position: TextPosition { positions.last ?? .start }
    }

    /// One `key = value` line.
    struct Entry: Sendable, Equatable {
        let key: Key
        let value: TOMLValue
    }

    /// The `[table]` headers, in order.
    let tables: [Key]
    /// The keys with values, in order.
    let entries: [Entry]
}
