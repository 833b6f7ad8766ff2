/// One file of an export: a name relative to the output directory and its bytes.
public struct ExportedFile: Sendable, Hashable {
    /// A plain file name, e.g. `<UID>.ics`, or one inside a folder of the directory,
    /// `<folder>/<UID>.ics` (a vdir's list, `VdirFolders`).
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        precondition(
            parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." },
            "an exported file name must be a plain, non-empty name, or one inside a folder")
        self.name = name
        self.bytes = bytes
    }
}
