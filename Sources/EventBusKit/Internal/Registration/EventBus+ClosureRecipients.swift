// The one path of every closure recipient (subscriptions, streams, waiters) into the registry.

extension EventBus {
    /// Registers `closure` and returns its token: the body of every public `subscribe` and
    /// `subscribeOnce` form.
    ///
    /// The token of an owner-bound subscription does not end it on deinit (its owner's
    /// lifetime does).
    ///
    /// Inlined, as its `add(_:)` is, so that an unspecialized caller
    /// (such as `next`) never builds the description: its fields go straight to the stand-in,
    /// with no generic metadata looked up for `ClosureRecipient<T>`.
    @inline(__always)
    func subscribe<T>(_ closure: ClosureRecipient<T>) -> Subscription {
        if closure.listed == T.self, let problem = Self.subscriptionProblem(closure.listed) {
            preconditionFailure(problem)
        }
        return Subscription(
            bus: self, recipient: add(closure),
            endsOnDeinit: closure.owner == nil ? ensureInbox() : nil)
    }

    /// Registers `closure` through its stand-in and returns its recipient.
    @inline(__always)
    func add<T>(_ closure: ClosureRecipient<T>) -> Recipient {
        let standIn = StandIn(
            listing: closure.listed, closure.handler, where: closure.filter,
            finish: closure.finish, label: closure.name, bus: self)
        // A new stand-in is never registered already.
        return add(
            RecipientDescription(
                subject: .standIn(standIn), priority: closure.priority,
                replaysLatest: closure.replaysLatest, owner: closure.owner,
                gate: closure.gate))!
    }

    /// The message `call` (`subscribe(to:)` by default) stops with for `type`, or `nil` when
    /// it is subscribable: ``NoEvent`` covers no event, and a closure or an object that takes
    /// ``AllEvent`` or a ``Conforming`` value could never be called (their forms take
    /// `any Event` and `P`).
    static func subscriptionProblem(
        _ type: any Event.Type, call: String = "subscribe(to:)"
    ) -> String? {
        if type == NoEvent.self {
            return "\(call): type NoEvent covers no event; a closure for it could never be called"
        }
        if type == AllEvent.self || MatchList.category(named: type) != nil {
            let fix =
                call == "subscribe(to:)"
                ? "write the closure's parameter as `any Event` for AllEvent, or as `P` for Conforming<P>"
                : "call \(call) with AllEvent.self or Conforming<P>.self written out, so their own forms apply"
            return "\(call): type \(type) has no instances; \(fix)"
        }
        return nil
    }
}
