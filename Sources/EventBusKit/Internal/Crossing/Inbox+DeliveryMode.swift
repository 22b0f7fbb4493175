// How a bus delivers posted events — on an actor, or by its owner — as the explicit poster
// spellings state it (`EventBus+DeliveryModes.swift`): read and chosen under the inbox's lock.

extension Inbox {
    /// How the bus delivers posted events, as a poster's explicit spelling states it.
    enum DeliveryMode: Sendable {
        /// No actor learned, no hand delivery chosen: the first poster, stream or `next` on an
        /// actor decides.
        case undecided
        /// On this actor (`nil`: an actor that is gone).
        case actor((any Actor)?)
        /// By its owner, for good (`posterDeliveredByHand()`).
        case byHand
    }

    /// How the bus delivers posted events.
    var deliveryMode: DeliveryMode { locked { Self.mode(of: $0) } }

    /// Whether the bus may still learn an actor: it has none, and is not delivered by hand.
    /// (What a stream or a `next` asks each time: no weak load of the actor.)
    var mayLearnAnActor: Bool { locked { $0.drainer == nil && !$0.deliveredByHand } }

    /// Chooses hand delivery for good, unless the bus delivers on an actor already.
    ///
    /// - Returns: The mode the bus had: `.actor` when it refused, else `.undecided` or
    ///   `.byHand`.
    func deliverByHandForGood() -> DeliveryMode {
        locked { state in
            let mode = Self.mode(of: state)
            if case .actor = mode { return mode }
            state.deliveredByHand = true
            Self.ownerDeliversByHand(&state)
            return mode
        }
    }

    private static func mode(of state: State) -> DeliveryMode {
        if let drainer = state.drainer { return .actor(drainer.actor) }
        return state.deliveredByHand ? .byHand : .undecided
    }
}
