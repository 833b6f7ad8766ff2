import Foundation
import TodoCore
import TodoSyncModel

extension SyncEngine {
    /// The run this sync makes: the state it starts from, and each collection linked to its list.
    ///
    /// With one collection per list, a collection is linked to the list the state linked it to,
    /// else to the list of its name not linked yet, else (the first such collection) to the
    /// standard list, which takes its name, else to a list made for it; the lists are saved
    /// before the run, so a run stopped after finds them by name. A collection the server no longer has
    /// stops the run (`SyncError.collectionGone`) unless `options.confirmed`: then its list
    /// stays here, unlinked, with its to-dos, and the report names the collection
    /// (`SyncReport.unlinked`). Records of collections no longer linked are dropped; their
    /// to-dos stay. A list renamed on one side since the last run is renamed on the other
    /// (PROPPATCH of `displayname`, or the list here). With a calendar home, a list without a
    /// calendar gets one (`makeCollection(for:in:)`, `SyncReport.linked`).
    /// - Parameter known: what a PROPFIND of each collection found, when the caller asked already
    ///   (`CalDAVClient.knownCalendar`: no colour, order or component set, which only a collection
    ///   not linked yet needs).
    func prepareRun(_ options: SyncOptions, found known: [URL: CollectionFound]?) throws(SyncError) -> SyncRun {
        let onDisk = try stateFile.load()
        var found = known ?? [:]
        if known == nil {
            for url in collections {
                found[url] = try client.calendar(url).map {
                    CollectionFound(collection: $0.collection, marker: $0.marker)
                }
            }
        }
        if holdsEveryList {
            return try oneCollectionRun(options, onDisk: onDisk, found: found)
        }
        var lists: [TodoList]
        do {
            lists = try context.lists()
        } catch {
            throw .store(error.description)
        }
        let before = Dictionary(
            (onDisk?.collections ?? []).map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        var links: [LinkedCollection] = []
        var made: [TodoList] = []
        var report = SyncReport()
        var present: [(url: URL, found: CollectionFound, link: CollectionLink)] = []
        var keptLocal = Set(onDisk?.keptLocal ?? [])
        var ignored = onDisk?.ignoredCollections ?? []
        let listed = try calendarsAdded(ignoring: ignored, listedAt: onDisk?.homeListedAt)
        let added = listed ?? []
        for (url, calendar) in added { found[url] = calendar }
        report.discovered = added.map(\.url.absoluteString)
        // Calendars whose list was deleted here and made again: their records go, their to-dos come back.
        var relinked: [CollectionScope] = []
        for url in collections + added.map(\.url) {
            let key = url.absoluteString
            guard let here = found[url] else {
                let list = before[key]?.listID.flatMap { id in lists.first { $0.id == id } }
                if let list, !options.confirmed {
                    let count = (try? context.count(for: FetchRequest(predicate: .list(list.id)))) ?? 0
                    throw .collectionGone(list: list.name, url: key, count: count)
                }
                if let list { keptLocal.insert(list.id) }
                report.unlinked.append(key)
                continue
            }
            var link = before[key] ?? CollectionLink(url: key, listID: nil)
            if let id = link.listID, !lists.contains(where: { $0.id == id }) {
                let taken = Set(before.values.compactMap(\.listID))
                switch try settleDeletedList(
                    calendar: here, at: url, lists: lists, taken: taken, options: options, report: &report)
                {
                case .released: continue
                case .relinked(let list):
                    link = CollectionLink(url: key, listID: list, name: link.name)
                    relinked.append(CollectionScope(url))
                }
            }
            present.append((url, here, link))
        }
        // By name, among the lists no collection holds yet.
        for index in present.indices where present[index].link.listID == nil {
            let taken = Set(present.compactMap(\.link.listID))
            if let match = TodoList.named(present[index].found.collection.name, in: lists), !taken.contains(match.id) {
                present[index].link.listID = match.id
            }
        }
        var renamed: [TodoList] = []
        for index in present.indices where present[index].link.listID == nil {
            let collection = present[index].found.collection
            let taken = Set(present.compactMap(\.link.listID))
            if !taken.contains(TodoList.standardID),
                var standard = lists.first(where: { $0.id == TodoList.standardID }),
                TodoList.named(collection.name, in: lists) == nil
            {
                // The first collection nothing else names takes the standard list, its name and colour.
                standard.name = Self.unusedName(collection.name, among: lists)
                standard.color = Self.color(of: collection)
                lists = lists.map { $0.id == standard.id ? standard : $0 }
                renamed.append(standard)
                present[index].link.listID = standard.id
            } else {
                let list = TodoList(
                    name: Self.unusedName(collection.name, among: lists), color: Self.color(of: collection)
                )
                lists.append(list)
                made.append(list)
                present[index].link.listID = list.id
            }
        }
        for (url, here, var link) in present {
            let agreed = link.name
            // The list's name as agreed: the calendar's, unless a clash gave the list another.
            let agreedHere = link.listName ?? agreed
            link.name = here.collection.name
            link.readOnly = here.collection.writable ? nil : true
            if let index = lists.firstIndex(where: { $0.id == link.listID }), agreed == nil {
                link.listName = lists[index].name == here.collection.name ? nil : lists[index].name
            } else if let agreed, let index = lists.firstIndex(where: { $0.id == link.listID }) {
                let local = lists[index].name
                if local != agreedHere, here.collection.writable {
                    // Renamed here (or on both sides): the calendar takes the list's name.
                    do {
                        try client.rename(url, to: local, color: nil)
                        link.name = local
                        link.listName = nil
                    } catch {
                        report.notSent.append("the new name of the list '\(local)': \(error)")
                    }
                } else if here.collection.name != agreed, local == agreedHere {
                    // Renamed on the server: the list takes the calendar's name, or `name 2` when
                    // another list has it; the calendar keeps its name (nothing is sent back).
                    lists[index].name = Self.unusedName(
                        here.collection.name, among: lists.filter { $0.id != link.listID })
                    link.listName = lists[index].name == here.collection.name ? nil : lists[index].name
                    renamed.append(lists[index])
                }
            }
            links.append(LinkedCollection(link: link, url: url, marker: here.marker))
        }
        // Lists the server refused a calendar for are not asked for again, but with `--yes`.
        var refused = Set(options.confirmed ? [] : onDisk?.calendarRefused ?? [])
        if let home {
            for list in lists
            where !links.contains(where: { $0.listID == list.id }) && !keptLocal.contains(list.id)
                && !refused.contains(list.id)
            {
                if let linked = try makeCollection(for: list, in: home) {
                    links.append(linked)
                    report.linked.append(linked.link.url)
                } else {
                    refused.insert(list.id)
                    report.calendarRefused.append(list.name)
                }
            }
        }
        refused = refused.filter { id in lists.contains { $0.id == id } }
        ignored += report.forgotten + report.keptCalendars
        try save(made, renaming: renamed)
        var state = onDisk ?? SyncState(collections: [])
        let dropped =
            state.collections.filter { old in !links.contains { $0.link.url == old.url } }
            .compactMap { URL(string: $0.url).map(CollectionScope.init) } + relinked
        // Only when there is something to drop: the records then keep sharing the loaded storage,
        // which the run compares with the file's in one step (`SyncRun.init`).
        if !dropped.isEmpty {
            state.records.removeAll { record in dropped.contains { $0.itemPath(ofHref: record.href) != nil } }
        }
        state.collections = links.map(\.link)
        state.keptLocal = keptLocal.isEmpty ? nil : keptLocal.sorted { $0.uuidString < $1.uuidString }
        state.ignoredCollections = ignored.isEmpty ? nil : ignored
        state.calendarRefused = refused.isEmpty ? nil : refused.sorted { $0.uuidString < $1.uuidString }
        if listed != nil { state.homeListedAt = Int(now().timeIntervalSince1970) }
        var run = SyncRun(engine: self, options: options, starting: (state, onDisk), links: links)
        run.report.unlinked = report.unlinked
        run.report.linked = report.linked
        run.report.discovered = report.discovered
        run.report.deletedCalendars = report.deletedCalendars
        run.report.forgotten = report.forgotten
        run.report.keptCalendars = report.keptCalendars
        run.report.calendarRefused = report.calendarRefused
        run.report.notSent = report.notSent
        return run
    }

    /// The list colour for a calendar's `calendar-color`: the nearest of the eight
    /// (`TodoColor(hexCode:)`, one rule for vdir, ics and CalDAV); none or not a colour is the
    /// default colour.
    private static func color(of collection: CalendarCollection) -> TodoColor {
        collection.color.flatMap { TodoColor(hexCode: $0.trimmingCharacters(in: .whitespaces)) } ?? .default
    }

    /// A calendar for the list `list` made here, in `home`, at `<home>/<list id>/`: MKCALENDAR
    /// with the list's name and colour, to-dos only; then the colour set again by PROPPATCH when
    /// the server dropped it (Xandikos keeps neither colour nor component set of a MKCALENDAR).
    /// A calendar already there (made by a run stopped before the account recorded it) is taken
    /// as it is. nil when the server does not let the account make one: the list stays local.
    private func makeCollection(for list: TodoList, in home: URL) throws(SyncError) -> LinkedCollection? {
        let folder = home.absoluteString.hasSuffix("/") ? home : home.appendingPathComponent("")
        guard let url = URL(string: list.id.uuidString.lowercased() + "/", relativeTo: folder)?.absoluteURL else {
            return nil
        }
        let color = list.color.hexCode
        do {
            try client.makeCalendar(url, displayName: list.name, color: color)
        } catch {
            switch error {
            case .forbidden: return nil
            case .unexpectedStatus(_, _, let status) where status == 405 || status == 409: break
            default: throw error
            }
        }
        guard let found = try client.calendar(url) else { return nil }
        if let color, found.collection.color == nil {
            try? client.rename(url, to: list.name, color: color)
        }
        let link = CollectionLink(url: url.absoluteString, listID: list.id, name: list.name)
        return LinkedCollection(link: link, url: url, marker: found.marker)
    }

    /// The run of an account whose one collection holds every list.
    private func oneCollectionRun(
        _ options: SyncOptions, onDisk: SyncState?, found: [URL: CollectionFound]
    ) throws(SyncError) -> SyncRun {
        let url = collections[0]
        guard let here = found[url] else {
            throw .notCalDAV(url: url.absoluteString, reason: "PROPFIND was answered with HTTP 404")
        }
        let link = CollectionLink(url: url.absoluteString, listID: nil)
        var state = SyncState(collections: [link])
        if let onDisk {
            if onDisk.collections.map(\.url) == [link.url], onDisk.collections.allSatisfy({ $0.listID == nil }) {
                state = onDisk
            } else if !options.confirmed {
                throw .collectionChanged(
                    from: onDisk.collections.map(\.url).joined(separator: ", "), to: url.absoluteString)
            }
        }
        let linked = LinkedCollection(link: state.collections[0], url: url, marker: here.marker)
        return SyncRun(engine: self, options: options, starting: (state, onDisk), links: [linked])
    }

    /// Saves the lists made for new collections and the standard list's new name, before the
    /// run that fills them.
    private func save(_ lists: [TodoList], renaming renamed: [TodoList]) throws(SyncError) {
        guard !lists.isEmpty || !renamed.isEmpty else { return }
        do {
            for list in renamed {
                try context.updateList(list.id) { $0 = list }
            }
            for list in lists {
                try context.insertList(list)
            }
            try context.save()
        } catch {
            context.rollback()
            throw .store("The lists of the server's calendars could not be saved (\(error)); nothing was changed.")
        }
    }

    /// `name`, or `name 2`, `name 3`, … when a list of `lists` has it already (ignoring case).
    static func unusedName(_ name: String, among lists: [TodoList]) -> String {
        let base = (try? TodoList.validatedName(name)) ?? "Calendar"
        var candidate = base
        var number = 1
        while TodoList.named(candidate, in: lists) != nil {
            number += 1
            candidate = "\(base) \(number)"
        }
        return candidate
    }
}
