import Foundation
import TodoCore

/// Finds the item a person meant by a full id or a unique prefix of at least four characters.
enum IDResolver {
    static let minimumPrefixLength = 4

    /// The one item whose id starts with `prefix` (case-insensitive; hyphens optional).
    /// - Throws: `CLIError.idTooShort`, `.unknownID`, or `.ambiguousID` listing the candidates.
    /// - Complexity: O(n) in the number of items.
    static func resolve(_ prefix: String, in items: [TodoItem]) throws(CLIError) -> TodoItem {
        let wanted = normalized(prefix)
        guard wanted.count >= minimumPrefixLength else { throw .idTooShort(prefix) }
        let matches = items.filter { normalized($0.id.uuidString).hasPrefix(wanted) }
        switch matches.count {
        case 0:
            throw .unknownID(prefix)
        case 1:
            return matches[0]
        default:
            let candidates = matches.prefix(5).map { "\(displayID($0.id)) '\($0.text)'" }
            throw .ambiguousID(prefix, candidates: candidates)
        }
    }

    /// The form ids are printed in: lowercase with hyphens.
    static func displayID(_ id: UUID) -> String {
        id.uuidString.lowercased()
    }

    private static func normalized(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "-", with: "")
    }
}
