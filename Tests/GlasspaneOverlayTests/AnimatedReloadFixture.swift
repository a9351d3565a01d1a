// The list the animated-reload tests drive (ListReloadAnimationTests, ListFadeOutTests): 200 items whose ids are
// their strings, so a test changes the data through the box and reloads.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

enum AnimatedReloadFixture {
    /// The items, shared with the list's closures.
    final class Box { var items: [String]; init(_ items: [String]) { self.items = items } }

    /// 200 items ("item N", ids are the strings) in 20-point rows, a 200-point viewport at (10, 10).
    static func makeList() throws -> (Overlay, List, Box) {
        let box = Box((0..<200).map { "item \($0)" })
        let overlay = Overlay(windowSize: Size(width: 600, height: 400))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: box.items.count, rowHeight: .fixed(20),
                            rowID: { AnyHashable(box.items[$0]) }, makeRow: { Label(text: "") },
                            configureRow: { view, i in (view as! Label).text = box.items[i] })
        list.preferredWidth = 300
        list.preferredHeight = 200
        ui.addSubview(list, at: Point(x: 10, y: 10))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, list, box)
    }

    /// The heights a model list's measured rows take, by the length of their item's text.
    static let modelHeights = [20.0, 30, 45, 26, 70]

    /// A model list's measured height for an item: `modelHeights[text length % 5]`.
    static func modelHeight(_ item: String) -> Double { modelHeights[item.count % 5] }

    /// 300 items ("item N") in a 300x200 list at (10, 10), of 24-point rows or (`measured`) rows measured at
    /// `height(item)` (`modelHeight` unless given) from `estimate`: the model tests' list.
    static func makeModelList(measured: Bool, estimate: Double = 30,
                              height: @escaping (String) -> Double = modelHeight) throws -> (Overlay, List, Box) {
        let box = Box((0..<300).map { "item \($0)" })
        let overlay = Overlay(windowSize: Size(width: 600, height: 400))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: box.items.count,
                            rowHeight: measured ? .measured(estimate: estimate) : .fixed(24),
                            rowID: { AnyHashable(box.items[$0]) }, makeRow: { Label(text: "") },
                            configureRow: { view, i in
                                let label = view as! Label
                                label.text = box.items[i]
                                if measured { label.preferredHeight = height(box.items[i]) }
                            })
        list.preferredWidth = 300
        list.preferredHeight = 200
        ui.addSubview(list, at: Point(x: 10, y: 10))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, list, box)
    }

    /// A model list after a layout: each live row shows the item at its index (configured for it, and not also
    /// fading out for it), at its offset (measured rows at `height(item)` when `measured`), one view each, shown, in
    /// a contiguous window that covers the 200-point viewport; a row whose id was live `before` kept its view.
    static func assertWindowTrueToTheData(_ list: List, _ box: Box, before: [AnyHashable: ListRow], measured: Bool,
                                          height: (String) -> Double = modelHeight,
                                          _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let live = list.liveRowViews
        XCTAssertEqual(Set(live.map { ObjectIdentifier($0) }).count, live.count, "\(context): one view a row", file: file, line: line)
        for row in live {
            XCTAssertEqual(row.rowID, AnyHashable(box.items[row.index]), "\(context): row \(row.index) shows its item",
                           file: file, line: line)
            XCTAssertEqual(row.frame.minY, list.rowOffset(row.index), "\(context): row \(row.index) at its offset",
                           file: file, line: line)
            XCTAssertFalse(row.isHidden, context, file: file, line: line)
            XCTAssertEqual((row.content as? Label)?.text, box.items[row.index],
                           "\(context): row \(row.index) configured for its item", file: file, line: line)
            XCTAssertNil(list.fadingRows[row.rowID], "\(context): \(row.rowID) live, not fading too", file: file, line: line)
            if measured {
                XCTAssertEqual(list.rowHeight(row.index), height(box.items[row.index]), context, file: file, line: line)
            }
            if let earlier = before[row.rowID] {
                XCTAssertTrue(earlier === row, "\(context): \(row.rowID) kept its view", file: file, line: line)
            }
        }
        let indices = live.map(\.index)
        guard let first = indices.first, let last = indices.last else { return }
        XCTAssertEqual(indices, Array(first..<(first + indices.count)), "\(context): contiguous", file: file, line: line)
        let top = list.contentOffset.y, bottom = top + 200
        XCTAssertLessThanOrEqual(list.rowOffset(first), max(0, top), "\(context): the window covers the top",
                                 file: file, line: line)
        XCTAssertTrue(last == box.items.count - 1 || list.rowOffset(last) + list.rowHeight(last) >= bottom,
                      "\(context): the window covers the bottom", file: file, line: line)
    }

    /// The live row showing the item with this id.
    static func liveRow(_ list: List, _ id: String) throws -> ListRow {
        try XCTUnwrap(list.liveRowViews.first { $0.rowID == AnyHashable(id) }, id)
    }
}
