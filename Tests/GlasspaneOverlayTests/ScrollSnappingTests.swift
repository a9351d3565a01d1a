// Snapping (ScrollView+Snapping.swift): a paging or item-snapping scroll view comes to rest on a page or an item after
// a drag's release, a quiet wheel and the keys, along the snap spring's closed form.
import XCTest
import Foundation
import GlasspaneCore
@testable import GlasspaneOverlay

final class ScrollSnappingTests: XCTestCase {
    /// A 300x200 vertical scroll view at (50, 100) over a 300x1000 content view: pages at 0, 200, ..., 800.
    private func makePager(snapping: ScrollSnapping = .paging) -> (Overlay, ScrollView) {
        let (overlay, _, scroll, _) = makeScrollFixture()
        scroll.snapping = snapping
        return (overlay, scroll)
    }

    private func pointer(_ overlay: Overlay, _ event: InputEvent) { overlay.route(event); overlay.update() }
    private func at(_ y: Double) -> PointerEvent { PointerEvent(location: Point(x: 100, y: y)) }

    /// A drag from y `start` through `moves` (one a frame at 60 fps), then `still` frames without moving, released;
    /// returns the release's frame-clock time.
    private func drag(_ overlay: Overlay, from start: Double = 280, moves: [Double], still: Int = 0) -> Double {
        // Each drag starts a second after the frame clock's present time (which only moves forward).
        var t = ((overlay.animationTime ?? 0) + 1).rounded(.up)
        overlay.advanceAnimations(to: t)
        pointer(overlay, .pointerDown(at(start)))
        var y = start
        for dy in moves {
            t += 1.0 / 60; y = start + dy
            overlay.advanceAnimations(to: t)
            pointer(overlay, .pointerMove(at(y)))
        }
        for _ in 0..<still {
            t += 1.0 / 60
            overlay.advanceAnimations(to: t)
            pointer(overlay, .pointerMove(at(y)))
        }
        pointer(overlay, .pointerUp(at(y)))
        return t
    }

    /// The snap spring's closed form: critically damped, ω = 2π / `ScrollMotion.snapResponse`.
    private func snapOffset(from x0: Double, velocity v0: Double, to target: Double, after dt: Double) -> Double {
        let w = 2 * Double.pi / ScrollMotion.snapResponse
        let d0 = x0 - target
        return target + (d0 + (v0 + w * d0) * dt) * exp(-w * dt)
    }

    /// After a slow release at `offset` (at `t0`, no velocity), the view springs to the rest nearest it, frame by frame
    /// on the spring's closed form for `frames` frames, and ends there; returns that rest.
    @discardableResult
    private func assertSettles(_ overlay: Overlay, _ view: ScrollView, from offset: Double, on rests: [Double],
                               releasedAt t0: Double, frames: Int, file: StaticString = #filePath,
                               line: UInt = #line) -> Double {
        let target = rests.min { abs($0 - offset) < abs($1 - offset) }!
        XCTAssertEqual(view.motionY?.target, target, file: file, line: line)
        for frame in 1...frames {
            let t = t0 + Double(frame) / 60
            overlay.advanceAnimations(to: t)
            XCTAssertEqual(view.contentOffset.y, snapOffset(from: offset, velocity: 0, to: target, after: t - t0),
                           accuracy: 1e-6, "frame \(frame)", file: file, line: line)
        }
        run(overlay, from: t0 + Double(frames) / 60)
        XCTAssertEqual(view.contentOffset.y, target, file: file, line: line)
        return target
    }

    /// Runs frames from `time` for `seconds`, at 60 fps.
    private func run(_ overlay: Overlay, from time: Double, seconds: Double = 2) {
        for k in 1...Int(seconds * 60) { overlay.advanceAnimations(to: time + Double(k) / 60); overlay.update() }
    }

    func testASlowReleaseGoesToTheNearestPageAlongTheSpring() {
        let (overlay, scroll) = makePager()
        // 60 points up, then held still for longer than the 100 ms the release velocity is taken over.
        let t0 = drag(overlay, moves: [-20, -40, -60], still: 8)
        XCTAssertEqual(scroll.contentOffset.y, 60)
        XCTAssertEqual(scroll.motionY?.phase, .snap)
        XCTAssertEqual(scroll.motionY?.target, 0, "60 of a 200-point page: back to the page it was on")
        for frame in 1...20 {
            let t = t0 + Double(frame) / 60
            overlay.advanceAnimations(to: t)
            XCTAssertEqual(scroll.contentOffset.y, snapOffset(from: 60, velocity: 0, to: 0, after: t - t0), accuracy: 1e-6,
                           "frame \(frame)")
        }
        run(overlay, from: t0 + 20.0 / 60)
        XCTAssertEqual(scroll.contentOffset.y, 0)
        XCTAssertNil(scroll.motionY)

        let t1 = drag(overlay, moves: [-40, -80, -120], still: 8)
        XCTAssertEqual(scroll.motionY?.target, 200, "120 of 200: on to the next page")
        run(overlay, from: t1)
        XCTAssertEqual(scroll.contentOffset.y, 200, "at rest exactly on the page")
    }

    func testAFastFlingGoesOnOnePageAtMostCarryingItsVelocity() {
        let (overlay, scroll) = makePager()
        // 30 points in two frames: 900 points a second, over `snapFlingSpeed`.
        let t0 = drag(overlay, moves: [-10, -30])
        let v = 30 / (2.0 / 60)
        XCTAssertEqual(scroll.motionY?.target, 200)
        for frame in 1...10 {
            let t = t0 + Double(frame) / 60
            overlay.advanceAnimations(to: t)
            XCTAssertEqual(scroll.contentOffset.y, snapOffset(from: 30, velocity: v, to: 200, after: t - t0), accuracy: 1e-6,
                           "frame \(frame): the release's velocity goes into the spring")
        }
        run(overlay, from: t0 + 10.0 / 60)
        XCTAssertEqual(scroll.contentOffset.y, 200)
        // A fling fast enough to coast past three pages still turns one.
        let t1 = drag(overlay, moves: [-100, -190])
        XCTAssertEqual(scroll.motionY?.target, 400)
        run(overlay, from: t1)
        XCTAssertEqual(scroll.contentOffset.y, 400)
        // And back: a fast fling down the page goes to the page before.
        let t2 = drag(overlay, moves: [10, 30])
        XCTAssertEqual(scroll.motionY?.target, 200)
        run(overlay, from: t2)
        XCTAssertEqual(scroll.contentOffset.y, 200)
    }

    func testAWheelNotchTurnsOnePageOnceTheWheelIsQuiet() {
        let (overlay, scroll) = makePager()
        overlay.route(.wheel(location: Point(x: 100, y: 150), dx: 0, dy: -1))
        XCTAssertEqual(scroll.contentOffset.y, 40, "the notch scrolls as usual")
        overlay.advanceAnimations(to: 0.1)
        XCTAssertEqual(scroll.contentOffset.y, 40, "still within the wheel's quiet time")
        XCTAssertNil(scroll.motionY)
        overlay.advanceAnimations(to: 0.15)
        XCTAssertEqual(scroll.motionY?.target, 200, "quiet: on to the next page, though 40 is nearer 0")
        // A second notch while that snap is under way goes on from its target: two notches, two pages.
        overlay.advanceAnimations(to: 0.2)
        overlay.route(.wheel(location: Point(x: 100, y: 150), dx: 0, dy: -1))
        XCTAssertNil(scroll.motionY, "the notch stops the snap")
        run(overlay, from: 0.2)
        XCTAssertEqual(scroll.contentOffset.y, 400)
        // Up one notch from a page: the page before.
        overlay.route(.wheel(location: Point(x: 100, y: 150), dx: 0, dy: 1))
        run(overlay, from: 2.2)
        XCTAssertEqual(scroll.contentOffset.y, 200)
    }

    func testKeysGoToTheNextAndPreviousPage() {
        let (overlay, scroll) = makePager()
        overlay.focus(scroll)
        overlay.route(.key(KeyEvent(key: .pageDown)))
        XCTAssertEqual(scroll.motionY?.target, 200)
        overlay.route(.key(KeyEvent(key: .down)))
        XCTAssertEqual(scroll.motionY?.target, 400, "a key during the snap goes on from its target")
        run(overlay, from: 0)
        XCTAssertEqual(scroll.contentOffset.y, 400)
        overlay.route(.key(KeyEvent(key: .pageUp)))
        run(overlay, from: 2)
        XCTAssertEqual(scroll.contentOffset.y, 200)
        overlay.route(.key(KeyEvent(key: .end)))
        XCTAssertEqual(scroll.contentOffset.y, 800, "End goes to the end at once, as without snapping")
    }

    func testTheEndIsAPageWhenTheContentIsNotWholePages() {
        let (overlay, scroll) = makePager()
        scroll.documentView.subviews[0].preferredHeight = 900  // pages 0...600, then the end at 700
        overlay.update()
        scroll.contentOffset = Point(x: 0, y: 600)
        let t0 = drag(overlay, moves: [-20, -40])
        XCTAssertEqual(scroll.motionY?.target, 700)
        run(overlay, from: t0)
        XCTAssertEqual(scroll.contentOffset.y, 700)
    }

    func testItemsComeToRestOnAContentSubviewsEdge() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let cards = [90.0, 150, 60, 200, 120, 300].enumerated().map { i, height -> View in
            let card = View(identifier: "card\(i)")
            card.preferredWidth = 300; card.preferredHeight = height
            return card
        }
        let scroll = ScrollView(identifier: "scroll", content: VStack(identifier: "stack", spacing: 10, cards))
        scroll.preferredWidth = 300; scroll.preferredHeight = 200
        scroll.snapping = .items
        ui.addSubview(scroll, at: Point(x: 50, y: 100))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        // Card tops: 0, 100, 260, 330, 540, 670; the end is 1010 - 200 = 810.
        XCTAssertEqual(scroll.snapPositions(around: 300, axis: .vertical).before, 260)
        XCTAssertEqual(scroll.snapPositions(around: 300, axis: .vertical).after, 330)
        let t0 = drag(overlay, moves: [-40, -80, -110], still: 8)
        XCTAssertEqual(scroll.motionY?.target, 100, "nearest card top to 110")
        run(overlay, from: t0)
        XCTAssertEqual(scroll.contentOffset.y, 100)
        // A fast fling coasts to the card top nearest where it would stop: 100 + v·τ.
        let t1 = drag(overlay, moves: [-20, -40])
        let coast = 140 + 40 / (2.0 / 60) * ScrollMotion.decelerationTime
        let tops = [0.0, 100, 260, 330, 540, 670, 810]
        let nearest = tops.min { abs($0 - coast) < abs($1 - coast) }!
        XCTAssertEqual(scroll.motionY?.target, nearest)
        run(overlay, from: t1)
        XCTAssertEqual(scroll.contentOffset.y, nearest)
    }

    /// A list of `rowCount` rows 30 points tall in a 300x200 viewport at (50, 100), snapping to its rows.
    private func makeSnappingList(alignment: ScrollSnapAlignment = .leading, rowCount: Int = 1000) throws
        -> (Overlay, List) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: rowCount, rowHeight: .fixed(30),
                            makeRow: { Label(text: "") }, configureRow: { view, i in (view as? Label)?.text = "row \(i)" })
        list.preferredWidth = 300; list.preferredHeight = 200
        list.snapping = .items
        list.snapAlignment = alignment
        ui.addSubview(list, at: Point(x: 50, y: 100))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, list)
    }

    func testAListComesToRestWithARowAtTheTop() throws {
        let (overlay, list) = try makeSnappingList()
        let t0 = drag(overlay, moves: [-25, -50])
        let coast = 50 + 25 / (1.0 / 60) * ScrollMotion.decelerationTime
        let target = try XCTUnwrap(scroll(list).motionY?.target)
        XCTAssertEqual(target.truncatingRemainder(dividingBy: 30), 0, "a row's top")
        XCTAssertLessThanOrEqual(abs(target - coast), 15, "the row top nearest the coast")
        run(overlay, from: t0)
        XCTAssertEqual(list.contentOffset.y, target)
        let top = try XCTUnwrap(list.rowView(at: Int(target / 30)))
        XCTAssertEqual(top.windowFrame.minY, list.windowFrame.minY, "a row starts at the viewport's top")
    }

    private func scroll(_ view: ScrollView) -> ScrollView { view }

    func testAShelfComesToRestWithAColumnAtItsLeftEdge() throws {
        let (overlay, grid, _) = try LazyGridFixture.makeGrid(count: 200, axis: .horizontal) { grid, _ in
            grid.snapping = .items
        }
        // Columns every 60 points; a plain wheel notch scrolls a horizontal grid 40 points sideways.
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -1))
        XCTAssertEqual(grid.contentOffset.x, 40)
        run(overlay, from: 0)
        XCTAssertEqual(grid.contentOffset.x, 60, "the next column, the way the wheel turned")
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -3))
        run(overlay, from: 2)
        XCTAssertEqual(grid.contentOffset.x, 180, "180 is a column's edge already: it stays")
        XCTAssertEqual(grid.snapPositions(around: 200, axis: .horizontal).before, 180)
        XCTAssertEqual(grid.snapPositions(around: 200, axis: .horizontal).after, 240)
        XCTAssertNil(grid.snapPositions(around: 200, axis: .vertical).before, "nothing across the axis")
    }

    func testCenteredItemsComeToRestWithACardInTheMiddle() throws {
        // A shelf 600 points wide at (20, 40), columns 50 wide every 60: centered, column k's middle (60k + 25) at
        // the viewport's (300), so the offsets are 60k - 275.
        let (overlay, grid, _) = try LazyGridFixture.makeGrid(count: 200, axis: .horizontal) { grid, _ in
            grid.snapping = .items
            grid.snapAlignment = .center
        }
        XCTAssertEqual(grid.snapPositions(around: 100, axis: .horizontal).before, 85)
        XCTAssertEqual(grid.snapPositions(around: 100, axis: .horizontal).after, 145)
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -3))
        XCTAssertEqual(grid.contentOffset.x, 120)
        run(overlay, from: 0)
        XCTAssertEqual(grid.contentOffset.x, 145, "column 7's middle at the viewport's: the next the wheel went")
        let middle = try XCTUnwrap(grid.cellView(at: 7 * 5))
        XCTAssertEqual(middle.windowFrame.center.x, grid.windowFrame.center.x, "its middle at the viewport's middle")
        // Near the start a column cannot be centered: the offset stops at 0.
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: 10))
        run(overlay, from: 2)
        XCTAssertEqual(grid.contentOffset.x, 0)
        // A list's rows, centered: rows 30 tall in 200 points, row k's middle (30k + 15) at 100.
        let (_, list) = try makeSnappingList(alignment: .center)
        XCTAssertEqual(list.snapPositions(around: 100, axis: .vertical).before, 95, "row 6: 195 - 100")
        XCTAssertEqual(list.snapPositions(around: 100, axis: .vertical).after, 125)
    }

    // MARK: - Trailing alignment

    /// The offsets that put each row's trailing edge at the viewport's, within the scroll range, and both ends.
    private func trailingRests(_ list: List) -> [Double] {
        let limit = list.maximumOffset.y
        let ends = (0..<list.rowCount).map { list.rowOffset($0) + list.rowHeight($0) - list.bounds.height }
        return ([0, limit] + ends.filter { $0 >= 0 && $0 <= limit }).sorted()
    }

    func testTrailingRowsComeToRestWithARowAtTheBottom() throws {
        let (overlay, list) = try makeSnappingList(alignment: .trailing)
        // Row k's bottom (30k + 30) at the viewport's (200): offsets 30k - 170.
        XCTAssertEqual(list.snapPositions(around: 112, axis: .vertical).before, 100, "row 9: 300 - 200")
        XCTAssertEqual(list.snapPositions(around: 112, axis: .vertical).after, 130)
        let rests = trailingRests(list)
        let t0 = drag(overlay, moves: [-40, -80, -112], still: 8)
        XCTAssertEqual(list.contentOffset.y, 112)
        let target = assertSettles(overlay, list, from: 112, on: rests, releasedAt: t0, frames: 20)
        let bottom = try XCTUnwrap(list.rowView(at: Int((target + 200) / 30) - 1))
        XCTAssertEqual(bottom.windowFrame.maxY, list.windowFrame.maxY, "a row ends at the viewport's bottom")
        // A fast fling coasts to the rest nearest x + v·τ, carrying its velocity.
        let x = target + 40, v = 40 / (2.0 / 60)
        let t1 = drag(overlay, moves: [-20, -40])
        let coast = x + v * ScrollMotion.decelerationTime
        let far = rests.min { abs($0 - coast) < abs($1 - coast) }!
        XCTAssertEqual(list.motionY?.target, far)
        overlay.advanceAnimations(to: t1 + 5.0 / 60)
        XCTAssertEqual(list.contentOffset.y, snapOffset(from: x, velocity: v, to: far, after: 5.0 / 60), accuracy: 1e-6)
        run(overlay, from: t1 + 5.0 / 60)
        XCTAssertEqual(list.contentOffset.y, far)
    }

    func testTrailingKeysReachTheFirstAndLastRowsWithinTheScrollRange() throws {
        let (overlay, list) = try makeSnappingList(alignment: .trailing)
        list.selectionMode = .none  // the arrows scroll rather than move a cursor
        overlay.focus(list)
        let rests = trailingRests(list)
        func next(after x: Double) -> Double { rests.first { $0 > x }! }
        func previous(before x: Double) -> Double { rests.last { $0 < x }! }
        // Rows 0-5 end inside the first viewport: the first rest past the start is row 6's (210 - 200).
        overlay.route(.key(KeyEvent(key: .down)))
        XCTAssertEqual(list.motionY?.target, next(after: 0))
        overlay.route(.key(KeyEvent(key: .down)))
        XCTAssertEqual(list.motionY?.target, next(after: next(after: 0)), "on from the snap under way")
        run(overlay, from: 0)
        XCTAssertEqual(list.contentOffset.y, next(after: next(after: 0)))
        for _ in 0..<3 { overlay.route(.key(KeyEvent(key: .up))) }
        XCTAssertEqual(list.motionY?.target, 0, "past the first row's rest: the start, not a negative offset")
        run(overlay, from: 2)
        XCTAssertEqual(list.contentOffset.y, 0)
        overlay.route(.key(KeyEvent(key: .end)))
        let end = list.maximumOffset.y
        overlay.route(.key(KeyEvent(key: .up)))
        XCTAssertEqual(list.motionY?.target, previous(before: end))
        run(overlay, from: 4)
        overlay.route(.key(KeyEvent(key: .down)))
        XCTAssertEqual(list.motionY?.target, end, "the last row's bottom at the viewport's is the end")
        overlay.route(.key(KeyEvent(key: .down)))
        run(overlay, from: 6)
        XCTAssertEqual(list.contentOffset.y, end)
        XCTAssertEqual(try XCTUnwrap(list.rowView(at: list.rowCount - 1)).windowFrame.maxY, list.windowFrame.maxY)
        // Five rows (150 points) in 200: nothing to scroll, whatever the rows' trailing edges say.
        let (short, few) = try makeSnappingList(alignment: .trailing, rowCount: 5)
        few.selectionMode = .none
        short.focus(few)
        for key in [Key.down, .up, .pageDown] {
            short.route(.key(KeyEvent(key: key)))
            XCTAssertNil(few.motionY, "\(key)")
            XCTAssertEqual(few.contentOffset.y, 0, "\(key)")
        }
    }

    func testATrailingShelfComesToRestWithAColumnAtItsRightEdge() throws {
        let (overlay, grid, _) = try LazyGridFixture.makeGrid(count: 200, axis: .horizontal) { grid, _ in
            grid.snapping = .items
            grid.snapAlignment = .trailing
        }
        // Column k's right edge (60k + 50) at the viewport's (600): offsets 60k - 550.
        let perLine = grid.itemsPerLine
        let rests = (0..<grid.lineCount(perLine: perLine))
            .map { grid.along(ofLine: $0, perLine: perLine) + grid.length(ofLine: $0, perLine: perLine) - 600 }
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -3))
        XCTAssertEqual(grid.contentOffset.x, 120)
        run(overlay, from: 0)
        // The wheel went right from 0: the rest past 0 nearest 120 (column 11's, 110).
        let ahead = rests.indices.filter { rests[$0] > 0 }
        let column = try XCTUnwrap(ahead.min { abs(rests[$0] - 120) < abs(rests[$1] - 120) })
        XCTAssertEqual(grid.contentOffset.x, rests[column])
        let cell = try XCTUnwrap(grid.cellView(at: column * perLine))
        XCTAssertEqual(cell.windowFrame.maxX, grid.windowFrame.maxX, "its right edge at the viewport's")
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: 10))
        run(overlay, from: 2)
        XCTAssertEqual(grid.contentOffset.x, 0, "back to the start: the first columns end inside the viewport")
    }

    // MARK: - Section headers

    func testAListsRowsRestClearOfThePinnedHeaderNeverOnAHeader() throws {
        // Headers 30 tall, rows 20: row r rests with its top at the pinned header's bottom, offset rowOffset(r) - 30.
        let (overlay, list) = try makeSectionedListFixture(headerHeight: 30)
        list.snapping = .items
        let header = list.rowHeight(0)
        XCTAssertEqual(header, 30)
        let rests = (1...9).map { list.rowOffset($0) - header }
        XCTAssertEqual(list.snapPositions(around: 45, axis: .vertical).before, rests[2])
        XCTAssertEqual(list.snapPositions(around: 45, axis: .vertical).after, rests[3])
        let t0 = drag(overlay, from: 180, moves: [-15, -30, -45], still: 8)
        XCTAssertEqual(list.contentOffset.y, 45)
        let target = assertSettles(overlay, list, from: 45, on: rests, releasedAt: t0, frames: 10)
        let pinned = try XCTUnwrap(list.pinnedHeader)
        XCTAssertFalse(pinned.isHidden)
        XCTAssertEqual(pinned.windowFrame.minY, list.windowFrame.minY)
        let row = try XCTUnwrap(list.rowView(at: (rests.firstIndex(of: target) ?? -1) + 1))
        XCTAssertEqual(row.windowFrame.minY, pinned.windowFrame.maxY, "the row whole, just below the pinned header")
    }

    func testKeysGoFromASectionsLastRowToTheNextSectionsFirst() throws {
        let (overlay, list) = try makeSectionedListFixture()
        list.snapping = .items
        list.selectionMode = .none
        overlay.focus(list)
        // Rows and headers 20 tall, a header every 10 rows: under its section's pinned header row r rests at
        // rowOffset(r) - 20, and no offset shows a header row under the pinned copy.
        let rests = (0..<list.rowCount).filter { !list.isSectionHeader($0) }
            .map { list.rowOffset($0) - list.rowHeight($0 - $0 % 10) }
        // rests[9s + j - 1] is section s's row 10s + j.
        list.contentOffset = Point(x: 0, y: rests[16])  // row 18
        overlay.route(.key(KeyEvent(key: .down)))
        XCTAssertEqual(list.motionY?.target, rests[17], "row 19, section 1's last")
        overlay.route(.key(KeyEvent(key: .down)))
        XCTAssertEqual(list.motionY?.target, rests[18], "row 21, section 2's first")
        XCTAssertEqual(rests[18], list.rowOffset(20), "which rests with its header's own row at the top")
        run(overlay, from: 0)
        XCTAssertEqual(list.contentOffset.y, rests[18])
        XCTAssertTrue(list.pinnedHeader?.isHidden ?? true, "the header's own row shows")
        let first = try XCTUnwrap(list.rowView(at: 21))
        XCTAssertEqual(first.windowFrame.minY, list.windowFrame.minY + list.rowHeight(20))
        overlay.route(.key(KeyEvent(key: .up)))
        XCTAssertEqual(list.motionY?.target, rests[17])
        run(overlay, from: 2)
        let pinned = try XCTUnwrap(list.pinnedHeader)
        XCTAssertFalse(pinned.isHidden)
        XCTAssertEqual(pinned.index, 10)
        XCTAssertEqual(try XCTUnwrap(list.rowView(at: 19)).windowFrame.minY, pinned.windowFrame.maxY)
    }

    func testAGridsLinesRestClearOfThePinnedHeaderNeverOnAHeaderLine() throws {
        // Headers 0, 23 and 50, 30 points tall: lines 0 (header), 1-5, 6 (header), 7-12, 13 (header), 14-23.
        let (overlay, grid, _) = try LazyGridFixture.makeGrid(count: 100) { grid, _ in
            try grid.setSectionHeaderItems([0, 23, 50], headerLength: 30)
            grid.snapping = .items
        }
        let perLine = grid.itemsPerLine
        func along(_ line: Int) -> Double { grid.along(ofLine: line, perLine: perLine) }
        func length(_ line: Int) -> Double { grid.length(ofLine: line, perLine: perLine) }
        // Leading: a line a header and a spacing past its edge, so it shows below the pinned header.
        func rest(_ line: Int) -> Double { along(line) - 30 - grid.spacing }
        XCTAssertEqual(grid.snapPositions(around: 300, axis: .vertical).before, rest(5))
        XCTAssertEqual(grid.snapPositions(around: 300, axis: .vertical).after, rest(7), "header line 6 passed over")
        XCTAssertEqual(rest(7), along(6), "a section's first line rests with its header line at the top")
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -1))
        XCTAssertEqual(grid.contentOffset.y, 40)
        run(overlay, from: 0)
        XCTAssertEqual(grid.contentOffset.y, rest(2), "the next line the wheel went, clear of the header")
        let pinned = try XCTUnwrap(grid.pinnedHeader)
        XCTAssertFalse(pinned.isHidden)
        let cell = try XCTUnwrap(grid.cellView(at: 6))  // line 2's first item
        XCTAssertEqual(cell.windowFrame.minY, pinned.windowFrame.maxY + grid.spacing)
        // Trailing and centered: header line 13's end and middle are no rests either.
        let viewport = grid.bounds.height
        grid.snapAlignment = .trailing
        let headerEnd = along(13) + length(13) - viewport
        XCTAssertEqual(grid.snapPositions(around: headerEnd, axis: .vertical).before, along(12) + length(12) - viewport)
        XCTAssertEqual(grid.snapPositions(around: headerEnd, axis: .vertical).after, along(14) + length(14) - viewport)
        grid.snapAlignment = .center
        let headerMiddle = along(13) + length(13) / 2 - viewport / 2
        XCTAssertEqual(grid.snapPositions(around: headerMiddle, axis: .vertical).before,
                       along(12) + length(12) / 2 - viewport / 2)
        XCTAssertEqual(grid.snapPositions(around: headerMiddle, axis: .vertical).after,
                       along(14) + length(14) / 2 - viewport / 2)
    }

    func testWithoutSnappingAReleaseCoastsAsBefore() {
        let (overlay, scroll) = makePager(snapping: .none)
        _ = drag(overlay, moves: [-20, -40, -60], still: 8)
        XCTAssertNil(scroll.motionY, "a still release stays where it is")
        XCTAssertEqual(scroll.contentOffset.y, 60)
        overlay.route(.wheel(location: Point(x: 100, y: 150), dx: 0, dy: -1))
        run(overlay, from: 1)
        XCTAssertEqual(scroll.contentOffset.y, 100)
    }
}
