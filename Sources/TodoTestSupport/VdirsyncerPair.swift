import Foundation

/// A vdirsyncer configuration pairing one vdir (a folder of `.ics` files) with one collection
/// on a test server, as the interop tests and `todo-bench sync` use it.
public enum VdirsyncerPair {
    /// The configuration text: pair `todos`, `collections = null` (the URL is the collection),
    /// the status in `statusFolder`, conflicts resolved by `conflictResolution` (`"a wins"`:
    /// the vdir, `"b wins"`: the server).
    public static func configuration(
        statusFolder: String, vdir: String, collection: URL, server: CalDAVTestServer, conflictResolution: String
    ) -> String {
        """
        [general]
        status_path = "\(statusFolder)/"

        [pair todos]
        a = "local"
        b = "remote"
        collections = null
        conflict_resolution = "\(conflictResolution)"

        [storage local]
        type = "filesystem"
        path = "\(vdir)/"
        fileext = ".ics"

        [storage remote]
        type = "caldav"
        url = "\(collection.absoluteString)"
        username = "\(server.user)"
        password = "\(server.password)"
        """
    }
}
