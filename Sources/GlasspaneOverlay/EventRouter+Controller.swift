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
            guard let target = controllerPresses.removeValue(forKey: press) else {
                // A release with no press seen (pressed before the app started): the engine ignores it as keys do.
                return RoutingDecision(event: event, target: .engine, reason: .noFocus)
            }
            if case .overlay(_, let view) = target { _ = view.controllerButton(b) }
            return RoutingDecision(event: event, target: target, reason: .followsKeyPress)
        }
        let decision = routeControllerPress(event, b)
        controllerPresses[press] = decision.target
        return decision
    }

    private func routeControllerPress(_ event: InputEvent, _ b: ControllerButtonEvent) -> RoutingDecision {
        guard let (layer, view) = focusedTarget() else {
            if let direction = b.button.direction, let first = overlay.moveFocus(direction), let firstLayer = first.layer {
                // Nothing focused: the first press of the D-pad focuses the first view in reading order, as Tab does.
                return RoutingDecision(event: event, target: .overlay(layer: firstLayer, view: first), reason: .focusMoved)
            }
            if let modal = overlay.activeModal {
                if b.button == .b { modal.onUnfocusedKey?(KeyEvent(key: .escape)) }
                else if b.button == .a { modal.onUnfocusedKey?(KeyEvent(key: .enter)) }
                return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                       reason: .blockedByModal(layer: modal.name))
            }
            return RoutingDecision(event: event, target: .engine, reason: .noFocus)
        }
        let target = RoutingTarget.overlay(layer: layer, view: view)
        if view.controllerButton(b) { return RoutingDecision(event: event, target: target, reason: .focused) }
        switch b.button {
        case .dpadUp, .dpadDown, .dpadLeft, .dpadRight:
            let direction = b.button.direction!
            if !view.acceptsTextInput && view.handlesDirection(direction) {
                view.keyDown(KeyEvent(key: direction.arrowKey))
                return RoutingDecision(event: event, target: target, reason: .focused)
            }
            if let moved = overlay.moveFocus(direction), let movedLayer = moved.layer {
                return RoutingDecision(event: event, target: .overlay(layer: movedLayer, view: moved), reason: .focusMoved)
            }
            return RoutingDecision(event: event, target: target, reason: .focused)
        case .a:
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
        default:
            if let modal = overlay.activeModal {
                return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                       reason: .blockedByModal(layer: modal.name))
            }
            return RoutingDecision(event: event, target: .engine, reason: .declinedByFocused)
        }
    }

    func routeControllerAxis(_ event: InputEvent, _ a: ControllerAxisEvent) -> RoutingDecision {
        if let (layer, view) = focusedTarget(), view.controllerAxis(a) {
            return RoutingDecision(event: event, target: .overlay(layer: layer, view: view), reason: .focused)
        }
        if let modal = overlay.activeModal {
            return RoutingDecision(event: event, target: .overlay(layer: modal, view: modal.root),
                                   reason: .blockedByModal(layer: modal.name))
        }
        return RoutingDecision(event: event, target: .engine, reason: overlay.focusedView == nil ? .noFocus : .declinedByFocused)
    }
}
