import Foundation
import TodoCore

/// Shows a fetched-results controller's sections and items in a `TableView`.
///
/// Rows are `  [ ] text` or `  [x] text` (indented under their day): the item's colour on its text, done items dimmed
/// with a
/// tick so they read as finished in any terminal (ncurses has no strikethrough). An overdue
/// item (dated before today, not done; an item without a date never is) reads `! [ ] text`: a
/// red bold `!` and bold text, so the mark survives `NO_COLOR`, where colours are dropped. An
/// item with a time of day (`hasTime`, and not at midnight: `DateInput.hasTime`) shows it before
/// its text: `  [ ] 09:30 Dentist`. An open item whose start is still ahead is dimmed and says
/// when it starts after its tags: `  [ ] Read the book #self · from Tue` (`DayLabel`), unless it
/// starts when it is due.
///
/// The item's priority follows the checkbox as `!!!` (high), `!! ` (medium) or `!  ` (low) and a
/// space, in bold: after the checkbox, never before it, so it cannot be read as the overdue
/// mark, which is the only thing left of it; padded to three columns so texts of one day line
/// up. Tags follow the text, dimmed, as `#work #home`; then `✎` when the item has notes and `↻`
/// when it repeats (`TodoItem.repeats`); `*` and `~` with the
/// theme's ASCII marks. Every marker is a character, so all survive `NO_COLOR`:
/// `! [ ] !!! 09:30 Call the bank #work ✎ ↻`. In the All lists view of several lists the row
/// names its list right after the checkbox, by a short name in the list's colour (`ListLabels`):
/// `  [ ] Work   Call the bank`. Colours and the clock are the configuration's
/// (`Theme`, `ClockStyle`). Every call is O(log n) in the number of items, plus O(t) in its
/// tags, so drawing costs the same at any list size.
final class ItemTableDataSource: TableViewDataSource {
    let controller: FetchedResultsController
    /// The start of today: items before it and not done are overdue. The app moves it at midnight.
    var startOfToday: Date
    /// The current instant: an item whose start is after it cannot be started yet. The app moves
    /// it as the clock ticks.
    var now: Date
    /// The calendar whose wall clock times are shown in.
    let calendar: Calendar
    let theme: Theme
    let clock: ClockStyle
    /// The list names rows show after their checkbox (the All lists view of several lists);
    /// nil: rows show no list.
    var listLabels: ListLabels?

    init(
        controller: FetchedResultsController, now: Date, calendar: Calendar, theme: Theme = .standard,
        clock: ClockStyle = .twentyFourHour
    ) {
        self.controller = controller
        self.now = now
        self.startOfToday = calendar.startOfDay(for: now)
        self.calendar = calendar
        self.theme = theme
        self.clock = clock
    }

    func numberOfSections() -> Int {
        controller.numberOfSections
    }

    func numberOfRows(inSection section: Int) -> Int {
        controller.numberOfItems(inSection: section)
    }

    func titleForHeader(inSection section: Int) -> String? {
        controller.sectionTitle(at: section)
    }

    func identityForRow(at indexPath: IndexPath) -> AnyHashable {
        controller.item(at: indexPath).id
    }

    func indexPathForRow(withIdentity identity: AnyHashable) -> IndexPath? {
        (identity.base as? UUID).flatMap(controller.indexPath(forItemWithID:))
    }

    func cellForRow(at indexPath: IndexPath) -> RowCell {
        Self.cell(
            for: controller.item(at: indexPath), startOfToday: startOfToday, now: now, calendar: calendar, theme: theme,
            clock: clock, listLabels: listLabels)
    }

    /// The row of one item; `startOfToday` decides whether it is overdue, `now` whether its start
    /// is ahead, `calendar` and `clock` how its time reads, `theme` its colours and marks; with
    /// `listLabels`, its list's short name follows the checkbox, in the list's colour.
    static func cell(
        for item: TodoItem, startOfToday: Date, now: Date, calendar: Calendar, theme: Theme = .standard,
        clock: ClockStyle = .twentyFourHour, listLabels: ListLabels? = nil
    ) -> RowCell {
        let overdue = !item.isDone && (item.date.map { $0 < startOfToday } ?? false)
        let waiting = !item.isDone && item.startsAfter(now)
        let doneColor = theme.color(.done)
        let textColor = item.isDone && doneColor != .default ? doneColor : theme.color(of: item.color)
        let textStyle = CellStyle(
            foreground: textColor, attributes: item.isDone || waiting ? .dim : overdue ? .bold : [])
        var spans: [RowCell.Span] = []
        if overdue {
            spans.append(RowCell.Span("! ", style: CellStyle(foreground: theme.color(.overdue), attributes: .bold)))
            spans.append(RowCell.Span("[ ] "))
        } else {
            spans.append(
                RowCell.Span(item.isDone ? "  [x] " : "  [ ] ", style: CellStyle(attributes: item.isDone ? .dim : [])))
        }
        if let label = listLabels?.label(for: item.listID) {
            spans.append(
                RowCell.Span(
                    label.text + " ",
                    style: CellStyle(foreground: theme.color(of: label.color), attributes: item.isDone ? .dim : [])))
        }
        if let marker = priorityMarker(item.priority) {
            spans.append(
                RowCell.Span(
                    marker + " ",
                    style: CellStyle(foreground: theme.color(.priority), attributes: item.isDone ? .dim : .bold)))
        }
        // A whole-day item shows no time even when its day began elsewhere (another zone's
        // midnight is not this one's).
        if item.hasTime, let date = item.date, let time = DateInput.timeOfDay(date, calendar: calendar, clock: clock) {
            spans.append(RowCell.Span(time + " ", style: CellStyle(attributes: item.isDone ? .dim : [])))
        }
        spans.append(RowCell.Span(item.text, style: textStyle))
        if !item.tags.isEmpty {
            spans.append(
                RowCell.Span(
                    " " + item.tags.map { "#" + $0 }.joined(separator: " "),
                    style: CellStyle(foreground: theme.color(.tags), attributes: .dim)))
        }
        if let label = DayLabel.waitingStart(of: item, now: now, calendar: calendar) {
            spans.append(RowCell.Span(" · " + label, style: CellStyle(attributes: .dim)))
        }
        if !item.notes.isEmpty {
            spans.append(RowCell.Span(" " + theme.marks.notes, style: CellStyle(attributes: item.isDone ? .dim : [])))
        }
        if item.repeats {
            spans.append(
                RowCell.Span(" " + theme.marks.repeats, style: CellStyle(attributes: item.isDone ? .dim : [])))
        }
        if !item.alarms.isEmpty {
            spans.append(
                RowCell.Span(" " + theme.marks.reminds, style: CellStyle(attributes: item.isDone ? .dim : [])))
        }
        return RowCell(spans)
    }

    /// `!!!`, `!! ` or `!  ` (three columns, so one day's texts line up); nil for no priority.
    static func priorityMarker(_ priority: TodoPriority) -> String? {
        switch priority {
        case .none: nil
        case .low: "!  "
        case .medium: "!! "
        case .high: "!!!"
        }
    }
}
