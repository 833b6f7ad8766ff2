import TodoCore

/// Why a sync or an account setup stopped. Each description is one sentence that says what
/// happened and, where there is one, what to do; a run that throws one of these before it
/// applied anything changed nothing locally.
public enum SyncError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// No HTTP answer: connection refused, DNS failure, timeout, broken connection.
    case unreachable(url: String, reason: String)
    /// The server at `server` (scheme, host and port) stopped answering: no connection, silence,
    /// an answer that trickles, or a run past its ceiling (`SyncTimeouts`); `reason` says which.
    case timedOut(server: String, reason: String)
    /// 401: the server refused the user name or password.
    case unauthorized(url: String, user: String?)
    /// 403 on something the account needs.
    case forbidden(url: String)
    /// The URL answered, but not as a CalDAV server.
    case notCalDAV(url: String, reason: String)
    /// Discovery found no calendar collection that accepts to-dos (VTODO).
    case noTodoCollection(url: String, found: [String])
    /// `--collection NAME` named no collection the account has.
    case noSuchCollection(name: String, found: [String])
    /// An answer the protocol does not allow, from a request that should have worked.
    case unexpectedStatus(method: String, url: String, status: Int)
    /// The server's XML could not be read.
    case malformedResponse(url: String, reason: String)
    /// An answer larger than the sync reads of one (`HTTPRequest.maximumResponseBytes`): the
    /// transport stopped reading it as soon as it passed `limit` bytes.
    case responseTooLarge(method: String, url: String, limit: Int)
    /// The server at `origin` (the account's) pointed the sync to `url` on another server:
    /// nothing is sent there, credentials least of all.
    case otherOrigin(url: String, origin: String)
    /// A plain-http URL to a host other than this machine, without `--allow-insecure`.
    case insecureURL(url: String)
    /// A URL that is not http or https, or not a URL.
    case invalidURL(String)
    /// No account set up yet.
    case noAccount(path: String)
    /// The account file cannot be read or written.
    case accountFile(path: String, reason: String)
    /// No password source gave a password.
    case noPassword(user: String)
    /// The password command failed.
    case passwordCommandFailed(command: String, reason: String)
    /// The sync state beside the store cannot be read or written.
    case stateFile(path: String, reason: String)
    /// Another sync of the same store is running.
    case alreadyRunning(path: String)
    /// The account now names another collection than the one the store was synced with.
    case collectionChanged(from: String, to: String)
    /// The collection linked to the list `list` is gone from the server; `count` to-dos are in
    /// that list here.
    case collectionGone(list: String, url: String, count: Int)
    /// The list linked to the calendar `calendar` was deleted here, and the calendar still holds
    /// `count` to-dos on the server.
    case listDeletedHere(calendar: String, url: String, count: Int)
    /// The run would delete more than half of one side's items.
    case massDeletion(local: Int, localTotal: Int, remote: Int, remoteTotal: Int)
    /// The local store failed.
    case store(String)

    public var description: String {
        switch self {
        case .unreachable(let url, let reason):
            return "Could not reach \(url): \(reason); nothing was changed, and local changes wait for the next sync."
        case .timedOut(let server, let reason):
            return
                "\(server) did not answer in time (\(reason)); the sync stopped there, and what it had not done "
                + "waits for the next sync."
        case .unauthorized(let url, let user):
            return
                "\(url) refused \(user.map { "the password for user '\($0)'" } ?? "the request without a password") "
                + "(401 Unauthorized); check the user name and the password source."
        case .forbidden(let url):
            return "\(url) refused access (403 Forbidden); the account may not use this collection."
        case .notCalDAV(let url, let reason):
            return "\(url) is not a CalDAV server: \(reason)."
        case .noTodoCollection(let url, let found):
            let list = found.isEmpty ? "none at all" : "only " + found.joined(separator: ", ")
            return
                "\(url) has no calendar that accepts to-dos (found \(list)); create one with `todo-tui sync setup … "
                + "--create NAME`."
        case .noSuchCollection(let name, let found):
            return
                "No collection named '\(name)' on the server; it has "
                + "\(found.isEmpty ? "none" : found.joined(separator: ", "))."
        case .unexpectedStatus(let method, let url, let status):
            return
                "\(method) \(url) was answered with HTTP \(status), which the sync cannot use; nothing more was sent."
        case .malformedResponse(let url, let reason):
            return "\(url) answered with XML the sync cannot read: \(reason)."
        case .responseTooLarge(let method, let url, let limit):
            return
                "\(method) \(url) was answered with more than \(ByteCount.phrase(limit)), the most the sync reads "
                + "of one answer; it stopped reading there and changed nothing by it."
        case .otherOrigin(let url, let origin):
            return
                "\(origin) pointed the sync to \(url), which is on another server; todo-tui sends nothing there "
                + "(the password goes only to \(origin)); if you mean that server, run `todo-tui sync setup \(url)`."
        case .insecureURL(let url):
            return
                "\(url) uses plain http to another machine, which would send the password unencrypted; use https, or "
                + "--allow-insecure if you accept that."
        case .invalidURL(let text):
            return "'\(text)' is not an http or https URL."
        case .noAccount(let path):
            return
                "No sync account is set up (\(path) does not exist); run `todo-tui sync setup URL --user NAME` first."
        case .accountFile(let path, let reason):
            return "The sync account file \(path) cannot be used: \(reason)."
        case .noPassword(let user):
            return
                "No password for user '\(user)': give --password-command, set TODO_TUI_PASSWORD, or add the server to "
                + "~/.netrc."
        case .passwordCommandFailed(let command, let reason):
            return "The password command '\(command)' failed: \(reason)."
        case .stateFile(let path, let reason):
            return "The sync state \(path) cannot be used: \(reason); nothing was changed."
        case .alreadyRunning(let path):
            return "Another sync of this list is running (it holds \(path)); try again when it has finished."
        case .collectionChanged(let from, let to):
            return
                "This list was synced with \(from), and the account now names \(to); run `todo-tui sync --yes` to "
                + "start over with the new collection (nothing is deleted on either side)."
        case .collectionGone(let list, let url, let count):
            return
                "The calendar of the list '\(list)' is gone from the server (\(url)); nothing was changed — run "
                + "`todo-tui sync --yes` to keep its \(count) to-do\(count == 1 ? "" : "s") in the list here, "
                + "no longer synced."
        case .listDeletedHere(let calendar, let url, let count):
            return
                "The list of the calendar '\(calendar)' was deleted here, and the calendar still holds \(count) "
                + "to-do\(count == 1 ? "" : "s") on the server (\(url)); nothing was changed — run `todo-tui sync "
                + "--yes` to delete the calendar and its to-dos on the server, or make a list named '\(calendar)' "
                + "here to get them back."
        case .massDeletion(let local, let localTotal, let remote, let remoteTotal):
            var parts: [String] = []
            if local > 0 { parts.append("\(local) of the \(localTotal) local to-dos") }
            if remote > 0 { parts.append("\(remote) of the \(remoteTotal) on the server") }
            return
                "This sync would delete \(parts.joined(separator: " and ")), more than half; nothing was changed — "
                + "run `todo-tui sync --yes` if that is what you want."
        case .store(let reason):
            return reason
        }
    }
}
