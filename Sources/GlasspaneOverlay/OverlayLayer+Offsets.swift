// Scrolling without repainting (issue 29): a scroll view's document is painted between `pushOffset` and `popOffset`
// in points of its own, so a scroll rewrites that one command in place and the renderer draws the rest as it was,
// moved (GlasspaneDraw's offset groups). A row that moved inside the document, or whose text changed, repaints only
// its own subtree in place. The group's own points stay within `OverlayLayer.groupReach` of where it shows, so
// floats keep whole pixels in a document millions of points long: past that, the next paint starts over around the
// new position.
import GlasspaneCore
import GlasspaneDraw

extension OverlayLayer {
    /// How far (points, either axis) a document's own origin may drift from its scrolled position before the group's
    /// coordinates start over (a full repaint): floats hold whole pixels well past twice this.
    static let groupReach = 16_384.0

    /// Whether `child`, a subview of `view` being painted under `transform`, is a scroll view's document to paint as
    /// an offset group: outside any other group, and drawn without a transform.
    func paintsAsOffsetGroup(_ child: View, of view: View, transform: PaintTransform) -> Bool {
        groupDepth == 0 && transform.isIdentity && child.presentationTransform == .identity
            && (view as? ScrollView)?.documentView === child
    }

    /// The document's own origin for this paint: the last one while the document shows within `groupReach` of it
    /// (nothing inside it moves), else where it is now.
    func groupOrigin(for document: View) -> Point {
        let now = document.presentationFrame.origin
        if document.paintGroupShift != nil, document.paintGeneration >= generation - 1 {
            let kept = document.paintOrigin
            if abs(kept.x - now.x) <= Self.groupReach && abs(kept.y - now.y) <= Self.groupReach { return kept }
        }
        return now
    }

    /// Called for every frame change of a view in this layer: true when the change is handled in place (a grouped
    /// document that moved: its `pushOffset`; a view inside one: its subtree), false for a full repaint.
    func frameDidChangeInPlace(_ view: View, sizeChanged: Bool) -> Bool {
        guard !needsFullRepaint, view.paintGeneration == generation else { return false }
        if view.paintGroupShift != nil {
            if sizeChanged {
                // A document that grew or shrank (rows measured as they came in) moves nothing inside it; unless it
                // clips to its bounds, only its own drawing depends on its size, repainted in place.
                guard !view.clipsToBounds else { return false }
                view.setNeedsDisplay()
            }
            queueGroupMove(view)
            return true
        }
        guard view.isInsideOffsetGroup else { return false }
        presentationDidChange(of: view)
        return !needsFullRepaint
    }

    /// Queues a grouped document whose position changed: its `pushOffset` is rewritten at the next paint.
    func queueGroupMove(_ document: View) {
        // A plain loop: `contains(where:)` went through the generic iterator's witnesses on every scrolled frame.
        var i = 0
        while i < movedGroups.count {
            if movedGroups[i] === document { return }
            i += 1
        }
        movedGroups.append(document)
        overlay?.layersMayNeedWork = true
    }

    /// Rewrites each moved group's `pushOffset` in `commands`; false when one cannot stay as painted (another size
    /// of a document that clips, a transform, out of `groupReach`): a full repaint then.
    func moveGroupsInPlace(_ commands: inout [DrawCommand]) -> Bool {
        defer { movedGroups.removeAll(keepingCapacity: true) }
        for document in movedGroups {
            guard document.paintGeneration == generation, document.layer === self, let shift = document.paintGroupShift,
                  let scroll = document.superview as? ScrollView, scroll.documentView === document,
                  scroll.paintGeneration == generation, scroll.paintTransform.isIdentity,
                  document.presentationTransform == .identity,
                  document.paintSize == document.presentationFrame.size || !document.clipsToBounds,
                  document.paintGroupCommand < commands.count,
                  case .pushOffset = commands[document.paintGroupCommand] else { return false }
            let now = document.presentationFrame.origin
            let kept = document.paintOrigin
            guard abs(kept.x - now.x) <= Self.groupReach && abs(kept.y - now.y) <= Self.groupReach else { return false }
            let moved = Point(x: scroll.paintOrigin.x + now.x - kept.x, y: scroll.paintOrigin.y + now.y - kept.y)
            guard moved != shift else { continue }
            document.paintGroupShift = moved
            commands[document.paintGroupCommand] = .pushOffset(moved)
            damagedRanges.append(document.paintGroupCommand..<(document.paintGroupCommand + 1))
        }
        return true
    }
}

extension View {
    /// Whether an ancestor is a document painted as an offset group (its frames are then in that group's points).
    var isInsideOffsetGroup: Bool {
        var v = superview
        while let c = v {
            if c.paintGroupShift != nil { return true }
            v = c.superview
        }
        return false
    }
}
