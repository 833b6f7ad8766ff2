/// One line of the key table: one or more commands described together ("next / previous
/// item"), each with its keys, the first of which is its main one.
struct KeyMapLine: Sendable {
    /// The commands in the order the line names them, each with its keys.
    let bindings: [(command: BrowseCommand, keys: [Key])]
    /// What the commands do.
    let action: String

    /// - Parameters:
    ///   - action: what the commands do.
    ///   - bindings: each command with its keys' names as `Key.parse` reads them and a
    ///     configuration file writes them (`j`, `down`, `ctrl-r`, `space`, `pgdn`). A name that
    ///     is no key is a precondition failure.
    init(_ action: String, _ bindings: [(BrowseCommand, [String])]) {
        self.action = action
        self.bindings = bindings.map { command, names in
            (
                command,
                names.map { name in
                    guard let key = Key.parse(name) else { preconditionFailure("'\(name)' is not a key name.") }
                    return key
                }
            )
        }
    }

    /// The keys as the key table shows them: one command's two spaces apart ("x  Space");
    /// several commands' by rank, the first key of each, then the second of each ("j k  ↓ ↑").
    /// - Complexity: O(keys).
    var keysLabel: String {
        guard bindings.count > 1 else {
            return bindings.first.map { $0.keys.map(\.label).joined(separator: "  ") } ?? ""
        }
        let ranks = bindings.map(\.keys.count).max() ?? 0
        return (0..<ranks).map { rank in
            bindings.compactMap { rank < $0.keys.count ? $0.keys[rank].label : nil }.joined(separator: " ")
        }.joined(separator: "  ")
    }
}
