/// One file of an export: a name relative to the output directory and its bytes.
public struct ExportedFile: Sendable, Hashable {
    /// A plain file name (no directory separators), e.g. `<UID>.ics`.
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        precondition(!name.isEmpty && !name.contains("/"), "an exported file name must be a plain, non-empty name")
        self.name = name
        self.bytes = bytes
    }
}
