import Foundation

/// Whether the build `scripts/install` put in place is what it means to be: `todo-tui` and its
/// helper with the Swift standard library and Foundation linked in. `scripts/install` falls back
/// to a plain release build when the static link fails (a missing development package, a
/// scratch folder copied from elsewhere), and a timing of that build under the "(installed)"
/// label would quietly measure the dynamic one again.
enum InstalledBuildCheck {
    /// The binaries of the installation whose `todo-tui` is `path`: itself and the helper in
    /// `../libexec/todo-tui/`, where `scripts/install` puts it.
    static func binaries(of path: String) -> [String] {
        let bin = (path as NSString).deletingLastPathComponent
        let prefix = (bin as NSString).deletingLastPathComponent
        return [path, prefix + "/libexec/todo-tui/todo-tui-sync"]
    }

    /// The binaries of the installation at `path` that load the Swift runtime as a shared library
    /// (their dynamic section names `libswiftCore.so`), or that cannot be read.
    /// - Complexity: O(size of the binaries): each is read once.
    static func dynamicallyLinked(_ path: String) -> [String] {
        let name = Data("libswiftCore.so".utf8)
        return binaries(of: path).filter { binary in
            guard let bytes = FileManager.default.contents(atPath: binary) else { return true }
            return bytes.range(of: name) != nil
        }
    }

    /// One sentence for the bench's heading when the installation at `path` is not static; nil
    /// when it is.
    static func warning(for path: String) -> String? {
        let dynamic = dynamicallyLinked(path)
        guard !dynamic.isEmpty else { return nil }
        return "warning: the Swift runtime is a shared library of \(dynamic.joined(separator: " and ")) "
            + "(scripts/install fell back to a plain release build), so the (installed) lines do not time "
            + "the static build"
    }
}
