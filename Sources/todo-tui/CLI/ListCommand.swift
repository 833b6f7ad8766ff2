import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui list [--filter EXPR] [--json]`: prints the items in list order.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the to-dos, grouped by day, or as JSON."
    )

    @Option(help: ArgumentHelp("Only items matching this filter, e.g. \"milk color:red done:no date>=2025-01-01\".", valueName: "expr"))
    var filter: String?

    @Flag(help: "Print a JSON array of items (the store's item format) instead of text.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    // The root command's `--filter` (for `--export`) claims the option when both define it.
    @ParentCommand var root: TodoTUICommand

    func run() throws {
        try refuseRootOnlyOptions()
        let request = try FetchRequest(predicate: FilterOption.predicate(filter ?? root.exportOptions.filter))
        let items = try storeOptions.withContext { try $0.fetch(request) }
        if json {
            FileHandle.standardOutput.write(Data(StoreEncoder.encodeItemArray(items)))
        } else {
            print(ItemListFormatter.text(for: items, now: CLIClock.now, calendar: CLIClock.calendar), terminator: "")
        }
    }

    /// The root command's options reach `list` through `@ParentCommand`; those that mean nothing
    /// to a command that only prints are refused rather than silently ignored.
    /// - Throws: `CLIError.usage` naming the first such option.
    private func refuseRootOnlyOptions() throws(CLIError) {
        let given: [(name: String, isGiven: Bool)] = [
            ("--export", root.exportOptions.export != nil),
            ("--output", root.exportOptions.output != nil),
            ("--merge-policy", root.mergeOptions.mergePolicy != nil),
            ("--demo", root.demo),
            ("--no-animation", root.noAnimation),
        ]
        if let option = given.first(where: \.isGiven) {
            throw .usage("\(option.name) does not apply to list; see todo-tui --help.")
        }
    }
}
