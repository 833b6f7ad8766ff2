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
        var account = try SyncAccount.load(from: run.accountPath)
        let server = try SyncAccount.checkedURL(account.server, allowInsecure: account.allowInsecure)
        // The account's origin is the server it was set up with; an account file naming a
        // collection elsewhere (written by hand, or by a version that followed discovery
        // anywhere) sends nothing there, and asks for no password.
        let named = [account.collection] + (account.collections ?? []) + (account.home.map { [$0] } ?? [])
        for text in named {
            let url = try SyncAccount.checkedURL(text, allowInsecure: account.allowInsecure)
            if let origin = Origin(server), !origin.contains(url) {
                throw .otherOrigin(url: url.absoluteString, origin: origin.description)
            }
        }
        let client = try SyncConnection.client(
            user: account.user, url: server, passwordCommand: account.passwordCommand, timeouts: run.timeouts)
        // The run compacts the store after its saves itself, from the values it holds and beside
        // its other work (`SyncRun.perform()`): a large pull's save does not compact on its own by
        // reading back what it has just written.
        let store = JSONStore(
            path: run.storePath, lockTimeout: .milliseconds(run.lockTimeoutMilliseconds), journalLimit: .max)
        let context = TodoContext(store: store, now: Date.init)
        let stateFile = SyncStateFile(storePath: run.storePath)
        let engine: SyncEngine
        if let collections = account.collections {
            engine = SyncEngine(
                client: client, collections: collections.compactMap(URL.init(string:)),
                home: account.home.flatMap(URL.init(string:)), context: context, stateFile: stateFile, now: Date.init,
                calendar: .current)
        } else {
            engine = SyncEngine(
                client: client,
                collection: try SyncAccount.checkedURL(account.collection, allowInsecure: account.allowInsecure),
                context: context, stateFile: stateFile, now: Date.init, calendar: .current)
        }
        let report = try engine.run(SyncOptions(policy: run.policy, confirmed: run.confirmed))
        if !report.dropped.isEmpty || !report.added.isEmpty, let collections = account.collections {
            // Calendars gone from the server, whose lists the person chose to keep here, or whose
            // lists were deleted here; calendars found in the home and made for lists made here.
            account.collections = collections.filter { !report.dropped.contains($0) } + report.added
            // `collection` is the first of them, what an older todo-tui syncs with.
            if let first = account.collections?.first { account.collection = first }
            try account.save(to: run.accountPath)
        }
        return report
    }

    /// Finds (or makes) the calendars, stores the account; what was set up.
    private static func setUp(_ setUp: SetUp) throws(SyncError) -> String {
        let start = try SyncAccount.checkedURL(setUp.url, allowInsecure: setUp.allowInsecure)
        let client = try SyncConnection.client(
            user: setUp.user, url: start, passwordCommand: setUp.passwordCommand, timeouts: setUp.timeouts)
        let (chosen, home) = try choose(for: setUp, with: CalDAVDiscovery(client: client), from: start)
        // Where the server pointed: refused as `sync` would refuse it, now rather than later.
        for url in chosen.map(\.url) + (home.map { [$0] } ?? []) {
            let checked = try SyncAccount.checkedURL(url.absoluteString, allowInsecure: setUp.allowInsecure)
            guard client.origin.contains(checked) else {
                throw .otherOrigin(url: checked.absoluteString, origin: client.origin.description)
            }
        }
        let account = SyncAccount(
            server: start.absoluteString, user: setUp.user, collection: chosen[0].url.absoluteString,
            passwordCommand: setUp.passwordCommand, allowInsecure: setUp.allowInsecure,
            collections: chosen.map(\.url.absoluteString), home: home?.absoluteString)
        try account.save(to: setUp.accountPath)
        let names = chosen.map { "'\($0.name)'" }.joined(separator: ", ")
        let what =
            chosen.count == 1 ? "\(names) at \(chosen[0].url.absoluteString)" : "\(chosen.count) calendars, \(names)"
        return "Set up: \(setUp.user) syncs with \(what), each a list (saved in \(setUp.accountPath))."
    }

    /// The collections a setup links, each to a list, and the calendar home where lists made here
    /// get collections: the collection `start` names (no home); the ones `--collection` names
    /// (no home); else every to-do calendar of the account, `--create` making one first.
    private static func choose(
        for setUp: SetUp, with discovery: CalDAVDiscovery, from start: URL
    ) throws(SyncError) -> (collections: [CalendarCollection], home: URL?) {
        let home: URL
        switch try discovery.home(from: start) {
        case .collection(let collection):
            guard collection.acceptsTodos else {
                throw .noTodoCollection(url: start.absoluteString, found: [collection.name])
            }
            return ([collection], nil)
        case .home(let url):
            home = url
        }
        if let create = setUp.create {
            _ = try discovery.makeCollection(named: create, in: home)
        }
        let all = try discovery.collections(in: home)
        let todos = all.filter(\.acceptsTodos)
        if !setUp.collections.isEmpty {
            var chosen: [CalendarCollection] = []
            for name in setUp.collections {
                guard let match = todos.first(where: { $0.name == name || $0.url.lastPathComponent == name }) else {
                    throw .noSuchCollection(name: name, found: todos.map(\.name))
                }
                if !chosen.contains(match) { chosen.append(match) }
            }
            return (chosen, nil)
        }
        guard !todos.isEmpty else {
            throw .noTodoCollection(url: home.absoluteString, found: all.map(\.name))
        }
        return (todos, home)
    }
}
