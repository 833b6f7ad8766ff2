import Foundation
import TodoCore
import TodoSyncModel

extension SyncHelperRequest {
    /// Carries the request out over the network, as `todo-tui-sync` does for `todo-tui sync`.
    /// - Returns: the line to print, or the error that stopped it.
    public func perform() -> SyncHelperResponse {
        do {
            switch self {
            case .run(let run):
                let report = try Self.sync(run)
                return report.isComplete
                    ? .finished(message: report.summary)
                    : .incomplete(message: report.summary, waiting: report.waiting)
            case .setUp(let setUp):
                return .finished(message: try Self.setUp(setUp))
            }
        } catch {
            return .failed(error)
        }
    }

    /// One sync run; its report.
    private static func sync(_ run: Run) throws(SyncError) -> SyncReport {
        let account = try SyncAccount.load(from: run.accountPath)
        let server = try SyncAccount.checkedURL(account.server, allowInsecure: account.allowInsecure)
        let collection = try SyncAccount.checkedURL(account.collection, allowInsecure: account.allowInsecure)
        // The account's origin is the server it was set up with; an account file naming a
        // collection elsewhere (written by hand, or by a version that followed discovery
        // anywhere) sends nothing there, and asks for no password.
        if let origin = Origin(server), !origin.contains(collection) {
            throw .otherOrigin(url: collection.absoluteString, origin: origin.description)
        }
        let client = try SyncConnection.client(
            user: account.user, url: server, passwordCommand: account.passwordCommand, timeouts: run.timeouts)
        let store = JSONStore(path: run.storePath, lockTimeout: .milliseconds(run.lockTimeoutMilliseconds))
        let context = TodoContext(store: store, now: Date.init)
        let engine = SyncEngine(
            client: client, collection: collection, context: context,
            stateFile: SyncStateFile(storePath: run.storePath), now: Date.init, calendar: .current)
        let report = try engine.run(SyncOptions(policy: run.policy, confirmed: run.confirmed))
        // As every command that saved: the store file alone is complete for other programs.
        if report.wroteLocally { try? context.store.compact() }
        return report
    }

    /// Finds or makes the calendar, stores the account; what was set up.
    private static func setUp(_ setUp: SetUp) throws(SyncError) -> String {
        let start = try SyncAccount.checkedURL(setUp.url, allowInsecure: setUp.allowInsecure)
        let client = try SyncConnection.client(
            user: setUp.user, url: start, passwordCommand: setUp.passwordCommand, timeouts: setUp.timeouts)
        let chosen = try choose(for: setUp, with: CalDAVDiscovery(client: client), from: start)
        // Where the server pointed: refused as `sync` would refuse it, now rather than later.
        let collection = try SyncAccount.checkedURL(chosen.url.absoluteString, allowInsecure: setUp.allowInsecure)
        guard client.origin.contains(collection) else {
            throw .otherOrigin(url: collection.absoluteString, origin: client.origin.description)
        }
        let account = SyncAccount(
            server: start.absoluteString, user: setUp.user, collection: chosen.url.absoluteString,
            passwordCommand: setUp.passwordCommand, allowInsecure: setUp.allowInsecure)
        try account.save(to: setUp.accountPath)
        return
            "Set up: \(setUp.user) syncs with '\(chosen.name)' at \(chosen.url.absoluteString) "
            + "(saved in \(setUp.accountPath))."
    }

    /// The collection a setup syncs with: the one `start` names, the one `--create` makes, the one
    /// `--collection` names, else the account's only (or first) to-do calendar.
    private static func choose(
        for setUp: SetUp, with discovery: CalDAVDiscovery, from start: URL
    ) throws(SyncError) -> CalendarCollection {
        let home: URL
        switch try discovery.home(from: start) {
        case .collection(let collection):
            guard collection.acceptsTodos else {
                throw .noTodoCollection(url: start.absoluteString, found: [collection.name])
            }
            return collection
        case .home(let url):
            home = url
        }
        if let create = setUp.create {
            return try discovery.makeCollection(named: create, in: home)
        }
        let all = try discovery.collections(in: home)
        let todos = all.filter(\.acceptsTodos)
        if let collection = setUp.collection {
            guard let match = todos.first(where: { $0.name == collection || $0.url.lastPathComponent == collection })
            else { throw .noSuchCollection(name: collection, found: todos.map(\.name)) }
            return match
        }
        guard let first = todos.first(where: \.onlyTodos) ?? todos.first else {
            throw .noTodoCollection(url: home.absoluteString, found: all.map(\.name))
        }
        return first
    }
}
