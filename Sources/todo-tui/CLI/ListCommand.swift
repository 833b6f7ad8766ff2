import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui list [--filter EXPR] [--list NAME] [--json]`: prints the items in the app's opening order (the
/// configured `order`; by default days oldest first, higher priority first within a day, then by
/// time), with the configured clock and day headers.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the to-dos, grouped by day, or as JSON."
    )

    @Option(
        help: ArgumentHelp(
            "Only items matching this filter, e.g. \"milk color:red done:no date>=2025-01-01\".", valueName: "expr"))
    var filter: String?

    @Option(help: ArgumentHelp("Only the to-dos of this list.", valueName: "name"))
    var list: String?

    @Flag(help: "Print a JSON array of items (the store's item format) instead of text.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let configuration = storeOptions.configuration
        let calendar = storeOptions.calendar
        let items = try storeOptions.withContext { context in
            let lists = try context.lists()
            let predicate = try ListOption.narrowing(
                FilterOption.predicate(filter, calendar: calendar, lists: lists), toList: list, in: lists)
            return try context.fetch(
                FetchRequest(
                    predicate: predicate, sortDescriptors: configuration.order.sortDescriptors(calendar: calendar))
            )
        }
        if items.isEmpty {
            // Said on stderr: stdout stays the (empty) listing for scripts; not an error.
            CommandReport.note(filter.map { "No to-dos match '\($0)'." } ?? "No to-dos yet.")
        }
        if json {
            FileHandle.standardOutput.write(Data(StoreEncoder.encodeItemArray(items)))
        } else {
            print(
                ItemListFormatter.text(for: items, now: CLIClock.now, calendar: calendar, configuration: configuration),
                terminator: "")
        }
    }
}
