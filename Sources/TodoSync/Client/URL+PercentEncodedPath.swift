import Foundation

extension URL {
    /// The path as it goes on the wire, percent-encoded.
    var percentEncodedPath: String {
        URLComponents(url: self, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? path
    }
}
