/// The program's version, printed by `todo-tui --version`; the one place it is written.
enum TodoTUIVersion {
    static let current = "0.1.0"
}
