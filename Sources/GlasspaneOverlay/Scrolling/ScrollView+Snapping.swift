// Snapping (UIKit's paging, CSS scroll snap): a scroll view whose `snapping` is `.paging` or `.items` comes to rest on
// a page or an item (its leading edge, middle or trailing edge; never a section header). A drag's release springs to
// the one its fling would reach (a fast fling at least one on, a paging fling at most one), carrying the release's
// velocity into the spring (ScrollMotion.snap); the wheel scrolls as usual and, once it has been quiet for
// `wheelSnapDelay`, settles on the next page or item in the direction it turned (so one notch turns one page), and
// notches that come while a snap is under way go on from its target; arrows and PageUp/PageDown go to the next or
// previous one. Positions come from the frame clock's closed form, so a replay snaps identically. A scroll bar's drag,
// `contentOffset`, `scroll(to:)` and focus reveals place the content exactly.
// docs/scrolling.md, "Snapping".
import GlasspaneCore

/// Which point of an item `.items` snapping lines up with the same point of the viewport.
public enum ScrollSnapAlignment: Hashable, Sendable {
    /// The item's leading edge (top, or left in a horizontal view) at the viewport's.
    case leading
    /// The item's middle at the viewport's middle (as near as the ends allow).
    case center
    /// The item's trailing edge (bottom, or right in a horizontal view) at the viewport's (as near as the start
    /// allows): a chat or a log that stops with a whole message at its bottom.
    case trailing

    /// The item's point this alignment lines up: its start, middle or end along the axis.
    func anchor(start: Double, length: Double) -> Double {
        switch self {
        case .leading: start
        case .center: start + length / 2
        case .trailing: start + length
        }
    }
}

/// Where a scroll view comes to rest when the user lets go.
public enum ScrollSnapping: Hashable, Sendable {
    /// Anywhere: a fling coasts to a stop (the default).
    case none
    /// At whole pages: multiples of the viewport's length along each scrolling axis, and the end (a pager, a
    /// level select of full-screen cards).
    case paging
    /// At items (`snapAlignment`, `snapPositions(around:axis:)`): a list's rows, a grid's lines (section headers
    /// aside), else the document content's subviews, and both ends (a shelf that stops on a game's cover, a picker
    /// wheel).
    case items
}

extension ScrollView {
    /// A release faster than this (points per second) goes on to the next page or item in its direction; a slower
    /// one to the nearest.
    public static let snapFlingSpeed = 300.0
    /// How long the wheel must have been quiet (frame-clock seconds) before a snapping scroll view settles.
    public static let wheelSnapDelay = 0.15

    /// The offsets along `axis` at which `.items` snapping may come to rest nearest `offset`: the greatest at or
    /// before it and the least at or after it (nil where there is none), from `snapAnchors` and `snapAlignment`. The
    /// ends (0 and the largest offset) are positions too, whatever this says.
    public func snapPositions(around offset: Double, axis: StackAxis) -> (before: Double?, after: Double?) {
        // The viewport's own leading edge, middle or trailing edge, from its offset.
        let shift = snapAlignment.anchor(start: 0, length: axis == .vertical ? bounds.height : bounds.width)
        let anchors = snapAnchors(around: offset + shift, axis: axis, alignment: snapAlignment)
        return (anchors.before.map { $0 - shift }, anchors.after.map { $0 - shift })
    }

    /// `snapAnchors` for a plain document: its visible subviews, or its one content view's subviews.
    func documentSnapAnchors(around position: Double, axis: StackAxis,
                             alignment: ScrollSnapAlignment) -> (before: Double?, after: Double?) {
        let single = documentView.subviews.count == 1 ? documentView.subviews[0] : nil
        let items = single?.subviews ?? documentView.subviews
        let origin = single?.frame.origin ?? .zero
        var before: Double?, after: Double?
        for item in items where !item.isHidden {
            let f = item.frame
            let start = axis == .vertical ? origin.y + f.minY : origin.x + f.minX
            let anchor = alignment.anchor(start: start, length: axis == .vertical ? f.height : f.width)
            if anchor <= position, before.map({ anchor > $0 }) ?? true { before = anchor }
            if anchor >= position, after.map({ anchor < $0 }) ?? true { after = anchor }
        }
        return (before, after)
    }

    /// The anchors around `position` of consecutive items `0..<count` along an axis, where `index(position)` is
    /// the item holding a position (clamped to the items) and `anchor(i)` an item's anchor, ascending with `i`, or nil
    /// for an item that is no snap target (a section header).
    static func anchors(around position: Double, count: Int, index: (Double) -> Int,
                        anchor: (Int) -> Double?) -> (before: Double?, after: Double?) {
        guard count > 0 else { return (nil, nil) }
        // An anchor may lie off its item (a middle, a trailing edge, an edge moved clear of a pinned header) and a
        // header has none: walk back from the item holding the position, then forward past what is still before it.
        var before: (index: Int, anchor: Double)?
        var i = min(max(index(position), 0), count - 1)
        while i >= 0 {
            if let a = anchor(i), a <= position { before = (i, a); break }
            i -= 1
        }
        var after: Double?
        var j = (before?.index ?? -1) + 1
        while j < count {
            if let a = anchor(j) {
                if a > position { after = a; break }
                before = (j, a)
            }
            j += 1
        }
        if let b = before?.anchor, b == position { return (b, b) }
        return (before?.anchor, after)
    }

    /// The targets of the snaps under way (nil on an axis without one).
    var snapTargets: (x: Double?, y: Double?) {
        (motionX.flatMap { $0.phase == .snap ? $0.target : nil }, motionY.flatMap { $0.phase == .snap ? $0.target : nil })
    }

    /// Where a scroll along `axis` at offset `x` comes to rest: going `direction` (-1, 0 or 1), beyond `anchor` (the
    /// offset, where a wheel gesture began, or a page or item already headed for), coasting to `projected`.
    func snapTarget(from x: Double, direction: Int, anchor: Double, projected: Double, axis: StackAxis) -> Double {
        let limit = axis == .vertical ? maximumOffset.y : maximumOffset.x
        func clamp(_ v: Double) -> Double { min(max(v, 0), limit) }
        switch snapping {
        case .none:
            return x
        case .paging:
            let page = axis == .vertical ? bounds.height : bounds.width
            guard page > 0 else { return x }
            // At most one page on from the anchor, whatever the fling's speed (half a point of slack for rounding).
            if direction > 0 { return clamp(((anchor + 0.5) / page).rounded(.down) * page + page) }
            if direction < 0 { return clamp(((anchor - 0.5) / page).rounded(.up) * page - page) }
            // The end is a page too, when the content is not a whole number of pages long.
            let nearest = clamp((x / page).rounded() * page)
            return abs(limit - x) < abs(nearest - x) ? limit : nearest
        case .items:
            let end = clamp(projected)
            let around = snapPositions(around: end, axis: axis)
            var target = [around.before, around.after, 0, limit].compactMap { $0.map(clamp) }
                .min { abs($0 - end) < abs($1 - end) } ?? end
            if direction > 0 && target <= anchor + 0.5 {
                target = clamp(snapPositions(around: anchor + 0.5, axis: axis).after ?? limit)
            } else if direction < 0 && target >= anchor - 0.5 {
                target = clamp(snapPositions(around: anchor - 0.5, axis: axis).before ?? 0)
            }
            return target
        }
    }

    /// A drag's release on a snapping scroll view: past an edge it springs back; inside, it springs to the page or
    /// item its fling reaches, keeping the release's velocity.
    func releaseSnapping(velocity: Point, at now: Double) {
        let m = maximumOffset
        func motion(_ x: Double, _ v: Double, _ limit: Double, _ axis: StackAxis) -> ScrollMotion? {
            if x < 0 { return .bounce(from: x, velocity: v, to: 0, at: now) }
            if x > limit { return .bounce(from: x, velocity: v, to: limit, at: now) }
            let direction = abs(v) >= ScrollView.snapFlingSpeed ? (v > 0 ? 1 : -1) : 0
            let target = snapTarget(from: x, direction: direction, anchor: x,
                                    projected: x + v * ScrollMotion.decelerationTime, axis: axis)
            if abs(target - x) < ScrollMotion.restDistance && abs(v) < ScrollMotion.restSpeed { return nil }
            return .snap(from: x, velocity: v, to: target, at: now)
        }
        motionX = axes.contains(.horizontal) ? motion(contentOffset.x, velocity.x, m.x, .horizontal) : nil
        motionY = axes.contains(.vertical) ? motion(contentOffset.y, velocity.y, m.y, .vertical) : nil
        startTicking()
    }

    /// The right stick's scroll this frame (Focus/ControllerNavigator.swift), as the wheel's: what this view cannot
    /// use (at an end, or along an axis it does not scroll) goes on to the scroll view around it, and a snapping view
    /// settles once the stick has been at rest for `wheelSnapDelay`. True when something moved.
    func scrollFromController(by delta: Point) -> Bool {
        var view: ScrollView? = self
        var left = delta
        var moved = false
        while let scroll = view, left != .zero {
            let before = scroll.contentOffset, inFlight = scroll.snapTargets
            let horizontal = scroll.axes.contains(.horizontal), vertical = scroll.axes.contains(.vertical)
            let unused = scroll.scroll(by: Point(x: horizontal ? left.x : 0, y: vertical ? left.y : 0))
            if scroll.contentOffset != before {
                moved = true
                scroll.noteWheelForSnapping(from: before, inFlight: inFlight)
            }
            left = Point(x: horizontal ? unused.x : left.x, y: vertical ? unused.y : left.y)
            var ancestor = scroll.superview
            while let a = ancestor, !(a is ScrollView) { ancestor = a.superview }
            view = ancestor as? ScrollView
        }
        return moved
    }

    /// Notes a wheel notch that moved the content from `before` (with `inFlight` the snaps it stopped): the gesture
    /// settles once the wheel is quiet (`frameTick`), going on from those snaps' targets.
    func noteWheelForSnapping(from before: Point, inFlight: (x: Double?, y: Double?)) {
        guard snapping != .none else { return }
        let offset = contentOffset
        var gesture = wheelSnap ?? WheelSnap(start: Point(x: inFlight.x ?? before.x, y: inFlight.y ?? before.y))
        if offset.x != before.x { gesture.direction.x = offset.x > before.x ? 1 : -1 }
        if offset.y != before.y { gesture.direction.y = offset.y > before.y ? 1 : -1 }
        gesture.lastTime = frameTime
        wheelSnap = gesture
        startTicking()
    }

    /// The wheel went quiet: each axis springs to the page or item in the direction the wheel turned.
    func settleAfterWheel(_ gesture: WheelSnap, at now: Double) {
        func motion(_ x: Double, _ start: Double, _ direction: Int, _ axis: StackAxis) -> ScrollMotion? {
            // Pages: one on from the farthest of the two; items: at least one past where the gesture began, else
            // the one nearest where the wheel left it (a notch that already reached an item stays there).
            let anchor = snapping == .items ? start : direction > 0 ? max(x, start) : direction < 0 ? min(x, start) : x
            let target = snapTarget(from: x, direction: direction, anchor: anchor, projected: x, axis: axis)
            return abs(target - x) < ScrollMotion.restDistance ? nil : .snap(from: x, velocity: 0, to: target, at: now)
        }
        let offset = contentOffset
        if axes.contains(.horizontal) { motionX = motion(offset.x, gesture.start.x, gesture.direction.x, .horizontal) }
        if axes.contains(.vertical) { motionY = motion(offset.y, gesture.start.y, gesture.direction.y, .vertical) }
    }

    /// Arrows along a scrolling axis, PageUp/PageDown and Space/Shift-Space go to the next or previous page or item,
    /// springing there (from a snap under way: the one after its target). False for other keys.
    func snapKeyDown(_ event: KeyEvent) -> Bool {
        let vertical = axes.contains(.vertical)
        let step: (axis: StackAxis, direction: Int)
        switch event.key {
        case .up where axes.contains(.vertical): step = (.vertical, -1)
        case .down where axes.contains(.vertical): step = (.vertical, 1)
        case .left where axes.contains(.horizontal): step = (.horizontal, -1)
        case .right where axes.contains(.horizontal): step = (.horizontal, 1)
        case .pageUp: step = (vertical ? .vertical : .horizontal, -1)
        case .pageDown: step = (vertical ? .vertical : .horizontal, 1)
        case .character(" "): step = (vertical ? .vertical : .horizontal, event.modifiers.contains(.shift) ? -1 : 1)
        default: return false
        }
        let now = frameTime
        let motion = step.axis == .vertical ? motionY : motionX
        let x = motion?.offset(at: now) ?? (step.axis == .vertical ? contentOffset.y : contentOffset.x)
        let inFlight = motion.flatMap { $0.phase == .snap ? $0.target : nil }
        let anchor = inFlight.map { step.direction > 0 ? max(x, $0) : min(x, $0) } ?? x
        let target = snapTarget(from: x, direction: step.direction, anchor: anchor, projected: x, axis: step.axis)
        guard abs(target - x) >= ScrollMotion.restDistance else { return true }
        let snap = ScrollMotion.snap(from: x, velocity: motion?.velocity(at: now) ?? 0, to: target, at: now)
        if step.axis == .vertical { motionY = snap } else { motionX = snap }
        noteScrolled()
        startTicking()
        return true
    }
}

/// A wheel gesture on a snapping scroll view: where it began (or the snap it continues was headed), the way each
/// axis last moved (-1, 0, 1), and the frame-clock time of its last notch.
struct WheelSnap {
    var start: Point
    var direction: (x: Int, y: Int) = (0, 0)
    var lastTime = 0.0
}

extension List {
    /// `snapAnchors` of a list: its rows along its axis, nothing across it. Section headers are no targets (the pinned
    /// header shows a section's name already), and with `.leading` a row rests clear of its section's pinned header.
    func rowSnapAnchors(around position: Double, axis: StackAxis,
                        alignment: ScrollSnapAlignment) -> (before: Double?, after: Double?) {
        guard axis == (self.axis == .horizontal ? .horizontal : .vertical) else { return (nil, nil) }
        return ScrollView.anchors(
            around: position, count: rowCount,
            index: { [unowned self] in rowIndex(atDocumentOffset: max(0, $0)) ?? rowCount - 1 },
            anchor: { [unowned self] row in
                let section = lastSectionHeader(atOrBefore: row).map { sectionHeaderRows[$0] }
                if section == row { return nil }
                // Just below the pinned header, as `scrollToRow` reveals a row (List.swift); a section's first row
                // so rests with its header's own row at the top, where the pinned copy hides.
                if alignment == .leading, let section { return rowOffset(row) - rowHeight(section) }
                return alignment.anchor(start: rowOffset(row), length: rowHeight(row))
            })
    }
}

extension LazyGrid {
    /// `snapAnchors` of a grid: its lines along its axis (a measured line its own length), nothing across it.
    /// Header lines are no targets, and with `.leading` a line rests clear of its section's pinned header, a header
    /// and a spacing away, as it sits under its section's own header line.
    func lineSnapAnchors(around position: Double, axis: StackAxis,
                         alignment: ScrollSnapAlignment) -> (before: Double?, after: Double?) {
        guard axis == (self.axis == .horizontal ? .horizontal : .vertical) else { return (nil, nil) }
        let perLine = itemsPerLine
        let sections = sectionLayout(perLine: perLine)
        return ScrollView.anchors(
            around: position, count: lineCount(perLine: perLine),
            index: { [unowned self] p in line(atAlong: p, perLine: perLine) },
            anchor: { [unowned self] line in
                let start = along(ofLine: line, perLine: perLine)
                if let sections, let k = sections.section(ofLine: line) {
                    if sections.headerLine[k] == line { return nil }
                    if alignment == .leading { return start - headerLength - spacing }
                }
                return alignment.anchor(start: start, length: length(ofLine: line, perLine: perLine))
            })
    }
}
