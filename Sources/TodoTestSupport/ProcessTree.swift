import Foundation
import Glibc

/// Which processes a process started, from `/proc`: the helper of a `todo-tui sync`.
public enum ProcessTree {
    /// The pids of `parent`'s children.
    public static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // pid (comm) state ppid …: the name may hold spaces and parentheses, so split after it.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }
}
