import TodoCore
import TodoSyncModel

/// Why a command could not do what it was asked; each case maps to a sysexits code.
enum CLIError: Error, Equatable, CustomStringConvertible {
    /// An id prefix shorter than 4 characters.
    case idTooShort(String)
    /// No item's id starts with the prefix.
    case unknownID(String)
    /// Several items' ids start with the prefix; lists the candidates' ids and texts.
    case ambiguousID(String, candidates: [String])
    /// Text, colour or date typed on the command line is not acceptable.
    case invalidInput(ItemError)
    /// The filter expression does not parse.
    case invalidFilter(FilterError)
    /// `done` on an item another program made repeat by a rule todo-tui cannot compute (its text
    /// and why).
    case repeating(String, String)
    /// The interactive app needs a terminal on stdin and stdout.
    case notATerminal
    /// An environment variable the program reads has a value it cannot use.
    case invalidEnvironment(name: String, value: String, expected: String)
    /// Arguments that fit together wrongly, beyond what the parser checks.
    case usage(String)
    /// The configuration file cannot be used (78, EX_CONFIG).
    case configuration(ConfigError)
    /// The terminal could not be opened for the interactive list.
    case terminal(TerminalError)
    /// An export or import format, file or record problem.
    case exchange(ExchangeError)
    case store(StoreError)
    case save(SaveError)
    /// A sync or sync setup failed (`todo-tui sync`).
    case sync(SyncError)
    /// A sync run went through, but not everything reached the server, or a conflict waits: its
    /// summary.
    case syncIncomplete(String)
    /// No `todo-tui-sync` helper in any of the places looked at.
    case syncHelperMissing(looked: [String])
    /// The `todo-tui-sync` helper could not start, or ended without an answer.
    case syncHelperFailed(path: String, reason: String)
    /// A change to a to-do of a list the server lets the account only read: the list's name.
    case readOnlyList(String)
    /// A service the command needs is not there (no way to show a reminder); the sentence says so.
    case unavailable(String)

    /// Runs `body`, turning its export error into `.exchange`.
    static func wrapping<Result>(_ body: () throws(ExchangeError) -> Result) throws(CLIError) -> Result {
        do {
            return try body()
        } catch {
            throw .exchange(error)
        }
    }

    /// The sysexits code: 64 usage, 65 bad data, 66 no input, 69 unavailable, 70 internal, 73 cannot
    /// create, 74 I/O, 75 try again, 76 protocol, 77 permission, 78 configuration.
    var exitCode: Int32 {
        switch self {
        case .idTooShort, .unknownID, .ambiguousID, .invalidInput, .invalidFilter, .notATerminal, .invalidEnvironment:
            64
        case .usage, .terminal:
            64
        case .repeating:
            65
        case .exchange(let error):
            Self.exitCode(for: error)
        case .store(let error), .save(.store(let error)):
            Self.exitCode(for: error)
        case .sync(let error):
            Self.exitCode(for: error)
        case .configuration:
            78
        case .syncHelperMissing, .unavailable:
            69
        case .syncHelperFailed:
            70
        case .save(.conflicts), .syncIncomplete:
            75
        case .readOnlyList:
            77
        }
    }

    private static func exitCode(for error: ExchangeError) -> Int32 {
        switch error {
        case .unknownFormat, .undetectableFormat, .directoryNotSupported: 64
        case .unreadable: 66
        case .invalidLine, .invalidRecord, .invalidInput, .invalidStore: 65
        case .cannotWrite(let store): exitCode(for: store)
        }
    }

    private static func exitCode(for error: SyncError) -> Int32 {
        switch error {
        case .unreachable, .timedOut: 69
        case .unauthorized, .forbidden: 77
        case .notCalDAV, .noTodoCollection, .noSuchCollection, .unexpectedStatus, .malformedResponse,
            .responseTooLarge, .otherOrigin:
            76
        case .insecureURL, .invalidURL: 64
        case .noAccount, .accountFile, .noPassword, .passwordCommandFailed: 78
        case .stateFile, .store: 74
        case .alreadyRunning, .collectionChanged, .collectionGone, .listDeletedHere, .massDeletion: 75
        }
    }

    private static func exitCode(for error: StoreError) -> Int32 {
        switch error.category {
        case .badData: 65
        case .cannotCreate: 73
        case .ioError: 74
        case .lockBusy: 75
        }
    }

    var description: String {
        switch self {
        case .idTooShort(let prefix):
            "The id prefix '\(prefix)' is too short; give at least 4 characters of the id."
        case .unknownID(let prefix):
            "No to-do has an id starting with '\(prefix)'."
        case .ambiguousID(let prefix, let candidates):
            "The id prefix '\(prefix)' matches \(candidates.count) to-dos (\(candidates.joined(separator: "; "))); "
                + "give more characters."
        case .invalidInput(let error):
            error.description
        case .invalidFilter(let error):
            error.description
        case .repeating(let text, let problem):
            TodoApp.recurringRefusal(text: text, problem: problem)
        case .notATerminal:
            "The interactive list needs a terminal; use a subcommand such as 'todo-tui list' in scripts and pipes."
        case .invalidEnvironment(let name, let value, let expected):
            "The environment variable \(name) is '\(value)'; it must be \(expected)."
        case .usage(let message), .unavailable(let message):
            message
        case .configuration(let error):
            error.description
        case .terminal(let error):
            error.description
        case .exchange(let error):
            error.description
        case .store(let error):
            error.description
        case .sync(let error):
            // It may quote the server (a calendar's name, a URL it named): one line, inert.
            TerminalOutput.inline(error.description)
        case .syncIncomplete(let summary):
            TerminalOutput.inline(summary)
        case .syncHelperMissing(let looked):
            "The sync needs its helper \(SyncHelper.name), which is not installed (looked at "
                + "\(looked.joined(separator: " and "))); reinstall with scripts/install, or build with `swift build`."
        case .syncHelperFailed(let path, let reason):
            "The sync helper \(path) failed: \(reason); run the sync again (one stopped part-way is safe to repeat)."
        case .save(let error):
            error.description
        case .readOnlyList(let name):
            ContextError.readOnlyList(TerminalOutput.inline(name)).description
        }
    }
}
