import Foundation
import TodoCore

/// What `todo-tui sync` hands to its helper process, `todo-tui-sync`, as JSON in the helper's one
/// argument.
///
/// The command line is parsed, checked and resolved (store path, lock timeout, account file) by
/// `todo-tui`; the helper only does the network work and answers with a `SyncHelperResponse` on
/// its standard output. Standard input and standard error stay the user's, so a password command
/// can still ask on the terminal.
public enum SyncHelperRequest: Sendable, Equatable, Codable {
    /// One two-way sync run of a store with the stored account's collection.
    case run(Run)
    /// Finds (or makes) the account's to-do calendar and stores the account.
    case setUp(SetUp)

    /// The descriptor on which the helper gets the read end of a pipe whose other end only the
    /// process that started it holds: end-of-file there means that process has ended, and the
    /// helper ends too.
    public static let lifeline: Int32 = 3

    /// `todo-tui sync [run]`.
    public struct Run: Sendable, Equatable, Codable {
        /// The store file, resolved.
        public var storePath: String
        /// How long a save waits for another process's lock.
        public var lockTimeoutMilliseconds: Int
        /// How conflicts are settled.
        public var policy: MergePolicy
        /// `--yes`: go on past a mass deletion or a changed collection.
        public var confirmed: Bool
        /// The account file, resolved.
        public var accountPath: String
        /// How long to wait for the server.
        public var timeouts: SyncTimeouts

        public init(
            storePath: String, lockTimeoutMilliseconds: Int, policy: MergePolicy, confirmed: Bool, accountPath: String,
            timeouts: SyncTimeouts = SyncTimeouts()
        ) {
            self.storePath = storePath
            self.lockTimeoutMilliseconds = lockTimeoutMilliseconds
            self.policy = policy
            self.confirmed = confirmed
            self.accountPath = accountPath
            self.timeouts = timeouts
        }
    }

    /// `todo-tui sync setup URL --user NAME …`.
    public struct SetUp: Sendable, Equatable, Codable {
        /// The server, a principal or a calendar, as typed.
        public var url: String
        public var user: String
        /// A command that prints the password.
        public var passwordCommand: String?
        /// The calendars to sync with, by name or last path component; empty: every to-do
        /// calendar of the account.
        public var collections: [String]
        /// The name of a to-do calendar to create.
        public var create: String?
        /// Plain http to another machine is allowed.
        public var allowInsecure: Bool
        /// Where the account is stored.
        public var accountPath: String
        /// How long to wait for the server.
        public var timeouts: SyncTimeouts

        public init(
            url: String, user: String, passwordCommand: String?, collections: [String], create: String?,
            allowInsecure: Bool, accountPath: String, timeouts: SyncTimeouts = SyncTimeouts()
        ) {
            self.url = url
            self.user = user
            self.passwordCommand = passwordCommand
            self.collections = collections
            self.create = create
            self.allowInsecure = allowInsecure
            self.accountPath = accountPath
            self.timeouts = timeouts
        }
    }

    /// The request as the helper's argument.
    public var argument: String {
        // Encoding these plain strings, flags and integers cannot fail.
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The request an argument carries; nil when it is not one.
    public init?(argument: String) {
        guard let request = try? JSONDecoder().decode(Self.self, from: Data(argument.utf8)) else { return nil }
        self = request
    }
}
