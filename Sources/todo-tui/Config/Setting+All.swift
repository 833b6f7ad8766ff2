import Foundation
import TodoCore

extension Setting {
    /// Every setting but the keys (`KeyBindingReader` reads `[keys]` and `[keys.editor]`), in
    /// the order `config defaults` writes them.
    static let all: [Setting] = theme + calendar + defaults

    private static let theme: [Setting] =
        [
            choice(
                "theme", "marks",
                [
                    "The marks after a to-do: \"unicode\" (✎ notes, ↻ repeats) or \"ascii\" (* and ~), for",
                    "terminals or fonts without those glyphs.",
                ], choices: Theme.Marks.allCases.map(\.rawValue),
                read: { $1.theme.marks = Theme.Marks(rawValue: $0) ?? .unicode }, written: { $0.theme.marks.rawValue })
        ]
        + Theme.Part.allCases.map { part in
            color(
                "theme", part.rawValue, ["The colour of \(part.summary)."],
                read: { $1.theme.setColor($0, for: part) }, written: { $0.theme.color(part) })
        }
        + TodoColor.allCases.filter { $0 != .default }.map { item in
            color(
                "theme.colors", item.rawValue, ["What a \(item.rawValue) to-do is drawn in."],
                read: { $1.theme.setColor($0, forItemColor: item) }, written: { $0.theme.color(of: item) })
        }

    private static let calendar: [Setting] = [
        Setting(
            section: "calendar", name: "week-start",
            summary: [
                "The first day of the week: what \"next week\" and \"next mon\"…\"next sun\" mean, and the weeks",
                "of relative-days \"week\". Unset: the locale's (LC_TIME), else monday.",
            ],
            read: { (value, configuration) throws(Problem) in
                let names = Configuration.weekdayNames
                let text = try string(value, expecting: "a day of the week, \(quoted(names))").lowercased()
                guard let index = names.firstIndex(where: { $0 == text || $0.prefix(3) == text }) else {
                    throw Problem(message: "'\(text)' is not a day of the week\(suggestion(for: text, in: names))")
                }
                configuration.weekStart = Configuration.weekdays[index]
            }, written: { quotedString(Configuration.weekdayName($0.weekStart)) }),
        choice(
            "calendar", "clock",
            ["Times on screen and in `list`: \"24-hour\" (14:30) or \"12-hour\" (2:30pm). Unset: the locale's."],
            choices: ClockStyle.allCases.map(\.rawValue),
            read: { $1.clock = ClockStyle(rawValue: $0) ?? .twentyFourHour }, written: { $0.clock.rawValue }),
        Setting(
            section: "calendar", name: "day-header",
            summary: [
                "The day headers: \(DayTitleFormat.tokenList)",
                "and any other text; the year follows a day of another year when the pattern has no {year}.",
            ],
            read: { (value, configuration) throws(Problem) in
                let pattern = try string(value, expecting: "a pattern such as \"{weekday} {day} {month}\"")
                do throws(DayTitleFormat.PatternError) {
                    configuration.dayTitles = try DayTitleFormat(
                        pattern: pattern, relativeDays: configuration.dayTitles.relativeDays)
                } catch {
                    throw Problem(
                        message: "in the pattern, \(error.description)",
                        position: TextPosition(
                            line: value.position.line, column: value.position.column + 1 + error.offset))
                }
            },
            written: { quotedString($0.dayTitles.pattern) }),
        choice(
            "calendar", "relative-days",
            [
                "Which days are named instead: \"near\" (Today, Yesterday, Tomorrow), \"week\" (also this",
                "week's days by name, \"Next Monday\", \"Last Friday\") or \"none\".",
            ], choices: DayTitleFormat.RelativeDays.allCases.map(\.rawValue),
            read: { $1.dayTitles.relativeDays = DayTitleFormat.RelativeDays(rawValue: $0) ?? .near },
            written: { $0.dayTitles.relativeDays.rawValue }),
    ]

    private static let defaults: [Setting] = [
        choice(
            "defaults", "order", ["The order the list opens with and `list` prints in (o cycles the list's)."],
            choices: ListOrder.allCases.map(\.rawValue), read: { $1.order = ListOrder(rawValue: $0) ?? .standard },
            written: { $0.order.rawValue }),
        with(
            choice(
                "defaults", "merge-policy",
                ["How the list's saves settle another program's change to the same to-do."],
                choices: MergePolicy.names, read: { $1.mergePolicy = MergePolicy(name: $0) ?? .error },
                written: { $0.mergePolicy.name }), flag: "--merge-policy"),
        with(
            choice(
                "defaults", "command-merge-policy",
                ["The same for add, edit, done and the other commands that write (error: they fail, exit 75)."],
                choices: MergePolicy.names, read: { $1.commandMergePolicy = MergePolicy(name: $0) ?? .error },
                written: { $0.commandMergePolicy.name }), flag: "--merge-policy"),
        Setting(
            section: "defaults", name: "sync-interval",
            summary: ["Seconds between the list's background syncs, 0 to 86400; 0 syncs only on the sync key."],
            environment: "TODO_TUI_SYNC_INTERVAL",
            read: { (value, configuration) throws(Problem) in
                guard case .integer(let seconds) = value.kind else {
                    throw Problem(message: "expected a number of seconds from 0 to 86400, not \(value.kindName)")
                }
                guard (0...86_400).contains(seconds) else {
                    throw Problem(message: "\(seconds) is not a number of seconds from 0 to 86400")
                }
                configuration.syncInterval = TimeInterval(seconds)
            },
            written: { configuration in
                let seconds = configuration.syncInterval
                return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            }),
        Setting(
            section: "defaults", name: "animations", summary: ["Whether the list animates its changes."],
            environment: "TODO_TUI_NO_ANIMATION", flag: "--no-animation",
            read: { (value, configuration) throws(Problem) in
                guard case .boolean(let on) = value.kind else {
                    throw Problem(message: "expected true or false, not \(value.kindName)")
                }
                configuration.animations = on
            }, written: { String($0.animations) }),
        Setting(
            section: "defaults", name: "store",
            summary: [
                "The store file: an absolute path or one starting with ~/. Unset:",
                "$XDG_DATA_HOME/todo-tui/todos.json, else ~/.local/share/todo-tui/todos.json.",
            ],
            environment: "TODO_TUI_STORE", flag: "--store",
            read: { (value, configuration) throws(Problem) in
                let path = try string(value, expecting: "the path of the store file")
                guard path.hasPrefix("/") || path.hasPrefix("~/") else {
                    throw Problem(
                        message: "'\(path)' is not an absolute path; write the store's path from / or from ~/")
                }
                configuration.store = (path as NSString).expandingTildeInPath
            }, written: { quotedString($0.store ?? $0.defaultStorePath) }),
    ]

    private static func with(_ setting: Setting, flag: String) -> Setting {
        var setting = setting
        setting.flag = flag
        return setting
    }
}
