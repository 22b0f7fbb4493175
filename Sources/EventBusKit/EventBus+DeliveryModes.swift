// The two explicit ways to make a poster: one that states the actor its posts are delivered
// on, one for a bus its owner delivers by hand. The rule they make visible, in one sentence,
// is in `poster(isolation:)`'s doc comment and on every page that tells it.

extension EventBus {
    /// Returns a handle that posts events to this bus from any thread or task, delivered on
    /// `actor`, the actor the bus lives on.
    ///
    /// A bus delivers posted events on the first actor it learns — from
    /// `poster(deliveringOn:)`, or from `poster()`, `events(of:)` or `next(_:)` called on an
    /// actor — and never on another; until then, and always once it has vended
    /// `posterDeliveredByHand()`, they wait for its owner's next call into the bus or
    /// `deliverPosted()`.
    ///
    /// This call states that actor: the compiler checks that the caller runs on it, so a
    /// synchronous `init`, which runs on no actor, cannot make this poster (make it in a
    /// method that runs on the actor, or deliver by hand). Posts answer
    /// ``PostReport/accepted`` and hop to `actor` on their own, a slice at a time. Calling it
    /// again on the same actor, or calling ``poster(isolation:)`` there, returns a handle to
    /// the same inbox.
    ///
    /// ```swift
    /// @MainActor final class AppModel {
    ///     let bus = EventBus()
    ///     lazy var poster = bus.poster(deliveringOn: MainActor.shared)
    /// }
    /// ```
    ///
    /// > Important: It stops the program, naming both, when the bus already delivers on
    /// > another actor, or is delivered by hand (``posterDeliveredByHand(fileID:line:)``): a bus
    /// > has one delivery mode for its life.
    /// - Parameters:
    ///   - actor: The actor the bus lives on and delivers posted events on; the caller's.
    ///   - fileID: The file that asks; leave the default.
    ///   - line: The line that asks; leave the default.
    /// - Returns: A `Sendable` handle; it does not keep the bus alive.
    /// - Complexity: O(1).
    public func poster(
        deliveringOn actor: isolated any Actor, fileID: String = #fileID, line: Int = #line
    ) -> EventPoster {
        let inbox = ensureInbox()
        let site = EventTrace.Origin(fileID: fileID, line: line)
        let mode = inbox.deliveryMode
        switch mode {
        case .undecided: break
        case .actor(let known?) where known === actor: break
        case .actor, .byHand:
            Self.stop(Self.deliveryModeConflict(stated: actor, known: mode, at: site))
        }
        return poster(isolation: actor)
    }

    /// Returns a handle that posts events to this bus from any thread or task, for a bus its
    /// owner delivers by hand, with ``deliverPosted()`` or its other calls into the bus.
    ///
    /// A bus delivers posted events on the first actor it learns — from
    /// `poster(deliveringOn:)`, or from `poster()`, `events(of:)` or `next(_:)` called on an
    /// actor — and never on another; until then, and always once it has vended
    /// `posterDeliveredByHand()`, they wait for its owner's next call into the bus or
    /// `deliverPosted()`.
    ///
    /// From this call on the bus never learns an actor: a later poster, stream or `next` on
    /// an actor leaves its posts waiting for the owner. Posts answer
    /// ``PostReport/awaitingDeliverPosted`` and are never reported as
    /// ``Problem/Kind/postsAwaitDelivery``: they wait on purpose. A `next` awaited on such a
    /// bus receives a posted event once an owner's call delivers it. Like every owner call, it
    /// first delivers what waits. Use it for a bus that lives on no actor (a command-line
    /// tool's loop, a class used from one thread) or one made in a synchronous `init`.
    ///
    /// ```swift
    /// let bus = EventBus()
    /// let poster = bus.posterDeliveredByHand()
    /// worker.start(reportingTo: poster)
    /// while running {
    ///     bus.deliverPosted()
    ///     // … the loop's other work
    /// }
    /// ```
    ///
    /// > Important: It stops the program, naming the actor, when the bus already delivers on
    /// > one (it vended a poster, a stream or a `next` there). An owner that awaits
    /// > ``EventPoster/waitUntilDelivered()`` waits for its own next call: call
    /// > ``deliverPosted()`` instead.
    /// - Parameters:
    ///   - fileID: The file that asks; leave the default.
    ///   - line: The line that asks; leave the default.
    /// - Returns: A `Sendable` handle; it does not keep the bus alive.
    /// - Complexity: O(*p*) dispatches for *p* posted events waiting, O(1) otherwise.
    public func posterDeliveredByHand(fileID: String = #fileID, line: Int = #line)
        -> EventPoster
    {
        let inbox = ensureInbox()
        let mode = inbox.deliverByHandForGood()
        if case .actor = mode {
            let site = EventTrace.Origin(fileID: fileID, line: line)
            Self.stop(Self.deliveryModeConflict(stated: nil, known: mode, at: site))
        }
        return poster(isolation: nil)
    }

    /// The message a call stops with when it states a delivery mode the bus does not have:
    /// `stated` is the actor stated (`nil`: by hand) and `known` the bus's mode, both named
    /// whole (the call site is cut first), in at most 120 characters with the `EventBusKit: `
    /// prefix.
    static func deliveryModeConflict(
        stated: (any Actor)?, known: Inbox.DeliveryMode, at site: EventTrace.Origin
    ) -> String {
        let knownName: String
        switch known {
        case .actor(let actor?): knownName = "\(type(of: actor))"
        case .actor(nil): knownName = "an actor that is gone"
        case .byHand, .undecided: knownName = ""
        }
        let line: ReadableLine
        switch (stated, known) {
        case (let stated?, .byHand):
            line =
                "poster(deliveringOn: \(type(of: stated))) at \(site: site): "
                + "bus is delivered by hand; \(fix: "keep one mode")"
        case (let stated?, _):
            line =
                "poster(deliveringOn: \(type(of: stated))) at \(site: site): "
                + "bus is on \(knownName); \(fix: "make the poster there")"
        case (nil, _):
            line =
                "posterDeliveredByHand() at \(site: site): bus is on \(knownName); "
                + "\(fix: "use poster(deliveringOn:)")"
        }
        return line.fitted(to: lineLimit - problemPrefix.count)
    }
}
