/// Turns a configuration file's TOML into settings: each section and setting must be one todo-tui
/// has (`Setting.sections`, `Setting.all`, the key sections) and each value must fit it; the
/// first that does not is an error at its line and column, and nothing of the file is used.
enum ConfigReader {
    /// Applies the settings `document` gives to `configuration`.
    /// - Parameter path: the file, as errors name it.
    /// - Throws: `ConfigError` at the first unknown section or setting or unfit value.
    /// - Complexity: O(entries × settings).
    static func read(
        _ document: TOMLDocument, path: String, into configuration: inout Configuration
    )
        throws(ConfigError)
    {
        for table in document.tables {
            try checkSection(table.path, positions: table.positions, path: path)
        }
        var keys = KeyBindingReader(path: path)
        for entry in document.entries {
            let section = Self.section(of: entry.key.path)
            let name = entry.key.path.last ?? ""
            if section.isEmpty {
                throw outsideSections(name, at: entry.key.position, path: path)
            }
            if !Setting.sections.contains(section) {
                try checkSection(Array(entry.key.path.dropLast()), positions: entry.key.positions, path: path)
            }
            if section == "keys" || section == "keys.editor" {
                try keys.read(entry, section: section)
                continue
            }
            guard let setting = Setting.all.first(where: { $0.name == name && $0.section == section }) else {
                let names = Setting.settings(in: section).map(\.name)
                throw ConfigError(
                    path: path, position: entry.key.position,
                    message:
                        "'\(name)' is not a setting of [\(section)]\(Setting.suggestion(for: name, in: names)); its "
                        + "settings are \(names.joined(separator: ", ")).")
            }
            do {
                try setting.read(entry.value, &configuration)
            } catch {
                throw ConfigError(
                    path: path, position: error.position ?? entry.value.position,
                    message: "\(setting.path): \(error.message).")
            }
            configuration.setSource(.file(line: entry.key.position.line), of: setting.path)
        }
        try keys.apply(to: &configuration)
    }

    /// The dotted name of the table a key's path is in (`keys.editor` for `keys.editor.left`).
    private static func section(of path: [String]) -> String {
        // Built by hand: the generic `joined(separator:)` cost more than the rest of the
        // reading of an entry.
        var section = ""
        for segment in path.dropLast() {
            if !section.isEmpty { section += "." }
            section += segment
        }
        return section
    }

    /// Refuses a table path that is not one of the sections, at its first wrong segment.
    private static func checkSection(
        _ segments: [String], positions: [TextPosition], path: String
    )
        throws(ConfigError)
    {
        let name = section(of: segments + [""])
        guard !Setting.sections.contains(name) else { return }
        var known = 0
        while known < segments.count,
            Setting.sections.contains(where: {
                $0.split(separator: ".").map(String.init).starts(with: segments[...known])
            })
        {
            known += 1
        }
        let position = positions[min(known, positions.count - 1)]
        let parent = segments.prefix(known).joined(separator: ".")
        if known > 0, Setting.settings(in: parent).contains(where: { $0.name == segments[known] }) {
            throw ConfigError(
                path: path, position: position,
                message:
                    "\(segments[known]) is a setting of [\(parent)], not a section; write \(segments[known]) = "
                    + "and its value.")
        }
        let sections = Setting.sections.map { "[\($0)]" }
        throw ConfigError(
            path: path, position: position,
            message:
                "[\(name)] is not a section of todo-tui's configuration"
                + "\(Setting.suggestion(for: name, in: Setting.sections)); the sections are "
                + "\(sections.dropLast().joined(separator: ", ")) and \(sections.last ?? "").")
    }

    private static func outsideSections(_ name: String, at position: TextPosition, path: String) -> ConfigError {
        if Setting.sections.contains(name) {
            return ConfigError(
                path: path, position: position,
                message: "\(name) is a section; write [\(name)] on a line of its own and its settings below it.")
        }
        let home = Setting.all.first { $0.name == name }.map { " (\(name) belongs in [\($0.section)])" } ?? ""
        return ConfigError(
            path: path, position: position,
            message:
                "'\(name)' stands before any section; settings go under a section header such as [calendar]\(home).")
    }
}
