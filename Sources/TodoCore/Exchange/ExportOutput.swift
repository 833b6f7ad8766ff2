/// The result of an export: one file's bytes, or the files of a directory (`vdir`).
public enum ExportOutput: Sendable, Hashable {
    case file([UInt8])
    /// Files in the order of the exported items.
    case directory([ExportedFile])
}
