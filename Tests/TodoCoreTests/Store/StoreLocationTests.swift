import Testing
import TodoCore

@Suite("Store location")
struct StoreLocationTests {
    private func resolve(_ explicit: String? = nil, _ environment: [String: String] = [:]) -> String {
        StoreLocation.resolve(explicitPath: explicit, environment: environment, homeDirectory: "/home/ana")
    }

    @Test("--store wins over everything")
    func explicitPath() {
        #expect(
            resolve("/tmp/mine.json", ["TODO_TUI_STORE": "/env.json", "XDG_DATA_HOME": "/xdg"]) == "/tmp/mine.json")
        #expect(resolve("relative.json") == "relative.json")
    }

    @Test("$TODO_TUI_STORE comes next, then $XDG_DATA_HOME, then ~/.local/share")
    func environment() {
        #expect(resolve(nil, ["TODO_TUI_STORE": "/env.json", "XDG_DATA_HOME": "/xdg"]) == "/env.json")
        #expect(resolve(nil, ["XDG_DATA_HOME": "/xdg"]) == "/xdg/todo-tui/todos.json")
        #expect(resolve(nil, ["XDG_DATA_HOME": "/xdg/"]) == "/xdg/todo-tui/todos.json")
        #expect(resolve() == "/home/ana/.local/share/todo-tui/todos.json")
    }

    @Test("empty values count as unset and a relative XDG_DATA_HOME is ignored")
    func unsetAndInvalid() {
        #expect(
            resolve("", ["TODO_TUI_STORE": "", "XDG_DATA_HOME": ""]) == "/home/ana/.local/share/todo-tui/todos.json")
        #expect(resolve(nil, ["XDG_DATA_HOME": "relative/data"]) == "/home/ana/.local/share/todo-tui/todos.json")
        #expect(
            StoreLocation.resolve(explicitPath: nil, environment: [:], homeDirectory: "/")
                == "/.local/share/todo-tui/todos.json")
    }
}
