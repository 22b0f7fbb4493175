// What a stand-in calls: a closure recipient's closures, taking the event's existential.

extension StandIn {
    /// A closure recipient's closures, taking the event's existential in place of its `T`,
    /// and how they take it: what a closure recipient's stand-in calls.
    struct Closures {
        /// How a stand-in's closures take a routed event.
        enum Takes: UInt8 {
            /// `T` is the listed type: the closures are `T`'s, reinterpreted to take the
            /// existential (`borrowingHandler(_:)`), called with it only when the event may be
            /// borrowed (``StandIn/borrowing``), and otherwise reinterpreted back and
            /// called with the event copied out.
            case listed
            /// `T` is `any Event` (``AllEvent``, or an ``ObservedEvent`` that keeps events as
            /// they came): the closures take the existential as it is.
            case anyEvent
            /// `T` is a category's member (`any P`): the closures cast the event to `T` first.
            case category
        }

        let takes: Takes
        let handler: (any Event) throws -> Void
        /// The `where:` predicate; `nil` accepts every event.
        let filter: ((any Event) -> Bool)?

        /// The closures of a recipient of `listed` taking `T`s: `T` itself, `any Event`
        /// (then `listed` may be ``AllEvent``), or a category's member.
        @inline(__always)
        init<T>(
            _ handler: @escaping (T) throws -> Void, where filter: ((T) -> Bool)?,
            listing listed: any Event.Type
        ) {
            if listed == T.self || T.self == (any Event).self {
                takes = listed == T.self ? .listed : .anyEvent
                // Reinterpreted, not wrapped: no closure is made (for `any Event`, the same type).
                self.handler = borrowingHandler(handler)
                // Unwrapped with `if let`, not `map`: a generic closure would wrap it twice.
                if let filter {
                    self.filter = borrowingPredicate(filter)
                } else {
                    self.filter = nil
                }
            } else {
                // A category: `T` is `any P`, which the event is cast to.
                takes = .category
                self.handler = { event in if let value = event as? T { try handler(value) } }
                if let filter {
                    self.filter = { event in (event as? T).map(filter) ?? false }
                } else {
                    self.filter = nil
                }
            }
        }

        /// Closures bound to `owner`, which both hold weakly and hand to `handler` and
        /// `filter`: once the owner is gone, the handler does nothing and the filter accepts
        /// nothing.
        @inline(__always)
        init<T, Owner: AnyObject>(
            owner: Owner, _ handler: @escaping (Owner, T) throws -> Void,
            where filter: ((Owner, T) -> Bool)?, listing listed: any Event.Type
        ) {
            self.init(
                { [weak owner] (value: T) in if let owner { try handler(owner, value) } },
                where: filter.map { filter in
                    { [weak owner] (value: T) in owner.map { filter($0, value) } ?? false }
                },
                listing: listed)
        }
    }
}
