/// What a recipient is and how it is registered: the one value every public registration,
/// subscription, stream and `next` builds, and the one thing ``EventBus/add(_:)`` takes.
///
/// Adding an option is a field here and the code that reads it in ``EventBus/add(_:)``; a
/// closure's option that changes how the pass calls it is a ``Recipient/State`` bit in
/// ``gate``, set by ``ClosureRecipient/gate``, and the code in `deliverChecked` that reads it.
/// ARCHITECTURE.md, "A new subscription form", has the recipe.
struct RecipientDescription {
    /// What the bus calls.
    enum Subject {
        /// An app's consumer, held strongly or weakly; it is its own name.
        case consumer(any EventConsumer, weakly: Bool)
        /// One of the bus's stand-ins (a closure subscription, a stream, a waiter), held
        /// strongly; its ``AnyStandIn`` entry is how the bus calls it.
        case standIn(any AnyStandIn)
    }

    /// What the bus calls.
    var subject: Subject
    /// Where it goes in call order; `nil` reads the consumer's ``EventConsumer/priority``.
    var priority: Int? = nil
    /// Whether it first receives the stored sticky values it matches; `nil` reads the
    /// consumer's ``EventConsumer/replaysLatest``.
    var replaysLatest: Bool? = nil
    /// For an owner-bound subscription, the object whose deallocation ends it.
    var owner: AnyObject? = nil
    /// The state bits that send the pass to its checked path for a stand-in, where it reads
    /// them: ``Recipient/State/filtered``, ``Recipient/State/once``.
    var gate: Recipient.State = []

    /// Whether the registry holds the consumer weakly.
    var isWeak: Bool {
        if case .consumer(_, weakly: true) = subject { return true }
        return false
    }

    /// Whether the consumer is one of the bus's stand-ins.
    var isStandIn: Bool {
        if case .standIn = subject { return true }
        return false
    }

    /// The consumer the registry holds.
    var consumer: any EventConsumer {
        switch subject {
        case .consumer(let consumer, _): consumer
        case .standIn(let standIn): standIn
        }
    }
}
