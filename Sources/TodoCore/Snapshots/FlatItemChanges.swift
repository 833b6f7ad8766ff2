/// Item changes by flat index (position among all items), before they become index paths.
///
/// The matchers fill it in the order the difference reports, so that no large list is sorted:
/// deletes by descending old index, inserts and moves by ascending new index.
@usableFromInline
struct FlatItemChanges {
    /// Old flat indexes of deleted items, descending.
    @usableFromInline var deleted: ContiguousArray<Int> = []
    /// New flat indexes of inserted items, ascending.
    @usableFromInline var inserted: ContiguousArray<Int> = []
    /// Old flat indexes of moved items, parallel to `movedTo`.
    @usableFromInline var movedFrom: ContiguousArray<Int> = []
    /// New flat indexes of moved items, ascending.
    @usableFromInline var movedTo: ContiguousArray<Int> = []
    /// Old flat indexes of items to reload, in any order, possibly repeated.
    @usableFromInline var reloaded: ContiguousArray<Int> = []
    /// Old flat indexes of items to reconfigure, in any order, possibly repeated.
    @usableFromInline var reconfigured: ContiguousArray<Int> = []

    @inlinable
    init() {}

    @inlinable
    mutating func move(from old: Int, to new: Int) {
        movedFrom.append(old)
        movedTo.append(new)
    }
}
