import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui edit ID [TEXT] [--date DATE] [--start DATE] [--color COLOR] [--priority P] [--tag T]… [--untag T]…
/// [--note TEXT]`: changes an item's text, date, colour, priority, tags or notes (at least one).
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a to-do's text, date, start, colour, priority, tags or notes.")

    @OptionGroup var item: ItemReference

    @Argument(help: "The new text (one line).")
    var text: String?

    @OptionGroup var fields: ItemFieldOptions

    @Option(name: .customLong("untag"), help: ArgumentHelp("A tag to remove; repeatable.", valueName: "tag"))
    var untags: [String] = []

    func run() throws {
        guard text != nil || !fields.isEmpty || !untags.isEmpty else {
            throw CLIError.usage(
                "Nothing to change; give a new text, --date, --start, --color, --priority, --tag, --untag, --note, "
                    + "--repeat or --remind.")
        }
        // Every field is checked before the store is read.
        let calendar = item.storeOptions.calendar
        let input = try fields.input(text: text, untags: untags, calendar: calendar)
        let date = fields.date
        let reminders = try fields.alarmRequests()
        let (edited, changed) = try item.withResolvedItem { (context, found) throws -> (TodoItem?, Bool) in
            // A day alone keeps a timed to-do's time of day (`DateInput.redated`).
            let newDate = try date.map { typed throws(CLIError) -> ItemDate? in
                guard !DateInput.namesNoDate(typed) else { return nil }
                do throws(ItemError) {
                    return try DateInput.redated(found.dueDate, to: typed, now: CLIClock.now, calendar: calendar)
                } catch {
                    throw .invalidInput(error)
                }
            }
            func edit(_ item: inout TodoItem) {
                item.text = input.text ?? item.text
                if let newDate { item.dueDate = newDate }
                item.color = input.color ?? item.color
                input.applyDetails(to: &item, calendar: calendar)
            }
            var draft = found
            edit(&draft)
            let alarms = try ItemFieldOptions.applying(reminders, to: draft, calendar: calendar).alarms
            draft.alarms = alarms
            // An edit that changes nothing is not saved, and says so: "Changed" would be untrue.
            guard !draft.hasSameContent(as: found) else { return (found, false) }
            try context.update(found.id) { item in
                edit(&item)
                item.alarms = alarms
            }
            return (try context.item(with: found.id), true)
        }
        if let edited, !changed {
            CommandReport.say("Unchanged", edited.text, suffix: ": it already is as given.")
        } else if let edited {
            CommandReport.say("Changed", edited.text)
            let orphans = edited.alarmsWithoutAnchor.count
            if orphans > 0 {
                CommandReport.note(
                    "It keeps \(orphans == 1 ? "a reminder" : "\(orphans) reminders") counting from a date it no longer "
                        + "has, which will not go off until it has one again (--remind none removes them).")
            }
        }
    }
}
