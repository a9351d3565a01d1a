// The routing contract of DESIGN.md, made executable: one target per event, layers top to bottom, UIKit hit testing,
// passthrough tags, implicit pointer capture per pointer id, hover enter/exit, keyboard focus. docs/routing.md
// explains it with examples; the tests in GlasspaneOverlayTests prove each rule.
import GlasspaneCore
import GlasspaneDraw

/// Who receives an event.
public enum RoutingTarget {
    /// A view of an overlay layer (already delivered when `route` returns).
    case overlay(layer: OverlayLayer, view: View)
    /// The engine, the sink below every layer (the host delivers it).
    case engine

    /// True when the host must deliver the event to the engine.
    public var isEngine: Bool { if case .engine = self { true } else { false } }
    /// The overlay view, when the target is one.
    public var view: View? { if case .overlay(_, let v) = self { v } else { nil } }
    /// The overlay layer, when the target is a view.
    public var layer: OverlayLayer? { if case .overlay(let l, _) = self { l } else { nil } }
}

/// Why one layer did not claim a located event.
public struct LayerPass: Hashable, Sendable {
    /// Why it passed.
    public enum Cause: Hashable, Sendable {
        /// The layer is hidden.
        case hidden
        /// The layer is non-interactive.
        case nonInteractive
        /// The hit view carries the passthrough tag (its identifier).
        case passthrough(viewIdentifier: String)
        /// No view claimed the point (outside the root, or the root itself skipped).
        case nothingHit
    }
    /// The layer's name.
    package var layerName: String
    /// Why it passed.
    package var cause: Cause
    /// `ui: passthrough at ui.root`, `hud: non-interactive`, ...
    public var description: String {
        switch cause {
        case .hidden: "\(layerName): hidden"
        case .nonInteractive: "\(layerName): non-interactive"
        case .passthrough(let id): "\(layerName): passthrough at \(id.isEmpty ? "(unnamed)" : id)"
        case .nothingHit: "\(layerName): nothing hit"
        }
    }
}

/// What the layer stack's hit test found (`EventRouter.hitTest(at:passes:)`): the layer and view that take a point,
/// and the point in the view's coordinates.
public struct LayerHit {
    /// The layer that takes the point.
    public let layer: OverlayLayer
    /// The view that takes it: content, or the root of an interactive or modal layer.
    public let view: View
    /// The point in `view`'s coordinates.
    public let point: Point
    /// True when a modal layer's root took the point (no content of the layer was hit): the event is blocked.
    package let isOutsideModal: Bool
    /// The layer root's `HitTable` and the view's entry in it, when a table answered (`ViewHit`).
    var table: HitTable? = nil
    var entry: Int32 = -1
}

/// Why one layer did not claim a point, as `EventRouter.locate` records it: no strings and no retains (a plain value,
/// so clearing the scratch array costs nothing). `EventRouter.layerPasses` makes `LayerPass`es of them, only for an
/// event that falls through.
struct PassRecord {
    /// As `LayerPass.Cause`, the passthrough view not retained.
    enum Cause {
        /// `LayerPass.Cause.hidden`.
        case hidden
        /// `LayerPass.Cause.nonInteractive`.
        case nonInteractive
        /// `LayerPass.Cause.nothingHit`.
        case nothingHit
        /// `LayerPass.Cause.passthrough`, with the view whose identifier it names.
        case passthrough(Unmanaged<View>)
    }
    /// The layer, not retained: the overlay's `layers` holds it.
    let layer: Unmanaged<OverlayLayer>
    /// Why it passed.
    let cause: Cause
}

extension LayerHit {
    /// A located hit, its layer and view retained.
    init(_ hit: LocatedHit) {
        self.init(layer: hit.layer.takeUnretainedValue(), view: hit.view.takeUnretainedValue(), point: hit.point,
                  isOutsideModal: hit.isOutsideModal, table: hit.table, entry: hit.entry)
    }
}

/// `LayerHit` with its layer and view not retained (`EventRouter.locate`): valid until the tree or the layers change.
struct LocatedHit {
    /// The layer that takes the point, not retained: the overlay's `layers` holds it.
    let layer: Unmanaged<OverlayLayer>
    /// The view that takes it; its tree holds it.
    let view: Unmanaged<View>
    /// The point in `view`'s coordinates.
    let point: Point
    /// True when a modal layer's root took the point.
    let isOutsideModal: Bool
    /// As `LayerHit.table`.
    var table: HitTable? = nil
    /// As `LayerHit.entry`.
    var entry: Int32 = -1
}

/// Why the router chose the target.
public enum RoutingReason: Hashable, Sendable {
    /// A pointer down, up or wheel: the hit test chose this view.
    case hit
    /// A hover move: the hit test chose this view.
    case hover
    /// The pointer is held by the target chosen at its pointer down (implicit capture).
    case captured
    /// No layer claimed the point; each layer's reason, front to back.
    case passedThrough([LayerPass])
    /// A key or text went to the focused view.
    case focused
    /// A key release went where its press went.
    case followsKeyPress
    /// Escape went to the focused view, which then lost focus (the engine never sees it).
    case escapeClearedFocus
    /// A key or text with no focused view.
    case noFocus
    /// A window event (resize, quit): the engine gets it; a resize has already resized every layer root.
    case windowEvent
    /// A press on no content of a modal layer (its root took it and `onOutsideTap` ran); the layer's name.
    case modalOutsideTap(layer: String)
    /// A pointer, key or text event that would have gone below a modal layer (or to the engine): the modal's root
    /// took it; the layer's name.
    case blockedByModal(layer: String)
    /// Tab or Shift-Tab moved keyboard focus to the target (docs/focus.md).
    case focusMoved
    /// A Ctrl key command (Ctrl+Tab, Ctrl+Page Down...) that the target performed (`View.performKeyCommand`).
    case keyCommand
    /// A controller event the focused view declined (`View.controllerButton` returned false, and no default
    /// applies): the engine gets it.
    case declinedByFocused
    /// A controller was connected or disconnected: the engine gets it.
    case deviceEvent

    /// The reason as trace text.
    public var description: String {
        switch self {
        case .hit: "hit"
        case .hover: "hover"
        case .captured: "captured"
        case .passedThrough(let passes):
            (passes.map(\.description) + ["no layer claimed"]).joined(separator: "; ")
        case .focused: "focused"
        case .followsKeyPress: "follows key press"
        case .escapeClearedFocus: "escape cleared focus"
        case .noFocus: "no focus"
        case .windowEvent: "window event"
        case .modalOutsideTap(let layer): "modal \(layer): outside tap"
        case .blockedByModal(let layer): "blocked by modal \(layer)"
        case .focusMoved: "focus moved"
        case .keyCommand: "key command"
        case .declinedByFocused: "declined by focused view"
        case .deviceEvent: "device event"
        }
    }
}

/// The router's answer for one event: its single target and why.
public struct RoutingDecision {
    /// The event, as routed (window coordinates).
    public let event: InputEvent
    /// Who got it (overlay views have already been called) or gets it (the engine: the host delivers it).
    public let target: RoutingTarget
    /// Why.
    public let reason: RoutingReason
    /// The view a hover move left (it received `pointerExited` before anything else).
    package internal(set) var exited: View? = nil
    /// The view a hover move entered (it received `pointerEntered` before the move).
    package internal(set) var entered: View? = nil

    /// True when the host must deliver the event to the engine.
    public var isForEngine: Bool { target.isEngine }

    /// One line for `--trace-routing`: `down 120,40 -> overlay layer=ui view=picker.sv (hit)`,
    /// `down 600,400 -> engine (ui: passthrough at ui.root; no layer claimed)`.
    package var traceLine: String {
        var line = Self.describe(event) + " -> "
        switch target {
        case .engine: line += "engine"
        case let .overlay(layer, view):
            line += "overlay layer=\(layer.name) view=\(view.identifier.isEmpty ? "(unnamed)" : view.identifier)"
        }
        var why = reason.description
        if exited != nil || entered != nil {
            if let v = exited { why += "; exit \(v.identifier)" }
            if let v = entered { why += "; enter \(v.identifier)" }
        }
        return line + " (" + why + ")"
    }

    /// `down 120,40`, `move#2 5,5`, `key escape down`, `text "ab"`, `resize 1280x720`.
    static func describe(_ event: InputEvent) -> String {
        switch event {
        case .pointerDown(let p), .pointerMove(let p), .pointerUp(let p), .pointerCancel(let p):
            let id = p.pointerID == 0 ? "" : "#\(p.pointerID)"
            let button = (p.button == .left || p.button == .none) ? "" : " \(p.button.rawValue)"
            return "\(event.kindName)\(id) \(p.location)\(button)"
        case let .wheel(location, dx, dy): return "wheel \(location) d=\(Point(x: dx, y: dy))"
        case .key(let k): return "key \(k.key.name) \(k.isDown ? (k.isRepeat ? "repeat" : "down") : "up")"
        case .text(let t): return "text \"\(t)\""
        case let .composition(t, cursor): return "composition \"\(t)\" cursor=\(cursor)"
        case .controllerButton(let b):
            return "pad\(b.controller == 0 ? "" : "#\(b.controller)") \(b.button.rawValue) \(b.phase.rawValue)"
        case .controllerAxis(let a):
            return "pad\(a.controller == 0 ? "" : "#\(a.controller)") \(a.axis.rawValue) \(JSONText.number(a.value))"
        case .controllerDevice(let d):
            return "pad\(d.controller == 0 ? "" : "#\(d.controller)") \(d.isConnected ? "connected \"\(d.name)\"" : "disconnected")"
        case .resize(let m): return "resize \(m.windowSize)"
        case .quit: return "quit"
        }
    }
}

/// Decides the single target of every input event and delivers overlay-bound events to their view.
///
/// Contract (docs/routing.md): located events ask layers front to back; a layer hit-tests its views UIKit-style and
/// passes when the hit view carries `.passthrough`; unclaimed events go to the engine. A pointer down's target keeps
/// that pointer until its last button is up or it is cancelled. Keys and text go to the focused view, else the engine.
public final class EventRouter {
    /// A pointer held by a target since its down.
    private struct Capture {
        var target: RoutingTarget
        var buttons: Set<PointerButton>
        /// The last event of the pointer (window coordinates): where a cancel the router makes up is located.
        var last: PointerEvent
        /// How the down's window point became the target's point, when a `HitTable` found the target: later
        /// events convert the same way while that table is still current (no walk up the ancestors).
        var conversion: Conversion? = nil
    }

    /// A window-to-view offset (window point minus view point) and the table it is valid with.
    private struct Conversion {
        let table: HitTable
        let offset: Point
    }

    /// The overlay whose layers and focus this router uses.
    public unowned let overlay: Overlay
    private var captures: [Int: Capture] = [:]
    private var hovered: [Int: (view: View, layer: OverlayLayer, event: PointerEvent)] = [:]
    private var keyPresses: [Key: RoutingTarget] = [:]
    /// Where each held controller button's press went, so its release or cancel follows it.
    var controllerPresses: [ControllerPress: RoutingTarget] = [:]

    /// Creates a router for an overlay (the overlay makes its own; see `Overlay.router`).
    init(overlay: Overlay) { self.overlay = overlay }

    /// The target holding a pointer id, if a down is in progress.
    public func captureTarget(forPointer id: Int) -> RoutingTarget? { captures[id]?.target }
    /// Where a held pointer was last seen, in window points (nil when it is not held).
    package func capturedLocation(forPointer id: Int) -> Point? { captures[id]?.last.location }

    /// The view a hovering pointer is over, if any.
    package func hoveredView(forPointer id: Int) -> View? { hovered[id]?.view }

    /// Routes one event; see `Overlay.route(_:)`.
    public func route(_ event: InputEvent) -> RoutingDecision {
        if event.changesInputDevice { noteInputDevice(of: event) }
        switch event {
        case .pointerDown(let p): return routeDown(event, p)
        case .pointerMove(let p): return routeMove(event, p)
        case .pointerUp(let p): return routeEnd(event, p, cancelled: false)
        case .pointerCancel(let p): return routeEnd(event, p, cancelled: true)
        case let .wheel(location, dx, dy): return routeWheel(event, at: location, dx: dx, dy: dy)
        case .key(let k): return routeKey(event, k)
        case .text(let text):
            guard let (layer, view) = focusedTarget() else {
                if let modal = overlay.activeModal {
                    return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                           reason: .blockedByModal(layer: modal.name))
                }
                return RoutingDecision(event: event, target: .engine, reason: .noFocus)
            }
            view.textInput(text)
            return RoutingDecision(event: event, target: .overlay(layer: layer, view: view), reason: .focused)
        case let .composition(text, cursor):
            guard let (layer, view) = focusedTarget() else {
                if let modal = overlay.activeModal {
                    return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                           reason: .blockedByModal(layer: modal.name))
                }
                return RoutingDecision(event: event, target: .engine, reason: .noFocus)
            }
            view.textComposition(text, cursor: cursor)
            return RoutingDecision(event: event, target: .overlay(layer: layer, view: view), reason: .focused)
        case .controllerButton(let b): return routeControllerButton(event, b)
        case .controllerAxis(var a):
            // Out of range or not a number: clamped (0 for NaN) before any view sees it (docs/focus.md, "Bad input").
            a.value = a.axis.clamped(a.value)
            return routeControllerAxis(.controllerAxis(a), a)
        case .controllerDevice:
            return RoutingDecision(event: event, target: .engine, reason: .deviceEvent)
        case .resize(let metrics):
            overlay.windowSize = metrics.windowSize
            // Lay out now, so a captured drag's next move (often in the same batch) converts with the new frames.
            overlay.layoutIfNeeded()
            return RoutingDecision(event: event, target: .engine, reason: .windowEvent)
        case .quit:
            return RoutingDecision(event: event, target: .engine, reason: .windowEvent)
        }
    }

    // MARK: - Hit testing across layers

    /// The layer stack's hit test: the layer and view that take a window point, the point in that view's
    /// coordinates, and in `passes` why each layer in front of it did not take it; nil when the point falls to
    /// the engine.
    ///
    /// Layers are asked front to back: hidden and non-interactive layers pass; a passthrough layer passes where
    /// its root (or any `.passthrough` view) is hit; an interactive layer's root takes every point its content does
    /// not; a modal layer takes every point that reaches it, its root (`isOutsideModal`) where no content is hit,
    /// so nothing below it is asked. Inside a layer the rules are `View.hitTest`'s.
    public func hitTest(at point: Point, passes: inout [LayerPass]) -> LayerHit? {
        var records: [PassRecord] = []
        let hit = locate(at: point, passes: &records)
        passes.append(contentsOf: Self.layerPasses(records))
        return hit.map(LayerHit.init)
    }

    /// `hitTest(at:passes:)` with the passes as records, for the router's own routes.
    private func hitTest(at point: Point, records: inout [PassRecord]) -> LayerHit? {
        guard let hit = locate(at: point, passes: &records) else { return nil }
        return LayerHit(hit)
    }

    /// `hitTest(at:passes:)` without retaining the layer and view it found: what the router does with an event
    /// retains only what the decision keeps (layers and views are weakly referenced, so every retain and release of
    /// one takes the runtime's slow path). Valid until the tree or the layers change.
    func locate(at point: Point, passes: inout [PassRecord]) -> LocatedHit? {
        overlay.layers.withUnsafeBufferPointer { layers in
            var i = layers.count - 1
            while i >= 0 {
                // Not retained while tested (`layers` holds them): a layer and a root are weakly referenced, so a
                // retain takes the runtime's slow path, and an `unowned(unsafe)` local was still retained around
                // each property read; guaranteed references are not.
                let layerRef = Unmanaged.passUnretained(layers[i])
                i -= 1
                let (visibility, kind, rootRef) = layerRef._withUnsafeGuaranteedRef {
                    ($0.visibility, $0.kind, Unmanaged.passUnretained($0.root))
                }
                if visibility == .hidden { passes.append(PassRecord(layer: layerRef, cause: .hidden)); continue }
                if kind == .nonInteractive { passes.append(PassRecord(layer: layerRef, cause: .nonInteractive)); continue }
                let rootOrigin = rootRef._withUnsafeGuaranteedRef { $0.frame.origin }
                let rootPoint = Point(x: point.x - rootOrigin.x, y: point.y - rootOrigin.y)
                guard let hit = rootRef._withUnsafeGuaranteedRef({ $0.unretainedHitTest(rootPoint) }) else {
                    if kind == .modal { return LocatedHit(layer: layerRef, view: rootRef, point: rootPoint, isOutsideModal: true) }
                    passes.append(PassRecord(layer: layerRef, cause: .nothingHit)); continue
                }
                if kind == .modal && hit.view.toOpaque() == rootRef.toOpaque() {
                    return LocatedHit(layer: layerRef, view: rootRef, point: hit.point, isOutsideModal: true)
                }
                if hit.view._withUnsafeGuaranteedRef({ $0.isPassthrough }) {
                    if kind == .modal { return LocatedHit(layer: layerRef, view: rootRef, point: rootPoint, isOutsideModal: true) }
                    passes.append(PassRecord(layer: layerRef, cause: .passthrough(hit.view)))
                    continue
                }
                return LocatedHit(layer: layerRef, view: hit.view, point: hit.point, isOutsideModal: false,
                                  table: hit.table, entry: hit.entry)
            }
            return nil
        }
    }

    /// The passes `locate` recorded, as `LayerPass`es: made only for an event that falls through (their names are
    /// strings). Call before delivering anything: the records do not keep their layers and views.
    static func layerPasses(_ records: [PassRecord]) -> [LayerPass] {
        var passes: [LayerPass] = []
        passes.reserveCapacity(records.count)
        for record in records {
            let name = record.layer._withUnsafeGuaranteedRef { $0.name }
            switch record.cause {
            case .hidden: passes.append(LayerPass(layerName: name, cause: .hidden))
            case .nonInteractive: passes.append(LayerPass(layerName: name, cause: .nonInteractive))
            case .nothingHit: passes.append(LayerPass(layerName: name, cause: .nothingHit))
            case .passthrough(let view):
                let identifier = view._withUnsafeGuaranteedRef { $0.identifier }
                passes.append(LayerPass(layerName: name, cause: .passthrough(viewIdentifier: identifier)))
            }
        }
        return passes
    }

    /// Scratch for located events' pass records, reused so that routing an event allocates none: taken, cleared and
    /// given back by each route (one that delivers takes it before and gives it back after, so a route during the
    /// delivery takes an empty one).
    private var passRecords: [PassRecord] = []

    /// The scratch records, emptied with their capacity kept.
    private func takePassRecords() -> [PassRecord] {
        var records: [PassRecord] = []
        swap(&records, &passRecords)
        records.removeAll(keepingCapacity: true)
        if records.capacity < 8 { records.reserveCapacity(8) }
        return records
    }

    /// Keeps the records' storage for the next event.
    private func giveBack(_ records: [PassRecord]) { passRecords = records }

    /// A modal came up: every pointer captured by the engine or by a view of a layer below it gets exactly one
    /// `pointerCancel` (the engine's through `Overlay.engineEventSink`), and hover below it ends.
    func modalDidAppear(_ modal: OverlayLayer) {
        for id in captures.keys.sorted() {
            guard let capture = captures[id] else { continue }
            let below: Bool
            switch capture.target {
            case .engine: below = true
            case .overlay(let layer, _): below = layer !== modal && (layer.overlay !== overlay || overlay.isLayer(layer, below: modal))
            }
            guard below else { continue }
            captures[id] = nil
            let cancel = InputEvent.pointerCancel(capture.last)
            switch capture.target {
            case .engine: overlay.sendToEngine(cancel)
            case .overlay: deliver(cancel, capture.last, to: capture.target, at: capturedPoint(capture.last, capture))
            }
        }
        for (id, entry) in hovered where overlay.isLayer(entry.layer, below: modal) {
            hovered[id] = nil
            entry.view.pointerExited(localized(entry.event, to: entry.view))
        }
    }

    // MARK: - Pointers

    private func routeWheel(_ event: InputEvent, at location: Point, dx: Double, dy: Double) -> RoutingDecision {
        var records = takePassRecords()
        let located = locate(at: location, passes: &records)
        guard let hit = located else {
            let passes = Self.layerPasses(records)
            giveBack(records)
            return RoutingDecision(event: event, target: .engine, reason: .passedThrough(passes))
        }
        giveBack(records)
        // The decision's references are the only retains (before the delivery, which may change the tree).
        let layer = hit.layer.takeUnretainedValue()
        let view = hit.view.takeUnretainedValue()
        if hit.isOutsideModal {
            return RoutingDecision(event: event, target: .overlay(layer: layer, view: view),
                                   reason: .blockedByModal(layer: layer.name))
        }
        view.scrollWheel(at: hit.point, dx: dx, dy: dy)
        return RoutingDecision(event: event, target: .overlay(layer: layer, view: view), reason: .hit)
    }

    private func routeDown(_ event: InputEvent, _ p: PointerEvent) -> RoutingDecision {
        if var capture = captures[p.pointerID] {
            // Another button of a pointer already held (a chord): same target.
            capture.buttons.insert(p.button)
            capture.last = p
            captures[p.pointerID] = capture
            deliver(event, p, to: capture.target, at: capturedPoint(p, capture))
            return RoutingDecision(event: event, target: capture.target, reason: .captured)
        }
        var records = takePassRecords()
        let target: RoutingTarget
        let reason: RoutingReason
        var local: Point? = nil
        var outsideModal: OverlayLayer? = nil
        var conversion: Conversion? = nil
        var path: (table: HitTable, entry: Int32)? = nil
        if let hit = hitTest(at: p.location, records: &records) {
            target = .overlay(layer: hit.layer, view: hit.view)
            reason = hit.isOutsideModal ? .modalOutsideTap(layer: hit.layer.name) : .hit
            local = hit.point
            if hit.isOutsideModal { outsideModal = hit.layer }
            if let table = hit.table {
                conversion = Conversion(table: table, offset: p.location - hit.point)
                path = (table, hit.entry)
            }
        } else {
            target = .engine
            reason = .passedThrough(Self.layerPasses(records))
        }
        giveBack(records)
        captures[p.pointerID] = Capture(target: target, buttons: [p.button], last: p, conversion: conversion)
        updateFocus(forPressOn: target, path: path)
        deliver(event, p, to: target, at: local)
        outsideModal?.onOutsideTap?(p)
        // A right press (or a held left press) on a view with a context menu opens it (Controls/ContextMenu.swift).
        if outsideModal == nil, case .overlay(_, let view) = target { overlay.contextMenus.pressed(view, event: p) }
        return RoutingDecision(event: event, target: target, reason: reason)
    }

    private func routeMove(_ event: InputEvent, _ p: PointerEvent) -> RoutingDecision {
        if let capture = captures[p.pointerID] {
            captures[p.pointerID]?.last = p
            // A drag's every move: straight to the captured view (`route` already knows it is a move).
            if case .overlay(_, let view) = capture.target {
                view.pointerMoved(capturedPoint(p, capture).map { p.at($0) } ?? localized(p, to: view))
            }
            return RoutingDecision(event: event, target: capture.target, reason: .captured)
        }
        // Hover: hit-test every move; exit the old view before entering the new one.
        var records = takePassRecords()
        let located = hitTest(at: p.location, records: &records)
        // Made before any delivery (the records do not keep their views), and only for an event to the engine.
        let passes = located == nil ? Self.layerPasses(records) : []
        giveBack(records)
        let hit: (layer: OverlayLayer, view: View, point: Point)? = located.flatMap { $0.isOutsideModal ? nil : ($0.layer, $0.view, $0.point) }
        let old = hovered[p.pointerID]
        var exited: View? = nil, entered: View? = nil
        if old?.view !== hit?.view {
            if let old {
                hovered[p.pointerID] = nil
                old.view.pointerExited(localized(p, to: old.view))
                exited = old.view
            }
            if let (layer, view, local) = hit {
                hovered[p.pointerID] = (view, layer, p)
                view.pointerEntered(p.at(local))
                entered = view
            }
        } else if let (layer, view, _) = hit {
            hovered[p.pointerID] = (view, layer, p)
        }
        var decision: RoutingDecision
        if let (layer, view, local) = hit {
            view.pointerMoved(p.at(local))
            decision = RoutingDecision(event: event, target: .overlay(layer: layer, view: view), reason: .hover)
        } else if let located {
            decision = RoutingDecision(event: event, target: .overlay(layer: located.layer, view: located.view),
                                       reason: .blockedByModal(layer: located.layer.name))
        } else {
            decision = RoutingDecision(event: event, target: .engine, reason: .passedThrough(passes))
        }
        decision.exited = exited
        decision.entered = entered
        return decision
    }

    private func routeEnd(_ event: InputEvent, _ p: PointerEvent, cancelled: Bool) -> RoutingDecision {
        if var capture = captures[p.pointerID] {
            capture.buttons.remove(p.button)
            if cancelled || capture.buttons.isEmpty {
                captures[p.pointerID] = nil
            } else {
                captures[p.pointerID] = capture
            }
            deliver(event, p, to: capture.target, at: capturedPoint(p, capture))
            return RoutingDecision(event: event, target: capture.target, reason: .captured)
        }
        // An end with no down we saw (the press began before the overlay existed, or a modal cancelled its
        // capture): route by position.
        var records = takePassRecords()
        let located = hitTest(at: p.location, records: &records)
        let passes = located == nil ? Self.layerPasses(records) : []
        giveBack(records)
        guard let hit = located else {
            return RoutingDecision(event: event, target: .engine, reason: .passedThrough(passes))
        }
        if hit.isOutsideModal {
            return RoutingDecision(event: event, target: .overlay(layer: hit.layer, view: hit.view),
                                   reason: .blockedByModal(layer: hit.layer.name))
        }
        let (layer, view, local) = (hit.layer, hit.view, hit.point)
        let target = RoutingTarget.overlay(layer: layer, view: view)
        deliver(event, p, to: target, at: local)
        return RoutingDecision(event: event, target: target, reason: .hit)
    }

    /// Delivers a pointer event to an overlay target; `point` is the location in the view's coordinates when the
    /// hit test just computed it (else it is converted from the window location).
    private func deliver(_ event: InputEvent, _ p: PointerEvent, to target: RoutingTarget, at point: Point? = nil) {
        guard case .overlay(_, let view) = target else { return }
        let local = point.map { p.at($0) } ?? localized(p, to: view)
        switch event {
        case .pointerDown: view.pointerDown(local)
        case .pointerMove: view.pointerMoved(local)
        case .pointerUp: view.pointerUp(local)
        case .pointerCancel: view.pointerCancelled(local)
        default: break
        }
    }

    /// A captured pointer's location in its target's coordinates through the down's conversion, when the table that
    /// found the target is still the current one of its layer (nothing in the layer moved since); else nil (the
    /// caller converts by walking the ancestors).
    private func capturedPoint(_ p: PointerEvent, _ capture: Capture) -> Point? {
        guard let conversion = capture.conversion, case .overlay(let layer, _) = capture.target else { return nil }
        let root = layer.root
        guard !root.hitGeometryDirty, root.hitTable === conversion.table else { return nil }
        return p.location - conversion.offset
    }

    private func localized(_ p: PointerEvent, to view: View) -> PointerEvent {
        var local = p
        local.location = view.convertFromWindow(p.location)
        return local
    }

    // MARK: - Focus and keys

    /// A press focuses the nearest view (the hit view or an ancestor) that can take focus; a press anywhere
    /// outside the focused view (another view, the engine) clears focus.
    /// `path`: the hit's table and entry when a `HitTable` found it (its ancestors are then read from the table).
    private func updateFocus(forPressOn target: RoutingTarget, path: (table: HitTable, entry: Int32)? = nil) {
        guard case .overlay(_, let view) = target else { overlay.clearFocus(); return }
        var candidate: View?
        if let path {
            candidate = path.table.firstOnPath(from: path.entry) { $0.canBecomeFocused }
        } else {
            candidate = view
            while let c = candidate, !c.canBecomeFocused { candidate = c.superview }
        }
        if let c = candidate {
            overlay.focus(c)
        } else if path.map({ $0.table.firstOnPath(from: $0.entry) { $0.keepsFocusOnPress } != nil })
                    ?? sequence(first: view, next: { $0.superview }).contains(where: { $0.keepsFocusOnPress }) {
            return  // the on-screen keyboard's keys: focus stays on the field they type into
        } else if let focused = overlay.focusedView,
                  !(path.map { $0.table.firstOnPath(from: $0.entry) { $0 === focused } != nil } ?? view.isDescendant(of: focused)) {
            overlay.clearFocus()
        }
    }

    /// The focused view and its layer while it can still receive events; stale focus is cleared.
    func focusedTarget() -> (OverlayLayer, View)? {
        guard let view = overlay.focusedView else { return nil }
        guard let layer = view.layer, layer.overlay === overlay, layer.takesEvents,
              view.isEligibleForEvents else {
            overlay.clearFocus()
            return nil
        }
        if let modal = overlay.activeModal, overlay.isLayer(layer, below: modal) { return nil }
        return (layer, view)
    }

    private func routeKey(_ event: InputEvent, _ k: KeyEvent) -> RoutingDecision {
        if !k.isDown {
            // A release goes where its press went, so neither side sees half a keystroke.
            if let target = keyPresses.removeValue(forKey: k.key) {
                if case .overlay(_, let view) = target { view.keyUp(k) }
                return RoutingDecision(event: event, target: target, reason: .followsKeyPress)
            }
            guard let (layer, view) = focusedTarget() else {
                if let modal = overlay.activeModal {
                    return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                           reason: .blockedByModal(layer: modal.name))
                }
                return RoutingDecision(event: event, target: .engine, reason: .noFocus)
            }
            view.keyUp(k)
            return RoutingDecision(event: event, target: .overlay(layer: layer, view: view), reason: .focused)
        }
        if k.modifiers.contains(.control), let handler = overlay.performKeyCommand(k), let layer = handler.layer {
            let target = RoutingTarget.overlay(layer: layer, view: handler)
            if !k.isRepeat { keyPresses[k.key] = target }
            return RoutingDecision(event: event, target: target, reason: .keyCommand)
        }
        if k.key == .tab, let moved = overlay.moveFocus(backward: k.modifiers.contains(.shift)),
           let layer = moved.layer {
            let target = RoutingTarget.overlay(layer: layer, view: moved)
            if !k.isRepeat { keyPresses[k.key] = target }
            return RoutingDecision(event: event, target: target, reason: .focusMoved)
        }
        guard let (layer, view) = focusedTarget() else {
            if let modal = overlay.activeModal {
                let target = RoutingTarget.overlay(layer: modal, view: modal.root)
                if !k.isRepeat { keyPresses[k.key] = target }
                modal.onUnfocusedKey?(k)
                return RoutingDecision(event: event, target: target, reason: .blockedByModal(layer: modal.name))
            }
            if !k.isRepeat { keyPresses[k.key] = .engine }
            return RoutingDecision(event: event, target: .engine, reason: .noFocus)
        }
        if let direction = FocusDirection(arrowKey: k.key), k.modifiers.isEmpty, !view.acceptsTextInput,
           !view.handlesDirection(direction), let moved = overlay.moveFocus(direction), let movedLayer = moved.layer {
            // Spatial navigation (docs/focus.md); with nowhere to go, the key reaches the focused view as before.
            let target = RoutingTarget.overlay(layer: movedLayer, view: moved)
            if !k.isRepeat { keyPresses[k.key] = target }
            return RoutingDecision(event: event, target: target, reason: .focusMoved)
        }
        let target = RoutingTarget.overlay(layer: layer, view: view)
        if !k.isRepeat { keyPresses[k.key] = target }
        if k.key == .escape {
            view.keyDown(k)
            // A view that moved focus itself (a submenu closing back to its parent menu) keeps that move.
            if overlay.focusedView === view { overlay.clearFocus() }
            return RoutingDecision(event: event, target: target, reason: .escapeClearedFocus)
        }
        view.keyDown(k)
        return RoutingDecision(event: event, target: target, reason: .focused)
    }

    // MARK: - Forgetting views

    /// Drops hover for views of a layer that no longer takes events (they get `pointerExited`).
    func forget(layer: OverlayLayer) {
        for (id, entry) in hovered where entry.layer === layer {
            hovered[id] = nil
            entry.view.pointerExited(localized(entry.event, to: entry.view))
        }
    }

    /// Drops hover for views in a hidden or removed subtree (they get `pointerExited`).
    func forget(subtree root: View) {
        for (id, entry) in hovered where entry.view.isDescendant(of: root) {
            hovered[id] = nil
            entry.view.pointerExited(localized(entry.event, to: entry.view))
        }
    }
}

private extension PointerEvent {
    /// The same event at another location (a view's coordinates).
    func at(_ location: Point) -> PointerEvent {
        var moved = self
        moved.location = location
        return moved
    }
}
