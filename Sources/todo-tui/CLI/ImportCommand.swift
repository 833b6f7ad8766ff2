import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui import FILE [--format FORMAT]`: merges a file (or a vdir folder) into the store.
///
/// Items are matched by id, UID or uuid, so importing the same file twice changes nothing the
/// second time and a changed item is updated. The whole file is read and checked first; a
/// malformed file changes nothing. Prints what it did.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import to-dos from a json, csv, markdown, ics, vdir, todotxt or taskwarrior file."
    )

    @Argument(help: "The file, or the folder of .ics files for vdir.")
    var file: String

    @Option(help: ArgumentHelp("The file's format (default: from its extension or content).", valueName: "format"))
    var format: String?

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var mergeOptions: MergePolicyOption

    func run() throws {
        let policy = try mergeOptions.policy(or: .error)
        let input = try CLIError.wrapping { () throws(ExchangeError) in try ImportInput.read(path: file) }
        let format = try CLIError.wrapping { () throws(ExchangeError) in try resolveFormat(of: input) }
        let contents = try CLIError.wrapping { () throws(ExchangeError) in
            try format.read(input, now: CLIClock.now, calendar: CLIClock.calendar)
        }
        let (plan, listsBefore, listsAfter) = try storeOptions.withContext(mergePolicy: policy) { context in
            let listsBefore = try context.lists()
            let existing = try context.fetch(FetchRequest())
            let plan = ImportPlan(
                importing: try Self.placing(contents, existing: existing, in: context), into: existing,
                format: format, calendar: CLIClock.calendar)
            for item in plan.insertions {
                try context.insert(item)
            }
            for item in plan.updates {
                try context.update(item.id) { current in
                    // Every field the plan computed; it left alone what the format does not hold.
                    current = item
                }
            }
            return (plan, listsBefore, try context.lists())
        }
        TerminalOutput.say(
            "Imported \(input.name) as \(format.rawValue): \(plan.insertions.count) added, \(plan.updates.count) "
                + "updated, \(plan.unchangedCount) unchanged."
                + Self.listsSentence(added: listsAfter, besides: listsBefore)
        )
    }

    /// The format named by `--format`, else detected from the name or content.
    private func resolveFormat(of input: ImportInput) throws(ExchangeError) -> ExportFormat {
        if let format {
            return try ExportFormat.parse(format)
        }
        return try ExportFormat.detect(input)
    }
}
