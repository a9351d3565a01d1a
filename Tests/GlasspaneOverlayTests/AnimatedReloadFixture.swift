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

    /// 300 items ("item N") in a 300x200 list at (10, 10), of 24-point rows or (`measured`) rows measured at
    /// `modelHeights[text length % 5]` from an estimate of 30: the model tests' list.
    static func makeModelList(measured: Bool) throws -> (Overlay, List, Box) {
        let box = Box((0..<300).map { "item \($0)" })
        let overlay = Overlay(windowSize: Size(width: 600, height: 400))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: box.items.count,
                            rowHeight: measured ? .measured(estimate: 30) : .fixed(24),
                            rowID: { AnyHashable(box.items[$0]) }, makeRow: { Label(text: "") },
                            configureRow: { view, i in
                                let label = view as! Label
                                label.text = box.items[i]
                                if measured { label.preferredHeight = modelHeights[box.items[i].count % 5] }
                            })
        list.preferredWidth = 300
        list.preferredHeight = 200
        ui.addSubview(list, at: Point(x: 10, y: 10))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, list, box)
    }

    /// The live row showing the item with this id.
    static func liveRow(_ list: List, _ id: String) throws -> ListRow {
        try XCTUnwrap(list.liveRowViews.first { $0.rowID == AnyHashable(id) }, id)
    }
}
