/// The latest value of one sticky event type, in a slot that the type's route points to, so
/// a pass stores its event with no look-up.
///
/// A slot is made when the first route of its type is built and lives as long as the bus:
/// forgetting the value empties it, and a rebuilt route finds it again (``LatestValues``).
/// How a value is stored depends on its type (``Storing``), found once: no store runs app
/// code; what a store replaces it hands back, for the caller to release.
final class LatestSlot {
    /// How the slot stores a value of its type.
    enum Storing {
        /// By writing the value's bytes over the old ones: a type with no references whose
        /// values fit the existential's own buffer (see `howLatestIsStored(_:isValueType:)`), which needs
        /// no copy and no destroy.
        case bytes
        /// A class: by retaining the new instance and writing the existential's bytes over
        /// the old ones; the old instance is handed back to release (see
        /// `retainHeldObject(_:)`).
        case object
        /// Any other value, or any value in the portable mode: copied and swapped in, the
        /// old value handed back.
        case value
    }

    /// The identity of the type.
    let type: ObjectIdentifier
    /// Whether the type is a value type (matching asks; found once, by its route).
    let isValueType: Bool
    /// How the slot stores a value.
    let storing: Storing
    /// The stamp of the stored value, larger for later stores; `0` while the slot is empty.
    private(set) var stamp = 0
    /// Slot 0 holds the value while ``stamp`` is not `0`.
    private let cell = SlotBuffer<any Event>(capacity: 1)

    init(type: ObjectIdentifier, isValueType: Bool, storing: Storing) {
        self.type = type
        self.isValueType = isValueType
        self.storing = storing
    }

    deinit {
        if stamp != 0 { cell.deinitialize(0..<1) }
    }

    /// The stored value, if any.
    var value: (any Event)? {
        stamp == 0 ? nil : cell[0]
    }

    /// Stores `event`, stamped `stamp`, by writing its bytes.
    ///
    /// - Precondition: ``storing`` is ``Storing/bytes``.
    @inline(__always)
    func storeBytes(_ event: borrowing any Event, stamp: Int) {
        cell.overwriteBitwise(0, with: event)
        self.stamp = stamp
    }

    /// Stores `event`, stamped `stamp`, retaining the instance it holds.
    ///
    /// - Precondition: ``storing`` is ``Storing/object``.
    /// - Returns: The instance it replaced, for the caller to release (its deinit may run
    ///   app code).
    @inline(__always)
    func storeObject(_ event: borrowing any Event, stamp: Int) -> AnyObject? {
        let replaced = self.stamp == 0 ? nil : takeHeldObject(in: cell, at: 0)
        retainHeldObject(event)
        cell.overwriteBitwise(0, with: event)
        self.stamp = stamp
        return replaced
    }

    /// Stores `event`, stamped `stamp`.
    ///
    /// - Returns: The value it replaced, for the caller to release (its deinit may run app
    ///   code).
    func store(_ event: consuming any Event, stamp: Int) -> (any Event)? {
        defer { self.stamp = stamp }
        guard self.stamp != 0 else {
            cell.initialize(0, to: event)
            return nil
        }
        swap(&event, &cell[0])  // moves, no copies
        return event
    }

    /// Empties the slot.
    ///
    /// - Returns: The value it held, for the caller to release.
    func clear() -> (any Event)? {
        guard stamp != 0 else { return nil }
        stamp = 0
        return cell.move(0)
    }
}
