/// What a recipient is: the one value every public registration, subscription, stream and
/// `next` builds, and hands to ``EventBus/add(_:options:)`` beside its ``RecipientOptions``.
///
/// What the options mean is not here: ``EventBus/add(_:options:)`` makes them the recipient's
/// ``ListeningRules`` (ARCHITECTURE.md, "Adding an option").
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
    /// For an owner-bound subscription, the object whose deallocation ends it.
    var owner: AnyObject? = nil
    /// Whether a `where:` predicate decides each delivery (a stand-in's).
    var isFiltered = false
    /// A closure recipient's label, what its name is made from; `nil` for an app's consumer,
    /// named after itself (see ``RecipientName``).
    var label: ClosureLabel? = nil

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
