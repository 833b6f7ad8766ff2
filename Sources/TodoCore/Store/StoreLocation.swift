/// Where the store file lives when nobody says otherwise.
package enum StoreLocation {
    /// The store path, by the first rule that applies:
    /// 1. `explicitPath` (the `--store PATH` option);
    /// 2. `$TODO_TUI_STORE`;
    /// 3. `$XDG_DATA_HOME/todo-tui/todos.json`, when `XDG_DATA_HOME` is an absolute path (the XDG
    ///    Base Directory specification says to ignore a relative one);
    /// 4. `<home>/.local/share/todo-tui/todos.json`.
    ///
    /// Empty values count as unset. Nothing is read from the process: the caller passes the
    /// environment and the home folder, so the rules are testable.
    /// - Parameters:
    ///   - explicitPath: the `--store` option's value, if given.
    ///   - environment: the process environment (`ProcessInfo.processInfo.environment`).
    ///   - homeDirectory: the user's home folder.
    package static func resolve(explicitPath: String?, environment: [String: String], homeDirectory: String) -> String {
        if let explicitPath, !explicitPath.isEmpty { return explicitPath }
        if let store = environment["TODO_TUI_STORE"], !store.isEmpty { return store }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return joined(dataHome, "todo-tui/todos.json")
        }
        return joined(homeDirectory, ".local/share/todo-tui/todos.json")
    }

    /// `folder` and `relative` joined by exactly one slash.
    private static func joined(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
