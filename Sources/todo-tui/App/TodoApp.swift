import Foundation
import TodoCore

/// The interactive to-do list as state and behaviour, without I/O (DESIGN §4.3).
///
/// `handle(_:)` takes a terminal event, changes the state and returns what should happen beyond
/// it (`AppEffect`: save, sync, write a copy, quit), which the run loop performs, telling the
/// app how it went (`saveFailed(_:)`, `handle(_: SyncEvent)`, …); `render(into:)` draws the
/// whole screen. The app holds no process or file handle. Model changes go through the context,
/// whose processed batches reach the table through the fetched-results controller and
/// `TableUpdateDriver` — so every change animates exactly as the controller reports it.
final class TodoApp {
    /// The smallest terminal the list can be drawn in.
    static let minimumSize = TerminalSize(rows: 4, columns: 20)

    let context: TodoContext
    let controller: FetchedResultsController
    let table: TableView
    let calendar: Calendar
    /// The keys, look, clock, day headers and opening order in force.
    let configuration: Configuration
    /// The key table `?` shows, with the keys in force.
    let helpOverlay: HelpOverlay
    private(set) var now: Date
    var mode = AppMode.browse
    var status: StatusMessage?
    private(set) var size: TerminalSize
    /// The live filter's text; empty when the list is unfiltered.
    var filterText = ""
    /// The list on view (its to-dos only, the controller's request says `list:`); nil: All lists.
    var viewedListID: UUID?
    /// The order the controller's request sorts by; `o` cycles it.
    var listOrder: ListOrder
    /// Batches the table could not apply (it reloaded instead).
    let tableLog = TableUpdateLog()
    /// The scratch pad of the open line or notes editor: a child of `context`, holding the item
    /// as it was when the editor opened. Enter pushes the edit into `context` (settling a change
    /// made elsewhere meanwhile by the merge policy); Esc discards it. Nil when no editor is open
    /// and no editor conflict awaits the user.
    var editorContext: TodoContext?
    /// The background sync as the run loop reported it (`handle(_: SyncEvent)`).
    var sync = SyncStatus()
    /// Whether the conflicts shown came from a sync (settled by another sync, not a save).
    var resolvingSyncConflicts = false
    /// Reminders that went off while the list is open, shown on the status line first to last
    /// until dismissed or snoozed (`alarmsWentOff(_:)`).
    var shownAlarms: [AlarmSchedule.Due] = []
    /// Set when a quit was refused because a change could not be saved; the next key, if it is
    /// a quit again, confirms.
    private(set) var quitConfirmationPending = false

    let dataSource: ItemTableDataSource
    let driver: TableUpdateDriver
    /// The snapshot built after the last filter keystroke, with the driver's report count then:
    /// while no change was reported since, it is the controller's current snapshot, and the
    /// next keystroke need not build it again. Only kept when it was built: a keystroke whose
    /// change is too large to animate builds none.
    var requestSnapshot: (snapshot: DiffableSnapshot<String, UUID>, reportCount: Int)?

    /// - Parameters:
    ///   - context: the root context on the user's store, already able to read it.
    ///   - calendar: days and titles; the executable passes the user's (its weeks starting on
    ///     the configured day), tests a fixed one.
    ///   - now: the current instant; `tick(now:)` moves it.
    ///   - size: the terminal size.
    ///   - animations: whether table updates animate.
    ///   - configuration: the keys, look, clock, day headers and opening order.
    /// - Throws: the context's `StoreError` when the store cannot be read.
    init(
        context: TodoContext,
        calendar: Calendar,
        now: Date,
        size: TerminalSize,
        animations: Bool = true,
        configuration: Configuration = .standard
    ) throws {
        self.context = context
        self.calendar = calendar
        self.now = now
        self.size = size
        self.configuration = configuration
        helpOverlay = HelpOverlay(keys: configuration.keys, editorKeys: configuration.editorKeys)
        listOrder = configuration.order
        controller = FetchedResultsController(
            fetchRequest: FetchRequest(sortDescriptors: configuration.order.sortDescriptors(calendar: calendar)),
            context: context,
            sectionKey: .day,
            calendar: calendar,
            now: now,
            titleFormat: configuration.dayTitles
        )
        dataSource = ItemTableDataSource(
            controller: controller, now: now, calendar: calendar, theme: configuration.theme,
            clock: configuration.clock)
        table = TableView(dataSource: nil, width: size.columns, height: max(1, size.rows - 2)) { [tableLog] in
            tableLog.record($0)
        }
        table.headerStyle.foreground = configuration.theme.color(.header)
        table.selectionColor = configuration.theme.color(.selection)
        driver = TableUpdateDriver(table: table)
        table.animationsEnabled = animations
        try controller.performFetch()
        controller.delegate = driver
        table.dataSource = dataSource
        table.reloadData()
        selectToday()
        followLists()
    }

    /// The list's keys in force.
    var keys: KeyMap { configuration.keys }

    /// True while the table is playing an animation; the run loop then draws frames.
    var isAnimating: Bool { table.isAnimating }

    /// Shows the next animation frame.
    func advanceAnimation() {
        table.advanceAnimation()
    }

    /// The item under the selection, if any.
    var selectedItem: TodoItem? {
        table.selectedIndexPath.map(controller.item(at:))
    }

    // MARK: Events

    /// Reacts to one terminal event.
    /// - Returns: the effects to perform, in order.
    func handle(_ event: TerminalEvent) -> [AppEffect] {
        switch event {
        case .resize(let newSize):
            resize(to: newSize)
            return []
        case .mouse(let mouse):
            handleMouse(mouse)
            return []
        case .key(let key):
            // A key may have added, renamed or deleted a list: the title and rows follow.
            defer { followLists() }
            status = nil
            if keys.command(for: key) != .quit {
                quitConfirmationPending = false
            }
            switch mode {
            case .browse: return handleBrowse(key)
            // The editor is taken out of `mode` while it handles the key (each handler puts it
            // back or leaves the mode): left there too, it would copy its whole text on every
            // key, O(n) per key.
            case .editing(var editor, let purpose):
                mode = .browse
                return handleEditing(key, editor: &editor, purpose: purpose)
            case .filtering(var editor):
                mode = .browse
                return handleFiltering(key, editor: &editor)
            case .notes(var editor, let id, let confirmingDiscard):
                mode = .browse
                return handleNotes(key, editor: &editor, id: id, confirmingDiscard: confirmingDiscard)
            case .help(let firstLine): return handleHelp(key, firstLine: firstLine)
            case .resolving(let conflicts): return handleResolving(key, conflicts: conflicts)
            case .pickingList(var picker):
                mode = .browse
                return handlePicking(key, picker: &picker)
            }
        }
    }

    /// The clock moved: at a new day, relative titles and "Today" are recomputed (and animate);
    /// a shown to-do whose start has come is drawn as ready.
    func tick(now newNow: Date) {
        let dayChanged = !calendar.isDate(newNow, inSameDayAs: now)
        let before = now
        now = newNow
        dataSource.now = newNow
        if dayChanged {
            // Before the controller reports the new day: the rows it reloads are then drawn
            // with their overdue marks and start labels as of the new day.
            dataSource.startOfToday = calendar.startOfDay(for: newNow)
            controller.dayDidChange(now: newNow)
        }
        let started = table.indexPathsForVisibleRows.filter { path in
            controller.item(at: path).start.map { $0 > before && $0 <= newNow } ?? false
        }
        if !started.isEmpty {
            table.performBatchUpdates { table.reloadRows(at: started, with: .none) }
        }
    }

    /// A save failed. Conflicts the merge policy left open are shown to the user to decide;
    /// otherwise the change stays in the context (and on screen) and is saved with the next one,
    /// and the user sees why.
    func saveFailed(_ error: any Error) {
        if case SaveError.conflicts(let conflicts) = error {
            editorContext = nil
            mode = .resolving(conflicts)
            return
        }
        // The instruction first: a long reason is cut at the screen's edge.
        let copy = keys.phrase(.copy, "writes the whole list to a new file").map { "; \($0)" } ?? ""
        status = .error("Not saved: kept, and saved with the next change\(copy). \(error)")
    }

    /// Quitting found a change that cannot be saved: a conflict is shown to decide (no quit);
    /// any other failure is said, and the quit goes ahead only if the user asks again at once.
    /// - Returns: whether to quit now, losing the change.
    func quitsDespiteUnsavedChange(_ error: any Error) -> Bool {
        if case SaveError.conflicts = error {
            saveFailed(error)
            return false
        }
        if quitConfirmationPending { return true }
        quitConfirmationPending = true
        // The instruction first: a long reason is cut at the screen's edge.
        let quit = keys.label(.quit).map { "press \($0) again to quit without \(unsavedChangesPhrase), " } ?? ""
        let copy = keys.phrase(.copy, "to write the list to a new file first, ") ?? ""
        status = .error("Not saved — \(quit)\(copy)any other key to stay. \(error)")
        return false
    }

    /// "your unsaved change" or "your 4 unsaved changes": one change per to-do added, changed
    /// or deleted since the last save (several edits of one to-do are one change to it).
    var unsavedChangesPhrase: String {
        let count = unsavedChangeCount
        return count == 1 ? "your unsaved change" : "your \(CountFormat.grouped(count)) unsaved changes"
    }

    /// One change per to-do added, changed or deleted since the last save.
    var unsavedChangeCount: Int {
        context.insertedItems.count + context.updatedItems.count + context.deletedItems.count
    }

    /// True while a conflict waits for the user's choice; nothing is saved or merged meanwhile.
    var isResolvingConflict: Bool {
        if case .resolving = mode { true } else { false }
    }

    /// Shows a message from the run loop, e.g. about changes merged from another process.
    func show(_ message: StatusMessage) {
        status = message
    }

    private func resize(to newSize: TerminalSize) {
        size = newSize
        table.setSize(width: newSize.columns, height: max(1, newSize.rows - 2))
        followLists()
    }

    private func handleMouse(_ mouse: MouseEvent) {
        guard mode == .browse else { return }
        switch mouse.kind {
        case .wheelUp: table.selectPrevious()
        case .wheelDown: table.selectNext()
        case .click:
            let line = table.contentOffset + mouse.position.row - 1
            guard line >= 0, line < table.layout.lineCount else { return }
            if case .row(let path) = table.layout.content(atLine: line) {
                table.selectRow(at: path)
            }
        }
    }

    /// Puts the selection on the first item of today or later, else the last item.
    private func selectToday() {
        let today = calendar.startOfDay(for: now)
        // The items without a date come after the days: the first of them if no day is left.
        let firstFromToday = (0..<controller.numberOfSections).first { section in
            controller.numberOfItems(inSection: section) > 0
                && controller.item(at: IndexPath(item: 0, section: section)).date.map { $0 >= today } ?? true
        }
        if let section = firstFromToday {
            table.selectRow(at: IndexPath(item: 0, section: section))
        } else {
            table.selectLast()
        }
    }
}
