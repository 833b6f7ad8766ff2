import Foundation

extension TableAnimation {
    /// The elements of a batch's animation: the rows and headers visible before or after it,
    /// and the moved rows whose way crosses the screen.
    ///
    /// Rows visible before keep the content they had (the data source may no longer have them);
    /// rows visible after take the new viewport's content. A moved row's content is read again
    /// at its destination, since a move may also change the item. A reloaded row leaves with its
    /// old content and arrives with the new one, unless its animation is `.none`: then it simply
    /// stays, with the new content.
    /// - Parameters:
    ///   - old: the viewport before the batch, its visible rows loaded.
    ///   - new: the viewport after the batch, its visible rows loaded.
    ///   - mapping: the validated batch.
    ///   - width: the viewport's width in columns.
    ///   - fetch: reads a row of the state after the batch.
    /// - Complexity: O(h + k log k) for h viewport lines and k operations, and at most one
    ///   `fetch` per moved row.
    init(
        from old: TableViewport, to new: TableViewport, mapping: TableUpdateMapping, width: Int,
        fetch: (IndexPath) -> TableViewport.Row
    ) {
        self.height = new.height
        self.width = width
        let coveredLine = new.layout.stickySection(offset: new.offset, height: new.height) == nil ? nil : 0
        func content(at path: IndexPath) -> TableFrameLine.Content {
            let row = new.rows[path] ?? fetch(path)
            return .row(identity: row.identity, cell: row.cell)
        }
        // A moved row ending under the sticky header moves under headers, as rows scroll.
        func stay(_ content: TableFrameLine.Content, from: Int, to: Int, moved: Bool) {
            let layer = moved && to != coveredLine ? Self.movingLayer : Self.restingLayer
            elements.append(Element(content: content, motion: .stay(from: from, to: to), layer: layer))
        }
        var placed = Set<IndexPath>()
        for path in old.visibleRows {
            guard let row = old.rows[path] else { continue }
            let exit = mapping.exitAnimation(forOld: path)?.resolved
            let destination = mapping.newPath(forOld: path)
            if let exit, exit != .none || destination == nil {
                if exit != .none {
                    addRow(.row(identity: row.identity, cell: row.cell), .leave(from: old.screenLine(of: path), exit))
                }
                continue
            }
            guard let destination else { continue }
            placed.insert(destination)
            let moved = mapping.batch.moves[path] != nil
            stay(
                moved || exit != nil ? content(at: destination) : .row(identity: row.identity, cell: row.cell),
                from: old.screenLine(of: path), to: new.screenLine(of: destination), moved: moved)
        }
        for path in new.visibleRows where !placed.contains(path) {
            placed.insert(path)
            let entry = mapping.entryAnimation(forNew: path)?.resolved
            let source = mapping.oldPath(forNew: path)
            if let entry, entry != .none || source == nil {
                addRow(content(at: path), .arrive(to: new.screenLine(of: path), entry))
            } else if let source {
                stay(
                    content(at: path), from: old.screenLine(of: source), to: new.screenLine(of: path),
                    moved: mapping.batch.moves[source] != nil)
            }
        }
        for (source, destination) in mapping.batch.moves.sorted(by: { $0.key < $1.key })
        where !placed.contains(destination) {
            let from = old.screenLine(of: source)
            let to = new.screenLine(of: destination)
            if crosses(from, to) { stay(content(at: destination), from: from, to: to, moved: true) }
        }
        addHeaders(from: old, to: new, mapping: mapping)
    }

    /// Adds the headers visible before or after the batch.
    private mutating func addHeaders(from old: TableViewport, to new: TableViewport, mapping: TableUpdateMapping) {
        var placed = Set<Int>()
        for section in old.layout.visibleHeaders(offset: old.offset, height: old.height) {
            guard let title = old.layout.sections[section].title, let from = old.screenLine(ofHeader: section) else {
                continue
            }
            if let exit = mapping.exitAnimation(forSection: section)?.resolved {
                if exit != .none { addHeader(title, .leave(from: from, exit)) }
            } else if let target = mapping.newSection(forOld: section), let to = new.screenLine(ofHeader: target) {
                placed.insert(target)
                addHeader(title, .stay(from: from, to: to))
            }
        }
        for section in new.layout.visibleHeaders(offset: new.offset, height: new.height) where !placed.contains(section)
        {
            guard let title = new.layout.sections[section].title, let to = new.screenLine(ofHeader: section) else {
                continue
            }
            if let source = mapping.oldSection(forNew: section), let from = old.screenLine(ofHeader: source) {
                addHeader(title, .stay(from: from, to: to))
            } else {
                addHeader(title, .arrive(to: to, mapping.entryAnimation(forSection: section)?.resolved ?? .none))
            }
        }
    }

    /// Adds a row that leaves or arrives: over everything when it slides vertically.
    private mutating func addRow(_ content: TableFrameLine.Content, _ motion: Motion) {
        elements.append(
            Element(content: content, motion: motion, layer: motion.isVertical ? Self.slidingLayer : Self.restingLayer))
    }

    /// Adds a header; one sliding vertically goes over everything too.
    private mutating func addHeader(_ title: String, _ motion: Motion) {
        elements.append(
            Element(
                content: .header(title), motion: motion, layer: motion.isVertical ? Self.slidingLayer : Self.headerLayer
            ))
    }
}

extension TableAnimation.Motion {
    /// Whether the thing leaves or arrives with a vertical slide.
    var isVertical: Bool {
        switch self {
        case .leave(_, let animation), .arrive(_, let animation): animation == .top || animation == .bottom
        case .stay: false
        }
    }
}
