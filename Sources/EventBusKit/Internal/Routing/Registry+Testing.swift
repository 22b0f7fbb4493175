// Test-only members of the registry: hooks that let a test put another thread's action at an
// exact point of a registry change, so that an interleaving is tested deterministically.

#if DEBUG
    extension EventBus {
        /// Runs `hook` in each later sweep of ended recipients that finds one, between
        /// deactivating the ended recipients and taking them off the recipient list and the
        /// routes; `nil` removes the hook. Test-only.
        ///
        /// `hook` runs inside the registry change: it may do what another thread may do at
        /// that moment (release a token, end a stream), and nothing that reaches the bus.
        func runBetweenSweepSteps(_ hook: (() -> Void)?) {
            changeRegistry { $0.betweenSweepSteps = hook }
        }
    }
#endif
