import Foundation
import Glibc
import TodoCore

/// How `todo-tui remind` shows a reminder: the command the user named (`--command`), else
/// `notify-send` on the desktop session's bus, else nothing (said in one sentence).
///
/// Programs are started with `ChildProcess` (argv, never a shell), so a to-do's text is one
/// argument whatever it holds.
enum ReminderNotifier: Equatable {
    /// `--command CMD`: run as `CMD TEXT DUE STATE`, DUE the due date in ISO 8601 (empty without
    /// one), STATE `due` or `missed`.
    case command(String)
    /// `notify-send`, with the environment that reaches the session bus.
    case notifySend(environment: [String]?)

    /// The notifier for `command` and this environment; nil when there is none (no command and
    /// no session bus: over SSH, from cron without a login session).
    static func resolve(command: String?, environment: [String: String]) -> ReminderNotifier? {
        if let command, !command.isEmpty { return .command(command) }
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            return .notifySend(environment: nil)
        }
        // A systemd user timer or cron has the user's bus at $XDG_RUNTIME_DIR/bus without the
        // variable that names it.
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            let bus = runtime + "/bus"
            var status = stat()
            if stat(bus, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK {
                let variables =
                    environment.map { "\($0.key)=\($0.value)" } + ["DBUS_SESSION_BUS_ADDRESS=unix:path=" + bus]
                return .notifySend(environment: variables)
            }
        }
        return nil
    }

    /// The sentence for a run that has reminders to show and no way to show them.
    static let unavailable =
        "There is no desktop session to show reminders in (no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is unset "
        + "and there is no $XDG_RUNTIME_DIR/bus), so nothing was shown; give --command CMD to run a program instead."

    /// Shows one reminder; nil when it was shown, else the sentence saying why not.
    func show(_ due: AlarmSchedule.Due, calendar: Calendar) -> String? {
        let item = due.item
        let dueText = item.date.map { Self.isoDate($0, hasTime: item.hasTime, calendar: calendar) } ?? ""
        let executable: String
        let arguments: [String]
        var setup = ChildProcess.Setup(input: .discarded, errors: .discarded)
        switch self {
        case .command(let command):
            executable = command
            arguments = [item.text, dueText, due.missed ? "missed" : "due"]
            setup.errors = .inherited
        case .notifySend(let environment):
            executable = "notify-send"
            setup.environment = environment
            var body = dueText.isEmpty ? "" : "Due " + dueText.replacingOccurrences(of: "T", with: " ")
            if due.missed { body += (body.isEmpty ? "" : " — ") + "missed while nothing was running" }
            arguments = ["--app-name=todo-tui", "--urgency=normal", Self.plain(item.text), Self.plain(body)]
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(Self.path(of: executable), arguments: arguments, setup: setup)
        } catch {
            return "Could not start \(executable) (\(error.description)) to show '\(item.text)'."
        }
        switch child.wait().termination {
        case .exited(status: 0): return nil
        case .exited(let status):
            return executable == "notify-send"
                ? "notify-send could not show '\(item.text)' (exit \(status)): the session bus has no notification "
                    + "service; give --command CMD to run a program instead."
                : "\(executable) exited with status \(status) for '\(item.text)'."
        case .signalled(let signal): return "\(executable) was killed by signal \(signal) for '\(item.text)'."
        case .unknown: return nil
        }
    }

    /// `2026-12-01` for a whole day, `2026-12-01T09:30` for a time, in `calendar`'s zone.
    static func isoDate(_ date: Date, hasTime: Bool, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        return hasTime ? day + String(format: "T%02d:%02d", parts.hour ?? 0, parts.minute ?? 0) : day
    }

    /// Text with `&` and `<` written as entities: notification servers read the body as markup.
    private static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// `name` found on `PATH` (posix_spawn does not search), or as given when it has a slash or
    /// is not found (the spawn then says why).
    private static func path(of name: String) -> String {
        guard !name.contains("/") else { return name }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
            .split(separator: ":")
        for directory in directories where access(directory + "/" + name, X_OK) == 0 {
            return directory + "/" + name
        }
        return name
    }
}
