import ArgumentParser
import Foundation
import TodoCore

/// `--export FORMAT [--output PATH] [--filter EXPR]`: writes the list without touching the
/// terminal, so it works in pipes and without `TERM`. Without `--export`, `--filter` is the
/// interactive list's opening filter.
struct ExportOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write the list as json, csv, markdown, ics, vdir, todotxt or taskwarrior, then exit.", valueName: "format")
    )
    var export: String?

    @Option(
        help: ArgumentHelp(
            "Write the export to this file (replaced atomically) or, for vdir, this folder; default: standard output.",
            valueName: "path"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "With --export, export only items matching this filter; without it, open the list with this filter "
                + "applied.",
            valueName: "expr"))
    var filter: String?

    @Option(
        help: ArgumentHelp(
            "With --export, export only the to-dos of this list; without it, open the interactive list on this list.",
            valueName: "name"))
    var list: String?

    /// Exports per the options, reading the store of `storeOptions`.
    /// - Throws: `CLIError`.
    func run(storeOptions: StoreOptions) throws {
        guard let export else { return }
        let format = try CLIError.wrapping { () throws(ExchangeError) in try ExportFormat.parse(export) }
        let result: ExportOutput
        // The whole store as JSON is, for a compacted store this program wrote, the store file
        // itself but for the generation: copied without decoding an item when the file proves
        // to be exactly that; otherwise (and for every error) the usual path below.
        if format == .json, filter == nil, list == nil,
            let bytes = try storeOptions.makeStore().passthroughJSONExport(for: FetchRequest())
        {
            result = .file(bytes)
        } else {
            let (items, lists) = try storeOptions.withContext { context in
                let lists = try context.lists()
                let predicate = try ListOption.narrowing(
                    FilterOption.predicate(filter, calendar: storeOptions.calendar, lists: lists), toList: list,
                    in: lists)
                return (try context.fetch(FetchRequest(predicate: predicate)), lists)
            }
            let only = try list.map { name throws(CLIError) in try ListOption.list(named: name, in: lists) }
            result = format.export(
                items, lists: lists, only: only, now: CLIClock.now, calendar: storeOptions.calendar)
        }
        switch (result, output) {
        case (_, let path?):
            try CLIError.wrapping { () throws(ExchangeError) in try result.write(to: path) }
        case (.file(let bytes), nil):
            TerminalOutput.writeExport(bytes)
        case (.directory, nil):
            throw CLIError.usage("The vdir format writes one file per item; give the folder with --output.")
        }
    }
}
