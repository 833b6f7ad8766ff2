/// Writes configurations as TOML files that todo-tui reads back: `config defaults` (every
/// setting at its built-in value, commented out, with what it does) and `config` (the settings
/// in force, each with where its value came from).
enum ConfigWriter {
    /// The file `todo-tui config defaults` prints, which the docs include: every setting, in
    /// the order of `Setting.sections`, as a comment line (`# name = value`) under its
    /// description, so that the file as printed changes nothing and a setting is changed by
    /// removing its `# `.
    static var defaultsFile: String {
        var lines = [
            "# todo-tui's configuration file: every setting, at its built-in value.",
            "#",
            "# Save this as ~/.config/todo-tui/config.toml ($XDG_CONFIG_HOME/todo-tui/config.toml when that is",
            "# set, or name a file with --config PATH or $TODO_TUI_CONFIG); then remove the \"# \" before a",
            "# setting to change it. `todo-tui config check` checks the file: an unknown section or setting, a",
            "# key bound to two actions or a value that does not fit is an error at its line and column, and",
            "# todo-tui starts nothing until it is fixed.",
            "#",
            "# What wins: a command-line option, else an environment variable, else this file, else the",
            "# locale (week-start and clock), else the value shown here.",
        ]
        for section in Setting.sections {
            lines += [""] + sectionLines(section, of: .standard, commented: true, sources: false)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `todo-tui config` prints: the settings of `configuration`, each followed by its
    /// source as a comment.
    static func effectiveFile(_ configuration: Configuration) -> String {
        var lines: [String] = []
        if let file = configuration.file {
            let state = configuration.fileWasRead ? "read" : "not there, so the built-in settings are in force"
            lines.append("# The configuration in force. File: \(file.path) (\(file.originDescription); \(state)).")
        }
        lines.append("# After each value, where it came from: default, locale, file (line), environment or option.")
        for section in Setting.sections {
            lines += [""] + sectionLines(section, of: configuration, commented: false, sources: true)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The value in force of every setting the opening screen shows (keys, look, calendar,
    /// order), one `path=value` line each: what the start screen's cache compares, so that a
    /// changed setting never shows a screen drawn under another.
    /// - Complexity: O(settings).
    static func fingerprint(of configuration: Configuration) -> String {
        Setting.sections.flatMap { section in
            entries(section, of: configuration).map { "\(section).\($0.name)=\($0.value)" }
        }.filter { !$0.hasPrefix("defaults.") || $0.hasPrefix("defaults.order=") }.joined(separator: "\n")
    }

    private static func sectionLines(
        _ section: String, of configuration: Configuration, commented: Bool, sources: Bool
    ) -> [String] {
        var lines = ["[\(section)]"] + introduction(of: section)
        let entries = entries(section, of: configuration)
        let width = entries.map { $0.name.count + $0.value.count + 3 }.max() ?? 0
        for entry in entries {
            var line = "\(entry.name) = \(entry.value)"
            if sources {
                let path = section + "." + entry.name
                line += String(repeating: " ", count: max(1, width - line.count + 2))
                line += "# \(configuration.source(of: path))"
            }
            if commented {
                lines += entry.summary.map { "# " + $0 } + ["# " + line]
            } else {
                lines.append(line)
            }
        }
        return lines
    }

    /// The settings of `section` in `configuration`: name, value as TOML, what it does.
    private static func entries(
        _ section: String, of configuration: Configuration
    )
        -> [(name: String, value: String, summary: [String])]
    {
        switch section {
        case "keys":
            return BrowseCommand.allCases.map { command in
                (command.rawValue, keyList(configuration.keys.keys(for: command)), [command.summary + ":"])
            }
        case "keys.editor":
            return EditorCommand.allCases.map { command in
                (command.rawValue, keyList(configuration.editorKeys.keys(for: command)), [command.summary + ":"])
            }
        default:
            return Setting.settings(in: section).map {
                ($0.name, $0.written(configuration), $0.summary + overrides($0))
            }
        }
    }

    /// "Over this file: $TODO_TUI_STORE, then --store." for a setting that has them.
    private static func overrides(_ setting: Setting) -> [String] {
        let sources = [setting.environment.map { "$" + $0 }, setting.flag].compactMap { $0 }
        guard !sources.isEmpty else { return [] }
        return ["Over this file: " + sources.joined(separator: ", then ") + "."]
    }

    /// `"x"`, `["x", "space"]`, or `"none"`.
    static func keyList(_ keys: [Key]) -> String {
        let names = keys.map { Setting.quotedString($0.configurationName) }
        switch names.count {
        case 0: return "\"none\""
        case 1: return names[0]
        default: return "[" + names.joined(separator: ", ") + "]"
        }
    }

    /// The comment lines under a section's header in `config defaults` and `config`.
    private static func introduction(of section: String) -> [String] {
        switch section {
        case "keys":
            [
                "# The list's keys: an action and a key, or a list of keys the first of which the hints and",
                "# messages name; \"none\" unbinds. Keys: a character (x, G, ?), space, enter, esc, tab, backspace,",
                "# delete, up, down, left, right, home, end, pgup, pgdn, or ctrl- and a letter (ctrl-r). No key",
                "# may run two actions.",
            ]
        case "keys.editor":
            [
                "# The keys of the line editor (add, edit, date, tags, filter, copy), the notes editor and the",
                "# list picker (L, m), where typing finds a list; printable characters always type themselves,",
                "# so these take other keys.",
            ]
        case "theme":
            [
                "# Colours: default (the terminal's own), black, red, green, yellow, blue, magenta, cyan, white,",
                "# a number from 0 to 255, or \"#rrggbb\"; a colour the terminal lacks is shown as the nearest it",
                "# has. NO_COLOR still turns every colour off.",
            ]
        case "theme.colors":
            ["# What each to-do colour (c cycles them) is drawn in."]
        case "calendar":
            ["# Weeks, times and day headers, on screen and in `list`, `add` and `edit`."]
        case "defaults":
            ["# What the list and the commands start with."]
        default:
            []
        }
    }
}
