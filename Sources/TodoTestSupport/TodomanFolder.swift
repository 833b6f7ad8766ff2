import Foundation

/// A todoman set-up of its own in a temporary folder: one list, `todos`, whose vdir is `list`,
/// and the environment that points todoman at it (with UTC as the time zone).
public struct TodomanFolder {
    public let list: String
    public let environment: [String: String]

    /// Writes the list folder and todoman's configuration into `directory`: `default_due = 0`, so
    /// that `todoman new` without `--due` makes an undated to-do (its default dates it a day
    /// ahead).
    public init(in directory: String) throws {
        list = "\(directory)/calendars/todos"
        try FileManager.default.createDirectory(atPath: list, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: "\(directory)/config/todoman", withIntermediateDirectories: true)
        let config = """
            path = "\(directory)/calendars/*"
            cache_path = "\(directory)/cache.sqlite3"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "todos"
            default_due = 0
            """
        try config.write(toFile: "\(directory)/config/todoman/config.py", atomically: true, encoding: .utf8)
        environment = ["XDG_CONFIG_HOME": "\(directory)/config", "HOME": directory, "TZ": "UTC"]
    }
}
