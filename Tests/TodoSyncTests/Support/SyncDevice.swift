import Foundation
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// One device in a sync test: its own store file, syncing with a collection on a test server.
final class SyncDevice {
    let folder: TemporaryDirectory
    let storePath: String
    var collection: URL
    /// With collections, the device syncs each with a list of its own (as an account `sync setup`
    /// made), and lists made here get collections in `home` when it is set.
    var collections: [URL]?
    var home: URL?
    let server: CalDAVTestServer
    /// Lets a test hook or break the HTTP traffic of this device.
    var transport: any HTTPTransport
    /// The device's clock (a test moves it on to show what happens later).
    var now: () -> Date = Date.init
    /// The clock of the device's edits (`modifiedAt`, which iCalendar writes as `LAST-MODIFIED`).
    var editClock: () -> Date = Date.init

    init(server: CalDAVTestServer, collection: URL) throws {
        folder = try TemporaryDirectory()
        storePath = folder.path("todos.json")
        self.collection = collection
        self.server = server
        transport = CurlTransport(user: server.user, password: server.password)
    }

    var client: CalDAVClient { CalDAVClient(transport: transport, user: server.user, origin: Origin(collection)!) }

    /// A fresh context on the store, as every command makes one.
    func context() -> TodoContext {
        TodoContext(store: JSONStore(path: storePath), now: editClock)
    }

    /// One sync run.
    @discardableResult
    func sync(
        _ policy: MergePolicy = .mergeByPropertyObjectTrump, confirmed: Bool = false
    ) throws(SyncError)
        -> SyncReport
    {
        let engine =
            if let collections {
                SyncEngine(
                    client: client, collections: collections, home: home, context: context(),
                    stateFile: SyncStateFile(storePath: storePath), now: now, calendar: SyncDevice.calendar)
            } else {
                SyncEngine(
                    client: client, collection: collection, context: context(),
                    stateFile: SyncStateFile(storePath: storePath), now: now, calendar: SyncDevice.calendar)
            }
        return try engine.run(SyncOptions(policy: policy, confirmed: confirmed))
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Every item, by text.
    func items() throws -> [String: TodoItem] {
        Dictionary(try context().fetch(FetchRequest()).map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func item(_ text: String) throws -> TodoItem? {
        try items()[text]
    }

    /// Every item of the store file read alone, by text, as another program reads it: a copy of
    /// the file without its journal.
    func itemsInFileAlone() throws -> [String: TodoItem] {
        let copy = try TemporaryDirectory()
        let path = copy.path("copy.json")
        try FileManager.default.copyItem(atPath: storePath, toPath: path)
        let items = try TodoContext(store: JSONStore(path: path), now: Date.init).fetch(FetchRequest())
        return Dictionary(items.map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The lists, by name.
    func lists() throws -> [String: TodoList] {
        Dictionary(try context().lists().map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Adds an item (to the list named `list`, else the first) and saves.
    @discardableResult
    func add(
        _ text: String, day: Int = 0, priority: TodoPriority = .none, tags: [String] = [], list: String? = nil
    ) throws -> TodoItem {
        let context = context()
        var item = TodoItem(
            text: text, date: Date(timeIntervalSince1970: 1_800_000_000 + Double(day) * 86_400), createdAt: Date(),
            priority: priority, tags: TodoTags(tags))
        if let list {
            guard let found = TodoList.named(list, in: try context.lists()) else {
                throw CalDAVTestServer.Failure(description: "no list '\(list)'")
            }
            item.listID = found.id
        }
        try context.insert(item)
        try context.save()
        return item
    }

    /// Changes the item with `text` and saves.
    func edit(_ text: String, _ change: @escaping (inout TodoItem) -> Void) throws {
        let context = context()
        guard let item = try context.fetch(FetchRequest()).first(where: { $0.text == text }) else {
            throw CalDAVTestServer.Failure(description: "no item '\(text)'")
        }
        try context.update(item.id, change)
        try context.save()
    }

    /// Moves the item with `text` to the list named `list` and saves.
    func move(_ text: String, to list: String) throws {
        guard let target = try lists()[list] else { throw CalDAVTestServer.Failure(description: "no list '\(list)'") }
        try edit(text) { $0.listID = target.id }
    }

    func delete(_ text: String) throws {
        let context = context()
        guard let item = try context.fetch(FetchRequest()).first(where: { $0.text == text }) else {
            throw CalDAVTestServer.Failure(description: "no item '\(text)'")
        }
        try context.delete(item.id)
        try context.save()
    }
}

/// A server with one empty to-do collection, `todos`.
func makeServer(_ kind: CalDAVTestServer.Kind) throws -> (CalDAVTestServer, URL) {
    let server = try CalDAVTestServer(kind)
    let collection = server.collectionURL("todos")
    let client = CalDAVClient(
        transport: CurlTransport(user: server.user, password: server.password), user: server.user,
        origin: Origin(collection)!)
    try client.makeCalendar(collection, displayName: "To-dos")
    return (server, collection)
}
