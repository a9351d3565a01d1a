// Moving a list's row or a grid's item with a controller (List+Reorder.swift, LazyGrid+Reorder.swift): X picks up the
// cursor's row or item, the D-pad (or the arrows) carries it one place at a time through the app's `onMoveRow` /
// `onMoveItem`, A or X puts it down where it is, and B carries it back to where it was picked up. In a grid with
// sections a step may cross a header into the next section (`LazyGrid.carryTarget`); B's one move back to the index it
// was picked up at restores the headers too, since every step only moved that item. docs/scrolling.md.
import GlasspaneCore

/// A row or item carried by the controller: where it was picked up (B takes it back there).
struct ControllerGrab: Equatable {
    /// Its index when picked up.
    let origin: Int

    /// What a controller press means to a list or grid that lets its rows or items move (`carrying`: one is carried).
    enum Action: Equatable {
        /// X with nothing carried: pick up the cursor's row or item.
        case pickUp
        /// A or X while carrying: put it down where it is.
        case putDown
        /// B while carrying: carry it back to where it was picked up, and put it down.
        case putBack
        /// The D-pad while carrying: one place that way (as the arrow key).
        case carry(Key)
        /// Not a grab's press: the view's usual handling.
        case none
    }

    /// Applies a press to a list or grid whose rows or items may move: `grab` is what it carries, `cursor` its
    /// cursor, `count` its rows or items. `mayPickUp` says whether one may move, `moveBack(from, to)` asks the app and
    /// moves it (animated), `carry` takes an arrow key one place. False when the press is not a grab's.
    static func handle(_ event: ControllerButtonEvent, grab: inout ControllerGrab?, cursor: Int?, count: Int,
                       mayPickUp: (Int) -> Bool, moveBack: (Int, Int) -> Void, carry: (Key) -> Void) -> Bool {
        switch action(for: event, carrying: grab != nil) {
        case .pickUp:
            guard let c = cursor, c < count, mayPickUp(c) else { return false }
            grab = ControllerGrab(origin: c)
        case .putDown:
            grab = nil
        case .putBack:
            if let origin = grab?.origin, let c = cursor, c != origin, origin < count { moveBack(c, origin) }
            grab = nil
        case .carry(let key):
            carry(key)
        case .none:
            return false
        }
        return true
    }

    /// The action for a press (`event.isDown`; releases are none).
    static func action(for event: ControllerButtonEvent, carrying: Bool) -> Action {
        guard event.isDown else { return .none }
        switch event.button {
        case .x: return carrying ? .putDown : .pickUp
        case .a where carrying: return .putDown
        case .b where carrying: return .putBack
        case .dpadUp where carrying: return .carry(.up)
        case .dpadDown where carrying: return .carry(.down)
        case .dpadLeft where carrying: return .carry(.left)
        case .dpadRight where carrying: return .carry(.right)
        default: return .none
        }
    }
}
