import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// Issue 17.2: the screen kept at a clean quit is exactly the app's first frame at the next
/// start, and it is never shown for another store state, day, size or program, nor from a
/// broken file.
@Suite("The start screen kept between sessions")
struct StartScreenCacheTests {
    let folder: TemporaryDirectory
    let store: JSONStore
    let size = TerminalSize(rows: 12, columns: 60)

    init() throws {
        folder = try TemporaryDirectory()
        store = JSONStore(path: folder.path("todos.json"))
        let context = TodoContext(store: store, now: Date.init)
        let now = CLIClock.now
        for (index, text) in ["Buy milk", "우유 사기 🥛", "Pay rent", "Call Mum"].enumerated() {
            try context.insert(text: text, date: now.addingTimeInterval(Double(index - 1) * 86_400))
        }
        try context.save()
        try store.compact()
    }

    var cachePath: String { StartScreenCache.path(forStore: store.path, in: folder.path("cache")) }

    func session(_ context: TodoContext) -> InteractiveSession {
        var configuration = Configuration.standard
        configuration.animations = false
        return InteractiveSession(context: context, configuration: configuration, cacheDirectory: folder.path("cache"))
    }

    /// The cached screen the next start would show now at `size`, if any.
    func cached(size: TerminalSize? = nil, now: Date = CLIClock.now) -> Screen? {
        guard
            let key = StartScreenCache.Key.opening(
                store, now: now, calendar: CLIClock.calendar, size: size ?? self.size)
        else { return nil }
        return StartScreenCache.read(from: cachePath, key: key)
    }

    /// What the app draws first on a fresh context of the store.
    func firstFrame() throws -> Screen {
        let app = try TodoApp(
            context: TodoContext(store: store, now: Date.init), calendar: CLIClock.calendar, now: CLIClock.now,
            size: size, animations: false)
        var screen = Screen(size: size)
        app.render(into: &screen)
        return screen
    }

    @Test("Kept at quit, private, and exactly the next start's first frame")
    func keptScreenIsTheFirstFrame() throws {
        let context = TodoContext(store: store, now: Date.init)
        _ = try context.count(for: FetchRequest())
        session(context).keepStartScreen(size: size)
        let screen = try #require(cached())
        #expect(screen == (try firstFrame()))
        #expect(screen.lines.contains { $0.contains("Buy milk") })
        let mode = try FileManager.default.attributesOfItem(atPath: cachePath)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test("Not shown for another size, day, store state or program")
    func otherKeys() throws {
        let context = TodoContext(store: store, now: Date.init)
        _ = try context.count(for: FetchRequest())
        session(context).keepStartScreen(size: size)
        #expect(cached() != nil)
        #expect(cached(size: TerminalSize(rows: 12, columns: 61)) == nil)
        #expect(cached(now: CLIClock.now.addingTimeInterval(86_400)) == nil)

        var key = try #require(
            StartScreenCache.Key.opening(store, now: CLIClock.now, calendar: CLIClock.calendar, size: size))
        key.program += " rebuilt"
        #expect(StartScreenCache.read(from: cachePath, key: key) == nil)
        // Another configuration draws another screen (keys in the hints, colours, clock, order).
        for change in [
            "[keys]\nadd = \"A\"\n", "[theme]\ntitle = \"blue\"\n", "[calendar]\nclock = \"12-hour\"\n",
            "[defaults]\norder = \"by-time\"\n", "[calendar]\nweek-start = \"sunday\"\n",
        ] {
            var configuration = Configuration()
            try ConfigurationLoader.read(Array(change.utf8), path: "test.toml", into: &configuration)
            let changed = try #require(
                StartScreenCache.Key.opening(
                    store, now: CLIClock.now, calendar: configuration.calendar(CLIClock.calendar), size: size,
                    configuration: configuration))
            #expect(StartScreenCache.read(from: cachePath, key: changed) == nil, "\(change)")
        }
        // A setting the screen does not show keeps it.
        var quiet = Configuration()
        try ConfigurationLoader.read(Array("[defaults]\nanimations = false\n".utf8), path: "test.toml", into: &quiet)
        let same = try #require(
            StartScreenCache.Key.opening(
                store, now: CLIClock.now, calendar: CLIClock.calendar, size: size, configuration: quiet))
        #expect(StartScreenCache.read(from: cachePath, key: same) != nil)

        let other = TodoContext(store: store, now: Date.init)
        try other.insert(text: "Added elsewhere", date: CLIClock.now)
        try other.save()
        #expect(cached() == nil, "another writer's save changed the store")
    }

    @Test("A change not saved, or another writer's save the context has not merged, keeps no screen")
    func unsavedOrUnmergedKeepsNone() throws {
        let context = TodoContext(store: store, now: Date.init)
        _ = try context.count(for: FetchRequest())
        session(context).keepStartScreen(size: size)
        #expect(FileManager.default.fileExists(atPath: cachePath))

        try context.insert(text: "Not saved", date: CLIClock.now)
        session(context).keepStartScreen(size: size)
        #expect(!FileManager.default.fileExists(atPath: cachePath))

        try context.save()
        let other = TodoContext(store: store, now: Date.init)
        try other.insert(text: "Saved elsewhere", date: CLIClock.now)
        try other.save()
        session(context).keepStartScreen(size: size)
        #expect(!FileManager.default.fileExists(atPath: cachePath), "the screen would miss the other save")
    }

    @Test("A truncated, emptied or garbled file is ignored")
    func brokenFiles() throws {
        let context = TodoContext(store: store, now: Date.init)
        _ = try context.count(for: FetchRequest())
        session(context).keepStartScreen(size: size)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        #expect(cached() != nil)
        for broken in [
            bytes.dropLast(1), bytes.dropLast(bytes.count / 2), Data(), Data("garbage\n".utf8),
            Data(
                String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "size 12 60", with: "size 12 61").utf8),
            Data(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1F}1", with: "\u{1F}3").utf8),
            bytes + Data("more\n".utf8),
        ] {
            try broken.write(to: URL(fileURLWithPath: cachePath))
            #expect(cached() == nil)
        }
    }
}
