// Updates from ids (IDDifference.swift, List+Updates.swift, LazyGrid+Difference.swift): the difference between two
// id arrays against a brute-force model (applying it turns the old ids into the new ones, with the fewest moves), and
// lists and grids that take the ids before and after a change: moved rows keep their views and slide (out of the
// window too, opaque), deleted ids leave the selection, and bad ids are refused with exact errors, changing nothing.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
import GlasspaneTesting
@testable import GlasspaneOverlay

final class IDDifferenceTests: XCTestCase {
    private func difference(_ old: String, _ new: String) throws -> IDDifference {
        try IDDifference(from: old.map { String($0) }, to: new.map { String($0) })
    }

    func testTableOfChanges() throws {
        let cases: [(old: String, new: String, deleted: [Int], inserted: [Int], moves: Int, removed: String)] = [
            ("abcd", "abcd", [], [], 0, ""),
            ("abcd", "abXcd", [], [2], 0, ""),
            ("abcd", "acd", [1], [], 0, "b"),
            ("abcd", "bcad", [0], [2], 1, ""),        // a moved after c
            ("abcd", "dabc", [3], [0], 1, ""),        // d to the front: one move, not three
            ("ab", "ba", [1], [0], 1, ""),            // b to the front (either one move would do)
            ("abcde", "edcba", [1, 2, 3, 4], [0, 1, 2, 3], 4, ""),
            ("abcdef", "Xfbce", [0, 3, 5], [0, 1], 1, "ad"),  // a and d left, X came, f moved to the front
            ("", "xyz", [], [0, 1, 2], 0, ""),
            ("xyz", "", [0, 1, 2], [], 0, "xyz"),
        ]
        for c in cases {
            let d = try difference(c.old, c.new)
            XCTAssertEqual(d.deleted, c.deleted, "\(c.old) → \(c.new): deleted")
            XCTAssertEqual(d.inserted, c.inserted, "\(c.old) → \(c.new): inserted")
            XCTAssertEqual(d.moves.count, c.moves, "\(c.old) → \(c.new): moves")
            XCTAssertEqual(d.removedIDs, Set(c.removed.map { AnyHashable(String($0)) }), "\(c.old) → \(c.new): removed ids")
            XCTAssertEqual(d.isEmpty, c.old == c.new)
        }
    }

    func testARepeatedIDIsRefusedNamingItsIndex() {
        XCTAssertThrowsError(try difference("xaya", "b")) { XCTAssertEqual($0 as? IDDifference.Failure, .repeated(index: 3, inNew: false)) }
        XCTAssertThrowsError(try difference("abc", "bab")) { XCTAssertEqual($0 as? IDDifference.Failure, .repeated(index: 2, inNew: true)) }
        XCTAssertThrowsError(try difference("abc", "abcb"), "a new id repeating an unchanged one") {
            XCTAssertEqual($0 as? IDDifference.Failure, .repeated(index: 3, inNew: true))
        }
        XCTAssertThrowsError(try difference("abcdefgh", "abcdXYZWVefgh" + "a"), "more than four new ids: through a set") {
            XCTAssertEqual($0 as? IDDifference.Failure, .repeated(index: 13, inNew: true))
        }
        XCTAssertNoThrow(try difference("aa", "aa"), "repeats in the unchanged ends were the list's already")
    }

    /// Applying the difference as a list does (remove the deleted indices, then open the inserted ones) leaves every
    /// other id exactly where the new array has it, and the moves are as few as a longest common run in order allows
    /// (an O(n²) longest increasing subsequence as the model).
    func testRandomDifferencesApplyAndMoveAsLittleAsPossible() throws {
        var random = SplitMix64(seed: 29)
        for round in 0..<400 {
            let old = (0..<Int(random.next() % 30)).map { $0 }
            var new = old.filter { _ in random.next() % 5 != 0 }
            for _ in 0..<Int(random.next() % 4) where !new.isEmpty {  // a few moves
                let from = Int(random.next() % UInt64(new.count)), to = Int(random.next() % UInt64(new.count))
                new.insert(new.remove(at: from), at: to)
            }
            for k in 0..<Int(random.next() % 4) { new.insert(100 + k, at: Int(random.next() % UInt64(new.count + 1))) }
            let d = try IDDifference(from: old, to: new)
            var applied: [Int?] = old
            for index in d.deleted.reversed() { applied.remove(at: index) }
            for index in d.inserted { applied.insert(nil, at: index) }
            XCTAssertEqual(applied.count, new.count, "round \(round)")
            for (k, id) in applied.enumerated() where id != nil { XCTAssertEqual(id, new[k], "round \(round), index \(k)") }
            for index in d.inserted { XCTAssertTrue(applied[index] == nil, "round \(round)") }
            // The model: the ids in both, their old indices in new order, and the longest increasing run by DP.
            let kept = new.compactMap { id in old.firstIndex(of: id) }
            var best = [Int](repeating: 1, count: kept.count)
            for i in kept.indices { for j in 0..<i where kept[j] < kept[i] { best[i] = max(best[i], best[j] + 1) } }
            XCTAssertEqual(d.moves.count, kept.count - (best.max() ?? 0), "round \(round): \(old) → \(new)")
            for move in d.moves { XCTAssertEqual(old[move.from], new[move.to], "round \(round)") }
        }
    }
}

final class ListDifferenceTests: XCTestCase {
    private typealias Box = AnimatedReloadFixture.Box

    func testAMovedRowKeepsItsViewAndSlidesToItsNewPlace() throws {
        let (overlay, list, box) = try AnimatedReloadFixture.makeList()
        let row3 = try AnimatedReloadFixture.liveRow(list, "item 3"), row4 = try AnimatedReloadFixture.liveRow(list, "item 4")
        let old = box.items, configured = list.rowsConfigured
        box.items.insert(box.items.remove(at: 3), at: 7)  // item 3 after item 7
        try list.updateRows(from: old, to: box.items, animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(list.rowsConfigured - configured, 5, "rows 3...7 changed index; no row view was made or dropped")
        XCTAssertTrue(try AnimatedReloadFixture.liveRow(list, "item 3") === row3, "kept its view")
        XCTAssertEqual(row3.index, 7)
        XCTAssertEqual(row3.frame.minY, 140, "its model frame at row 7")
        XCTAssertEqual(row3.presentationFrame.minY, 60, "drawn where it was until the animation moves it")
        XCTAssertTrue(try AnimatedReloadFixture.liveRow(list, "item 4") === row4)
        XCTAssertEqual(row4.frame.minY, 60, "item 4 moved up into row 3")
        overlay.advanceAnimations(to: 0.25)
        XCTAssertEqual(row3.presentationFrame.minY, 100, accuracy: 0.5, "halfway, linearly")
        XCTAssertEqual(list.fadingRowCount, 0, "a move is not a delete")
    }

    func testAMovedRowLeavingTheWindowSlidesOutOpaque() throws {
        let (overlay, list, box) = try AnimatedReloadFixture.makeList()
        overlay.advanceAnimations(to: 1)
        let row2 = try AnimatedReloadFixture.liveRow(list, "item 2")
        let old = box.items
        box.items.insert(box.items.remove(at: 2), at: 150)
        try list.updateRows(from: old, to: box.items, animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(list.fadingRowCount, 1, "it leaves the window")
        XCTAssertEqual(row2.frame.minY, 150 * 20, "heading for row 150")
        overlay.advanceAnimations(to: 1.25)
        XCTAssertEqual(row2.presentationAlpha, 1, "pushed out, not deleted: opaque")
    }

    func testDeletedIDsLeaveTheSelectionAndErrorsChangeNothing() throws {
        let (overlay, list, box) = try AnimatedReloadFixture.makeList()
        list.selectionMode = .multiple
        list.setSelection(["item 1", "item 2", "item 5"])
        let old = box.items
        box.items.removeAll { $0 == "item 2" || $0 == "item 5" }
        box.items.insert("new", at: 0)
        try list.updateRows(from: old, to: box.items)
        overlay.update()
        XCTAssertEqual(list.selection, ["item 1"], "the deleted ids left; updateRows(deleting:) keeps them")
        XCTAssertEqual(list.rowCount, 199)
        XCTAssertEqual(list.rowView(at: 0)?.rowID, "new")
        XCTAssertEqual(list.rowView(at: 2)?.rowID, "item 1")

        let now = box.items
        XCTAssertThrowsError(try list.updateRows(from: Array(now.dropLast()), to: now)) {
            XCTAssertEqual($0 as? ListError, .rowIDCountMismatch(198, rowCount: 199))
            XCTAssertEqual(($0 as? ListError)?.identifier, "list-row-id-count-mismatch")
        }
        XCTAssertThrowsError(try list.updateRows(from: now, to: now + ["item 1"])) {
            XCTAssertEqual($0 as? ListError, .rowIDRepeated(199, inNewIDs: true))
            XCTAssertEqual("\($0)", "the update's new id at index 199 repeats an earlier one (ids must be unique)")
        }
        XCTAssertEqual(list.rowCount, 199, "nothing changed")
        XCTAssertEqual(list.selection, ["item 1"])
    }

    /// Random shuffles, insertions and deletions handed over as ids, against the data: after every layout each live
    /// row shows the item at its index, at its offset, one view each, and an item that stays in the window keeps its
    /// view (measured rows keep their heights through moves).
    func testRandomIDUpdatesKeepTheWindowTrueToTheData() throws {
        for (seed, measured) in [(11 as UInt64, false), (12, true)] {
            var random = SplitMix64(seed: seed)
            var nextID = 1000
            let (overlay, list, box) = try AnimatedReloadFixture.makeModelList(measured: measured)
            var time = 0.0
            for step in 0..<200 {
                let context = "seed \(seed), step \(step)"
                let before = Dictionary(uniqueKeysWithValues: list.liveRowViews.map { ($0.rowID, $0) })
                let old = box.items
                // Rows near the window move most: indices around the first live row.
                let near = list.liveRowViews.first?.index ?? 0
                func pick() -> Int { min(box.items.count - 1, max(0, near + Int(random.next() % 30) - 8)) }
                for _ in 0..<Int(random.next() % 3) where !box.items.isEmpty {
                    box.items.insert(box.items.remove(at: pick()), at: pick())
                }
                if random.next() % 3 == 0, !box.items.isEmpty { box.items.remove(at: pick()) }
                if random.next() % 3 == 0 { box.items.insert("new \(nextID)", at: pick()); nextID += 1 }
                if random.next() % 4 == 0 { list.scroll(by: Point(x: 0, y: Double(Int(random.next() % 400)) - 200)) }
                try list.updateRows(from: old, to: box.items, animation: random.next() % 2 == 0 ? .linear(duration: 0.1) : nil)
                time += 1.0 / 30
                overlay.advanceAnimations(to: time)
                overlay.update()
                XCTAssertEqual(list.rowCount, box.items.count, context)
                AnimatedReloadFixture.assertWindowTrueToTheData(list, box, before: before, measured: measured, context)
            }
        }
    }
}

final class LazyGridDifferenceTests: XCTestCase {
    func testAGridTakesItsIDsBeforeAndAfterAChange() throws {
        let (overlay, grid, items) = try LazyGridFixture.makeGrid(count: 100, mode: .multiple)
        grid.setSelection(["item 1", "item 6"])
        let cell6 = try XCTUnwrap(grid.liveCellViews.first { $0.itemID == AnyHashable("item 6") })
        let old = items.items
        items.items.remove(at: 1)                          // item 1 leaves
        items.items.insert(items.items.remove(at: 5), at: 0)  // item 6 to the front
        try grid.updateItems(from: old, to: items.items)
        overlay.update()
        XCTAssertEqual(grid.itemCount, 99)
        XCTAssertEqual(grid.selection, ["item 6"], "item 1 left the selection")
        XCTAssertTrue(grid.cellView(at: 0) === cell6, "the moved item's cell kept its view")
        XCTAssertEqual(cell6.frame.origin, Point(x: 0, y: 0))
        XCTAssertEqual(grid.cellView(at: 1)?.itemID, "item 0")
        XCTAssertThrowsError(try grid.updateItems(from: old, to: items.items)) {
            XCTAssertEqual($0 as? LazyGridError, .itemIDCountMismatch(100, itemCount: 99))
            XCTAssertEqual(($0 as? LazyGridError)?.identifier, "lazy-grid-item-id-count-mismatch")
        }
        XCTAssertThrowsError(try grid.updateItems(from: items.items, to: ["a", "a"])) {
            XCTAssertEqual($0 as? LazyGridError, .itemIDRepeated(1, inNewIDs: true))
        }
        XCTAssertEqual(grid.itemCount, 99, "nothing changed")
    }

    func testAnItemMovedOutOfTheWindowByItsIDsSlidesOutOpaque() throws {
        let (overlay, grid, items) = try LazyGridFixture.makeGrid(count: 100)
        overlay.advanceAnimations(to: 1)
        overlay.update()
        let cell2 = try XCTUnwrap(grid.cellView(at: 2))
        let old = items.items
        items.items.insert(items.items.remove(at: 2), at: 90)
        try grid.updateItems(from: old, to: items.items, animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(grid.fadingCellCount, 1, "it leaves the window")
        XCTAssertEqual(cell2.frame, grid.itemFrame(90), "heading for slot 90")
        overlay.advanceAnimations(to: 1.25)
        XCTAssertEqual(cell2.presentationAlpha, 1, "moved, not deleted: opaque")
    }
}
