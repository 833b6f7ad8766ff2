import Foundation
import TodoCore

/// The settings in force: todo-tui's own, then the locale's week and clock, then the
/// configuration file, then environment variables, then command-line options, each later one
/// winning (`ConfigurationLoader`), with where each value came from (`source(of:)`).
///
/// Every command reads it before it starts: the keys, the look and the defaults of the list;
/// the week, clock and day headers of what the list and `list` print and what `add` and `t`
/// accept. The list a new to-do goes to will join the defaults when the list holds several
/// lists; until then there is no such setting, since it could do nothing.
struct Configuration: Sendable {
    var keys = KeyMap.standard
    var editorKeys = EditorKeyMap.standard
    var theme = Theme.standard
    /// The first day of the week: what `next week`, `next mon`…`next sun` and a week of day
    /// headers mean.
    var weekStart = Locale.Weekday.monday
    var clock = ClockStyle.twentyFourHour
    var dayTitles = DayTitleFormat.standard
    /// The order the list opens with and `list` prints in.
    var order = ListOrder.standard
    /// How the interactive list's saves settle another writer's change to the same to-do.
    var mergePolicy = MergePolicy.mergeByPropertyObjectTrump
    /// How `add`, `edit`, `done` and the other commands that write settle it.
    var commandMergePolicy = MergePolicy.error
    /// Seconds between background syncs of the list; 0 syncs only on the sync key.
    var syncInterval: TimeInterval = 300
    var animations = true
    /// The store file the file, `$TODO_TUI_STORE` or `--store` named; nil for the default
    /// location.
    var store: String?
    /// The store's default location, where `store` is nil: written by `config` and
    /// `config defaults`, never read from.
    var defaultStorePath = "~/.local/share/todo-tui/todos.json"
    /// The configuration file in force, read or not (missing at the default location).
    var file: ConfigLocation?
    /// Whether `file` exists and was read.
    var fileWasRead = false
    private var sources: [String: SettingSource] = [:]

    /// Todo-tui's own settings, every one from `.builtIn`.
    static let standard = Configuration()

    /// Where the setting named `path` (`calendar.week-start`, `keys.down`) got its value.
    func source(of path: String) -> SettingSource {
        sources[path] ?? .builtIn
    }

    /// Records where the setting named `path` got its value.
    mutating func setSource(_ source: SettingSource, of path: String) {
        sources[path] = source
    }

    /// `calendar` with weeks starting on `weekStart`.
    func calendar(_ calendar: Calendar) -> Calendar {
        let firstWeekday = Self.foundationWeekday(weekStart)
        // A calendar that already starts weeks there is kept as it is (the autoupdating one
        // stays autoupdating).
        guard calendar.firstWeekday != firstWeekday else { return calendar }
        var calendar = calendar
        calendar.firstWeekday = firstWeekday
        return calendar
    }

    /// Foundation's number of a weekday: 1 is Sunday.
    static func foundationWeekday(_ weekday: Locale.Weekday) -> Int {
        (weekdays.firstIndex(of: weekday) ?? 1) + 1
    }

    /// The weekdays from Sunday, as `Calendar.firstWeekday` counts them.
    static let weekdays: [Locale.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]

    /// Their names as the configuration file writes them (`mon` is read too).
    static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// `weekday`'s name in the configuration file.
    static func weekdayName(_ weekday: Locale.Weekday) -> String {
        weekdayNames[weekdays.firstIndex(of: weekday) ?? 1]
    }
}
