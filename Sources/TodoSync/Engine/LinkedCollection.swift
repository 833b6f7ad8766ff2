import Foundation
import TodoSyncModel

/// A collection a run syncs, resolved: its link (list, markers, name) and where its items lie.
struct LinkedCollection {
    var link: CollectionLink
    let url: URL
    /// Which URLs are its items.
    let scope: CollectionScope
    /// Its markers as the run found them, when it asked already.
    var marker: CollectionState?

    init(link: CollectionLink, url: URL, marker: CollectionState?) {
        self.link = link
        self.url = url
        scope = CollectionScope(url)
        self.marker = marker
    }

    /// The list it holds; nil when it holds every list.
    var listID: UUID? { link.listID }
}
