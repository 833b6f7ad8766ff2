import Foundation
import TodoSyncModel

/// Where the password comes from, first that gives one: the account's password command, then
/// `$TODO_TUI_PASSWORD`, then a `machine` entry of `~/.netrc` for the server's host (and the
/// account's login, when the entry names one). The password is held in memory only.
public enum PasswordSource {
    /// The password for `user` at `host`.
    /// - Throws: `SyncError.passwordCommandFailed`, `.noPassword`.
    public static func password(
        user: String, host: String, command: String?, environment: [String: String], home: String
    ) throws(SyncError) -> String {
        if let command, !command.isEmpty {
            return try run(command)
        }
        if let password = environment["TODO_TUI_PASSWORD"], !password.isEmpty {
            return password
        }
        if let text = try? String(contentsOfFile: home + "/.netrc", encoding: .utf8),
            let password = netrcPassword(text, host: host, user: user)
        {
            return password
        }
        throw .noPassword(user: user)
    }

    /// The password of the `.netrc` entry for `host` whose login is `user` (or that names no
    /// login). Tokens are separated by white space, as in ftp(1).
    static func netrcPassword(_ text: String, host: String, user: String) -> String? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(
            String.init)
        var index = 0
        var matching = false
        var login: String?
        var password: String?
        func finish() -> String? {
            guard matching, let password, login == nil || login == user else { return nil }
            return password
        }
        while index < tokens.count {
            let token = tokens[index]
            let value = index + 1 < tokens.count ? tokens[index + 1] : nil
            switch token {
            case "machine", "default":
                if let found = finish() { return found }
                matching = token == "default" || value?.lowercased() == host.lowercased()
                login = nil
                password = nil
                index += token == "machine" ? 2 : 1
            case "login":
                login = value
                index += 2
            case "password":
                password = value
                index += 2
            default:
                index += 1
            }
        }
        return finish()
    }

    /// The first line the command prints.
    private static func run(_ command: String) throws(SyncError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .passwordCommandFailed(command: command, reason: error.localizedDescription)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .passwordCommandFailed(command: command, reason: "it exited with status \(process.terminationStatus)")
        }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first
        guard let line, !line.isEmpty else {
            throw .passwordCommandFailed(command: command, reason: "it printed no password")
        }
        return String(line)
    }
}
