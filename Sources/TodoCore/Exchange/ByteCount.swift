/// A size limit as a sentence says it.
package enum ByteCount {
    /// `128 MiB`, or `512 bytes` below one MiB: the limits are whole MiB, and tests use small ones.
    package static func phrase(_ bytes: Int) -> String {
        bytes >> 20 > 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
