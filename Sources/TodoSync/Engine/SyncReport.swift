import TodoSyncModel

/// What one sync run did, for the CLI's summary line and the app's status line.
public struct SyncReport: Sendable, Hashable {
    /// Items the server added, changed or deleted that were applied here.
    public var pulledAdded = 0
    public var pulledChanged = 0
    public var pulledDeleted = 0
    /// Items this store added, changed or deleted that went to the server.
    public var pushedAdded = 0
    public var pushedChanged = 0
    public var pushedDeleted = 0
    /// Items another device moved to another list that were moved here, and items moved here
    /// that moved on the server.
    public var pulledMoved = 0
    public var pushedMoved = 0
    /// The collections gone from the server whose lists stay here, no longer synced (the run
    /// was told to go on with `--yes`); the account drops them.
    public var unlinked: [String] = []
    /// The calendars made on the server for lists made here; the account adds them.
    public var linked: [String] = []
    /// Calendars found in the calendar home that the account did not name yet, each linked to a
    /// list; the account adds them (`added`).
    public var discovered: [String] = []
    /// Calendars deleted on the server because their list was deleted here (empty, or with
    /// `--yes`); the account drops them (`dropped`).
    public var deletedCalendars: [String] = []
    /// Read-only calendars whose list was deleted here: no longer synced, never deleted; the
    /// account drops them (`dropped`).
    public var forgotten: [String] = []
    /// Calendars that may hold more than to-dos (events too) whose list was deleted here: no
    /// longer synced, and kept on the server with everything in them.
    public var keptCalendars: [String] = []
    /// Names of lists for which the server refused a calendar (403) in this run: they stay local.
    public var calendarRefused: [String] = []
    /// Items both sides changed that the merge policy settled.
    public var merged = 0
    /// Texts of items both sides changed that wait, because the policy (`error`) settles nothing.
    public var waitingConflicts: [String] = []
    /// The same conflicts as the server's values, as the sync state keeps them.
    public var waiting: [WaitingConflict] = []
    /// Server resources that could not be read as one to-do, with the reason; left untouched.
    public var unreadable: [String] = []
    /// The hrefs of items outside the collection (listed there by the server, or remembered there
    /// by the state file), each once; never fetched, written or deleted.
    public var outside: [String] = []
    /// Local changes that did not reach the server, each as `'text' (why)`; they go out again on
    /// the next run.
    public var notSent: [String] = []
    /// True when the run saved changes to the local store.
    public var wroteLocally = false
    /// True when the collection had not changed and no listing was fetched.
    public var remoteUnchanged = false

    public init() {}

    /// The calendars the account adds after this run, in the order the state links them.
    public var added: [String] { discovered + linked }

    /// The calendars the account drops after this run.
    public var dropped: [String] { unlinked + deletedCalendars + forgotten + keptCalendars }

    /// True when nothing is left for a person or the next run to do: every local change reached
    /// the server and no conflict waits. A run that is not complete ends with status 75.
    public var isComplete: Bool { notSent.isEmpty && waitingConflicts.isEmpty }

    /// Records `href` as outside the collection, once however often it is met.
    mutating func leaveOutside(_ href: String) {
        if !outside.contains(href) { outside.append(href) }
    }

    /// One line: what moved in each direction, or that nothing did; then what did not, and what
    /// is left alone.
    public var summary: String {
        var parts: [String] = []
        let pulled = [
            (pulledAdded, "added"), (pulledChanged, "changed"), (pulledMoved, "moved"), (pulledDeleted, "deleted"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let pushed = [
            (pushedAdded, "added"), (pushedChanged, "changed"), (pushedMoved, "moved"), (pushedDeleted, "deleted"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        if !pulled.isEmpty { parts.append("from the server: " + pulled.joined(separator: ", ")) }
        if !pushed.isEmpty { parts.append("to the server: " + pushed.joined(separator: ", ")) }
        if merged > 0 { parts.append("\(merged) merged") }
        if !notSent.isEmpty {
            parts.append(
                Self.count(notSent.count, "local change") + " not sent to the server ("
                    + Self.firstFew(notSent) + "); the next sync tries again")
        }
        if !waitingConflicts.isEmpty {
            parts.append(
                Self.count(waitingConflicts.count, "conflict") + " waiting ("
                    + Self.firstFew(waitingConflicts.map { "'\($0)'" }) + ")")
        }
        if !unreadable.isEmpty { parts.append("\(unreadable.count) unreadable on the server, left alone") }
        if !linked.isEmpty {
            parts.append(Self.count(linked.count, "calendar") + " made on the server for lists made here")
        }
        if !unlinked.isEmpty {
            parts.append(
                Self.count(unlinked.count, "calendar") + " gone from the server, its list kept here unsynced ("
                    + Self.firstFew(unlinked) + ")")
        }
        parts += listParts
        if !outside.isEmpty {
            parts.append("\(outside.count) outside the collection, left alone (\(Self.firstFew(outside)))")
        }
        guard !parts.isEmpty else { return "In sync; nothing changed." }
        return (isComplete ? "Synced: " : "Not all synced: ") + parts.joined(separator: "; ") + "."
    }

    /// What the run did with calendars besides making and unlinking them.
    private var listParts: [String] {
        var parts: [String] = []
        if !discovered.isEmpty {
            parts.append(Self.count(discovered.count, "new calendar") + " on the server linked to a list here")
        }
        if !deletedCalendars.isEmpty {
            parts.append(
                Self.count(deletedCalendars.count, "calendar") + " deleted on the server, its list deleted here ("
                    + Self.firstFew(deletedCalendars) + ")")
        }
        if !forgotten.isEmpty {
            parts.append(
                Self.count(forgotten.count, "read-only calendar") + " no longer synced, its list deleted here ("
                    + Self.firstFew(forgotten) + ")")
        }
        if !keptCalendars.isEmpty {
            parts.append(
                Self.count(keptCalendars.count, "calendar") + " that may hold events too no longer synced, its list "
                    + "deleted here and the calendar kept on the server (" + Self.firstFew(keptCalendars) + ")")
        }
        if !calendarRefused.isEmpty {
            parts.append(
                "the server refused a calendar for " + Self.firstFew(calendarRefused.map { "'\($0)'" })
                    + ", kept here unsynced (`todo-tui sync --yes` asks again)")
        }
        return parts
    }

    /// "1 conflict", "2 conflicts".
    private static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The first three of `items`, and how many more there are.
    private static func firstFew(_ items: [String]) -> String {
        let shown = items.prefix(3).joined(separator: ", ")
        return items.count > 3 ? shown + " and \(items.count - 3) more" : shown
    }
}
