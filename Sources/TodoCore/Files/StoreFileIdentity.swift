import Foundation

/// Which version of a file a path names, by what `stat` reports: device, inode, size and
/// modification time. A file replaced by a rename gets another inode; one rewritten in place
/// another size or time. Two equal identities are taken to be the same bytes.
///
/// Public as the key of what an application keeps between runs (`StoreStamp`, and the
/// executable a cached screen was drawn by); its `description` is one stable line.
package struct StoreFileIdentity: Hashable, Sendable, CustomStringConvertible {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    /// The identity of the file at `path` now, or nil when nothing (or not a file) is there.
    /// - Complexity: one `stat` call.
    package static func of(_ path: String) -> StoreFileIdentity? {
        guard let info = SystemCall.status(path), (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return StoreFileIdentity(
            device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino),
            size: Int64(info.st_size),
            modifiedSeconds: info.st_mtim.tv_sec,
            modifiedNanoseconds: info.st_mtim.tv_nsec
        )
    }

    /// `device:inode:size:seconds.nanoseconds`, e.g. `2049:131:4096:1764000000.123456789`.
    package var description: String {
        "\(device):\(inode):\(size):\(modifiedSeconds).\(modifiedNanoseconds)"
    }
}
