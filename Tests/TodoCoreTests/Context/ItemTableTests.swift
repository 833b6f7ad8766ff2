import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// `ItemTable` behaves as a dictionary of items whatever the copies and foldings (the contexts'
/// tables rely on it; issue 7's cheap child contexts).
@Suite("ItemTable")
struct ItemTableTests {
    static func item(_ number: Int, text: String = "") -> TodoItem {
        let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number)) ?? UUID()
        let date = Date(timeIntervalSince1970: 1_763_640_000)
        return TodoItem(id: id, text: text.isEmpty ? "Item \(number)" : text, date: date, createdAt: date)
    }

    @Test("random sets, removals and copies agree with plain dictionaries, through many foldings")
    func agreesWithDictionaries() {
        var random = SplitMix64(seed: 7)
        let start = Dictionary(uniqueKeysWithValues: (0..<500).map { (Self.item($0).id, Self.item($0)) })
        var tables = [ItemTable(start)]
        var models = [start]
        for step in 0..<20_000 {
            let which = Int.random(in: 0..<tables.count, using: &random)
            let number = Int.random(in: 0..<800, using: &random)
            let id = Self.item(number).id
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where tables.count < 6:
                // A copy, as a child context or a snapshot takes one; later writes must not leak.
                tables.append(tables[which])
                models.append(models[which])
            case 1, 2:
                tables[which][id] = nil
                models[which][id] = nil
            case 3:
                // Writing back the base's own value.
                let value = start[id]
                tables[which][id] = value
                models[which][id] = value
            default:
                let value = Self.item(number, text: "step \(step)")
                tables[which][id] = value
                models[which][id] = value
            }
            #expect(tables[which][id] == models[which][id])
            if step % 997 == 0 {
                for (table, model) in zip(tables, models) {
                    #expect(table.ids == Set(model.keys), "at step \(step)")
                    #expect(table.count == model.count, "at step \(step)")
                    #expect(table.array == Array(table), "at step \(step)")
                    #expect(
                        Array(table).sorted { $0.id < $1.id } == model.values.sorted { $0.id < $1.id },
                        "at step \(step)")
                }
            }
        }
        for (table, model) in zip(tables, models) {
            #expect(Set(model.keys).allSatisfy { table[$0] == model[$0] })
            #expect(Array(table).count == model.count)
        }
    }

    @Test("of two items with one id, the first is kept")
    func firstOfRepeatedIDWins() {
        let first = Self.item(1, text: "first")
        let table = ItemTable([first, Self.item(2), Self.item(1, text: "second")])
        #expect(table[first.id] == first)
        #expect(table.count == 2)
        #expect(Array(table).map(\.text).sorted() == ["Item 2", "first"])
    }

    @Test("the index a store file's reader builds, kept through journal batches, finds every item")
    func readerIndex() throws {
        let items = (0..<40).map { Self.item($0) }
        let bytes = StoreEncoder.encode(StoreContents(generation: 1, items: items))
        var contents = try StoreDecoder.decode(bytes, path: "test.json")
        #expect(contents.idPositions?.count == 40)
        // A batch that replaces and adds keeps the index; one that removes drops it.
        contents.apply([
            StoreBatch(generation: 2, items: [Self.item(3, text: "new text"), Self.item(50)], removedIDs: [])
        ])
        #expect(contents.idPositions?.count == 41)
        let indexed = ItemTable(contents.items, positions: contents.idPositions)
        for item in contents.items {
            #expect(indexed[item.id] == item)
        }
        #expect(indexed[Self.item(3).id]?.text == "new text")
        contents.apply([StoreBatch(generation: 3, items: [], removedIDs: [Self.item(0).id])])
        #expect(contents.idPositions == nil)
        let rebuilt = ItemTable(contents.items, positions: contents.idPositions)
        #expect(rebuilt.count == 40)
        #expect(rebuilt[Self.item(0).id] == nil)
        #expect(rebuilt[Self.item(50).id] == Self.item(50))
    }

    @Test("items(withIDs:) gives the items in the order asked, in step with the base or not")
    func itemsWithIDs() {
        let items = (0..<300).map { Self.item($0) }
        var table = ItemTable(items)
        #expect(table.items(withIDs: items.map(\.id)) == items)
        let shuffled = items.shuffled()
        #expect(table.items(withIDs: shuffled.map(\.id)) == shuffled)
        #expect(table.items(withIDs: items.map(\.id) + [Self.item(999).id]) == nil)
        // A changed value in the overlay is the one given, even where the base is in step.
        let changed = Self.item(5, text: "changed")
        table[changed.id] = changed
        var expected = items
        expected[5] = changed
        #expect(table.items(withIDs: items.map(\.id)) == expected)
        table[items[7].id] = nil
        #expect(table.items(withIDs: items.map(\.id)) == nil)
    }

    @Test("removeAll empties the table, base and overlay")
    func removeAll() {
        var table = ItemTable([Self.item(1).id: Self.item(1)])
        table[Self.item(2).id] = Self.item(2)
        table.removeAll()
        #expect(Array(table).isEmpty)
        #expect(table.ids.isEmpty)
        #expect(table[Self.item(1).id] == nil)
    }
}
