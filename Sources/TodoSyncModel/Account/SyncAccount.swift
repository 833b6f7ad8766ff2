import Foundation
import TodoCore

/// The CalDAV account a store syncs with, as `todo-tui sync setup` stores it in
/// `$XDG_CONFIG_HOME/todo-tui/sync-account.json` (else `~/.config/todo-tui/…`), mode 0600.
///
/// It never holds a password: only how to get one (`passwordCommand`), else
/// `$TODO_TUI_PASSWORD`, else `~/.netrc` (`PasswordSource`).
public struct SyncAccount: Sendable, Hashable, Codable {
    /// The URL given to `setup` (where discovery started).
    public var server: String
    public var user: String
    /// The calendar collection the list syncs with, as discovery found or made it; with
    /// `collections`, the first of them (what an older todo-tui syncs with).
    public var collection: String
    /// Every collection the store syncs with, each linked to a list, as `setup` found them; nil
    /// in an account an older todo-tui set up, whose one `collection` holds every list.
    public var collections: [String]?
    /// The calendar home, when `setup` linked every to-do collection of the account: a list made
    /// here then gets a collection of its own there at the next sync. nil when `setup` named
    /// the collections (`--collection`) or was given a calendar's URL.
    public var home: String?
    /// A shell command whose first output line is the password (`pass show dav`).
    public var passwordCommand: String?
    /// Whether plain http to a host other than this machine was allowed at setup.
    public var allowInsecure: Bool

    public init(
        server: String, user: String, collection: String, passwordCommand: String?, allowInsecure: Bool,
        collections: [String]? = nil, home: String? = nil
    ) {
        self.server = server
        self.user = user
        self.collection = collection
        self.collections = collections
        self.home = home
        self.passwordCommand = passwordCommand
        self.allowInsecure = allowInsecure
    }

    /// The account file's path for `environment` and `home`.
    public static func path(environment: [String: String], home: String) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return base + "/todo-tui/sync-account.json"
    }

    /// The account at `path`.
    /// - Throws: `SyncError.noAccount` when there is none, `.accountFile` when it cannot be read.
    public static func load(from path: String) throws(SyncError) -> SyncAccount {
        guard FileManager.default.fileExists(atPath: path) else { throw .noAccount(path: path) }
        do {
            return try JSONDecoder().decode(SyncAccount.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .accountFile(
                path: path, reason: "it is not an account file todo-tui wrote (\(error.localizedDescription))")
        }
    }

    /// Writes the account to `path` (0600, its folder 0700 when created), replacing any.
    /// - Throws: `SyncError.accountFile`.
    public func save(to path: String) throws(SyncError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            data = try encoder.encode(self)
        } catch {
            throw .accountFile(path: path, reason: error.localizedDescription)
        }
        do {
            try DurableFile.replace(path, with: Array(data), mode: 0o600, creatingFolders: true)
        } catch {
            throw .accountFile(path: path, reason: error.clause)
        }
    }

    /// Checks a URL the sync is to use: http or https, and plain http only to this machine
    /// unless `allowInsecure`.
    /// - Throws: `SyncError.invalidURL`, `.insecureURL`.
    public static func checkedURL(_ text: String, allowInsecure: Bool) throws(SyncError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { throw .invalidURL(text) }
        if scheme == "http", !allowInsecure, !isLoopback(host) { throw .insecureURL(url: text) }
        return url
    }

    /// True for a name or address of this machine.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }
}
