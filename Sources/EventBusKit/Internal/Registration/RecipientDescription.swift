/// What a recipient is: the one value every public registration, subscription, stream and
/// `next` builds, and hands to ``EventBus/add(_:options:)`` beside its ``RecipientOptions``.
///
/// Adding an option is a stored property of ``RecipientOptions`` and the code that reads it in
/// ``EventBus/add(_:options:)``; an option that changes how the pass calls the recipient is a
/// ``Recipient/State`` bit that ``gate(with:)`` derives from the options, and the code in
/// `deliverChecked` that reads it. ARCHITECTURE.md, "Adding an option", has the recipe.
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

    /// The state bits that send the pass to its checked path, where it reads them:
    /// ``Recipient/State/filtered`` for a `where:` predicate, ``Recipient/State/limited`` for
    /// a limit in `options`.
    func gate(with options: RecipientOptions) -> Recipient.State {
        var gate: Recipient.State = []
        if isFiltered { gate.insert(.filtered) }
        if options.limit != nil { gate.insert(.limited) }
        return gate
    }

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
