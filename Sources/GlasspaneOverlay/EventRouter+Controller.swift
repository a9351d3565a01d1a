// Controller routing (docs/focus.md, "Controllers"): the one-target rule of keys, for controller buttons and axes.
// The focused view is asked first (`View.controllerButton`); when it declines, the defaults apply: the D-pad moves
// focus spatially (Focus/SpatialNavigation.swift), A activates as Enter does, B goes back as Escape does with
// nothing focused. A release or cancel follows its press.
import GlasspaneCore

/// A held controller button: which controller, which button.
struct ControllerPress: Hashable {
    let controller: Int
    let button: ControllerButton
}

extension EventRouter {
    func routeControllerButton(_ event: InputEvent, _ b: ControllerButtonEvent) -> RoutingDecision {
        let press = ControllerPress(controller: b.controller, button: b.button)
        guard b.isDown else {
            if b.button.direction != nil { overlay.controllerNavigator.directionReleased(controller: b.controller, button: b.button) }
            guard let target = controllerPresses.removeValue(forKey: press) else {
                // A release with no press seen (pressed before the app started): the engine ignores it as keys do.
                return RoutingDecision(event: event, target: .engine, reason: .noFocus)
            }
            if case .overlay(_, let view) = target { _ = view.controllerButton(b) }
            return RoutingDecision(event: event, target: target, reason: .followsKeyPress)
        }
        let decision = routeControllerPress(event, b)
        controllerPresses[press] = decision.target
        if b.button.direction != nil, !decision.target.isEngine {
            // A held direction the overlay took repeats (Focus/ControllerNavigator.swift).
            overlay.controllerNavigator.directionPressed(controller: b.controller, button: b.button)
        }
        return decision
    }

    /// A held D-pad direction's repeat: what a new press would do, except that nothing goes to the engine and no
    /// release is expected for it.
    func repeatControllerDirection(_ button: ControllerButton, controller: Int) {
        guard focusedTarget() != nil else { return } // focus went away (a click, a closed sheet): nothing to repeat
        let b = ControllerButtonEvent(controller: controller, button: button)
        _ = routeControllerPress(.controllerButton(b), b, isRepeat: true)
    }

    private func routeControllerPress(_ event: InputEvent, _ b: ControllerButtonEvent, isRepeat: Bool = false) -> RoutingDecision {
        guard let (layer, view) = focusedTarget() else {
            if let direction = b.button.direction, let first = overlay.moveFocus(direction), let firstLayer = first.layer {
                // Nothing focused: the first press of the D-pad focuses the first view in reading order, as Tab does.
                return RoutingDecision(event: event, target: .overlay(layer: firstLayer, view: first), reason: .focusMoved)
            }
            if b.button == .leftShoulder || b.button == .rightShoulder,
               let tabs = overlay.switchTab(backward: b.button == .leftShoulder), let tabsLayer = tabs.layer {
                return RoutingDecision(event: event, target: .overlay(layer: tabsLayer, view: tabs), reason: .keyCommand)
            }
            if let modal = overlay.activeModal {
                if b.button == .b { modal.onUnfocusedKey?(KeyEvent(key: .escape)) }
                else if b.button == .a { modal.onUnfocusedKey?(KeyEvent(key: .enter)) }
                return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                       reason: .blockedByModal(layer: modal.name))
            }
            return RoutingDecision(event: event, target: .engine, reason: .noFocus)
        }
        if let keyboard = overlay.onScreenKeyboard, keyboard.controllerButton(b, isRepeat: isRepeat) {
            // The on-screen keyboard takes the controller first while it is up; its field keeps focus.
            return RoutingDecision(event: event, target: .overlay(layer: keyboard.layer, view: keyboard.selectedKey ?? keyboard.panel),
                                   reason: .focused)
        }
        let target = RoutingTarget.overlay(layer: layer, view: view)
        if view.controllerButton(b) { return RoutingDecision(event: event, target: target, reason: .focused) }
        switch b.button {
        case .dpadUp, .dpadDown, .dpadLeft, .dpadRight:
            let direction = b.button.direction!
            if !view.acceptsTextInput && view.handlesDirection(direction) {
                view.keyDown(KeyEvent(key: direction.arrowKey, isRepeat: isRepeat))
                return RoutingDecision(event: event, target: target, reason: .focused)
            }
            if let moved = overlay.moveFocus(direction), let movedLayer = moved.layer {
                return RoutingDecision(event: event, target: .overlay(layer: movedLayer, view: moved), reason: .focusMoved)
            }
            return RoutingDecision(event: event, target: target, reason: .focused)
        case .a:
            if view.acceptsTextInput, let keyboard = overlay.onScreenKeyboard {
                keyboard.present(for: view)  // A on a text field opens the keyboard (Enter would apply the text)
                return RoutingDecision(event: event, target: target, reason: .focused)
            }
            view.keyDown(KeyEvent(key: .enter))
            return RoutingDecision(event: event, target: target, reason: .focused)
        case .b:
            // Back: a sheet's back (its Escape with nothing focused), else the engine's (the demo's coordinator).
            if let modal = overlay.activeModal {
                modal.onUnfocusedKey?(KeyEvent(key: .escape))
                return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                       reason: .blockedByModal(layer: modal.name))
            }
            return RoutingDecision(event: event, target: .engine, reason: .declinedByFocused)
        case .leftShoulder, .rightShoulder:
            if let tabs = overlay.switchTab(backward: b.button == .leftShoulder), let tabsLayer = tabs.layer {
                return RoutingDecision(event: event, target: .overlay(layer: tabsLayer, view: tabs), reason: .keyCommand)
            }
            fallthrough
        default:
            if let modal = overlay.activeModal {
                return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                       reason: .blockedByModal(layer: modal.name))
            }
            return RoutingDecision(event: event, target: .engine, reason: .declinedByFocused)
        }
    }

    func routeControllerAxis(_ event: InputEvent, _ a: ControllerAxisEvent) -> RoutingDecision {
        let focused = focusedTarget()
        if let (layer, view) = focused, view.controllerAxis(a) {
            return RoutingDecision(event: event, target: .overlay(layer: layer, view: view), reason: .focused)
        }
        if a.axis == .rightX || a.axis == .rightY {
            // The right stick scrolls the scroll view around the focused view (or a sheet's), each frame by how far
            // it leans (Focus/ControllerNavigator.swift); with nothing to scroll it stays the engine's (a camera).
            if let scroll = stickScrollTarget(focused: focused?.1), let layer = scroll.layer {
                overlay.controllerNavigator.scrollStickMoved(controller: a.controller, axis: a.axis, value: a.value,
                                                             target: scroll)
                return RoutingDecision(event: event, target: .overlay(layer: layer, view: scroll), reason: .focused)
            }
            overlay.controllerNavigator.stopScrollStick(controller: a.controller)
        }
        if a.axis == .leftX || a.axis == .leftY {
            // The left stick navigates like the D-pad, or drives a focused slider (Focus/ControllerNavigator.swift);
            // with nothing focused and no sheet up it is the engine's (the navigator only keeps its position).
            let navigates = focused != nil || overlay.activeModal != nil
            let acted = overlay.controllerNavigator.stickMoved(controller: a.controller, axis: a.axis, value: a.value,
                                                               navigates: navigates)
            if navigates, let view = acted ?? focused?.1 ?? overlay.focusedView, let layer = view.layer {
                return RoutingDecision(event: event, target: .overlay(layer: layer, view: view),
                                       reason: acted != nil && acted !== focused?.1 ? .focusMoved : .focused)
            }
        }
        if let modal = overlay.activeModal {
            return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                   reason: .blockedByModal(layer: modal.name))
        }
        return RoutingDecision(event: event, target: .engine, reason: overlay.focusedView == nil ? .noFocus : .declinedByFocused)
    }

    /// The scroll view the right stick scrolls: the focused view when it is one, else the nearest scroll view around
    /// it; with nothing focused, the first scroll view of the sheet that is up; nil otherwise.
    private func stickScrollTarget(focused: View?) -> ScrollView? {
        var view = focused
        while let v = view {
            if let scroll = v as? ScrollView { return scroll }
            view = v.superview
        }
        guard focused == nil, let modal = overlay.activeModal else { return nil }
        var stack: [View] = [modal.root]
        while let v = stack.popLast() {
            if v.isHidden { continue }
            if let scroll = v as? ScrollView { return scroll }
            stack.append(contentsOf: v.subviews.reversed())
        }
        return nil
    }
}
