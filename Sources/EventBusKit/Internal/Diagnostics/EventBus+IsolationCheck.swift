#if DEBUG
    // Debug builds only: a bus that vended a poster or a stream on an actor must be used there.
    // Swift 6's checker keeps most uses there, but not a bus handed on as a `sending`
    // parameter (see the article "Concurrency and isolation"); this catches that at run time.

    extension EventBus {
        /// Stops the program when the bus has learned an actor and the caller is not on it.
        func checkIsolation(_ function: StaticString = #function) {
            guard let actor = inbox?.learnedIsolation else { return }
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                actor.preconditionIsolated(
                    "EventBus.\(function) called off the actor the bus lives on (where it vended a poster or a stream); keep a bus on one isolation"
                )
            }
        }
    }
#endif
