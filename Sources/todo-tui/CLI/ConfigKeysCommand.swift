import ArgumentParser
import Foundation

/// `todo-tui config keys`: the keys in force, the list's and the editors', each action with its
/// keys as a configuration file names them.
struct ConfigKeysCommand: ParsableCommand, ConfiguredCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Print the keys in force, as the configuration file names actions and keys.")

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let configuration = storeOptions.configuration
        let list = BrowseCommand.allCases.map { ($0.rawValue, configuration.keys.keys(for: $0), $0.summary) }
        let editor = EditorCommand.allCases.map {
            ($0.rawValue, configuration.editorKeys.keys(for: $0), $0.summary)
        }
        print(
            Self.table("[keys] the list", list) + "\n" + Self.table("[keys.editor] the editors", editor), terminator: ""
        )
    }

    /// A heading, then one line per action: name, keys (`j, down`, or `none`), what it does.
    static func table(_ heading: String, _ rows: [(name: String, keys: [Key], summary: String)]) -> String {
        let keyText = rows.map { $0.keys.isEmpty ? "none" : $0.keys.map(\.configurationName).joined(separator: ", ") }
        let nameWidth = rows.map(\.name.count).max() ?? 0
        let keysWidth = keyText.map(\.count).max() ?? 0
        var text = heading + "\n"
        for (row, keys) in zip(rows, keyText) {
            text +=
                "  " + row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + keys.padding(toLength: keysWidth, withPad: " ", startingAt: 0) + "  " + row.summary + "\n"
        }
        return text
    }
}
