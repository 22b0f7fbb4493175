/// Reaches a bus on the isolation it lives on, from any thread, to deliver its inbox.
///
/// A poster cannot hold the bus: `EventBus` is not `Sendable`. It holds this instead, and
/// each drain hops to the bus's actor first and touches the bus only there.
final class BusDrainer: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound:
    // - `isolation` is a `weak let`: never reassigned, and the runtime zeroes weak references
    //   atomically, so loading it from any thread is safe. `bus` is a `let` `LiveReference`:
    //   never reassigned, and its look-up is the runtime's atomic try-retain, which finds the
    //   bus only while it lives, so loading it from any thread is safe too. (Not `weak`: a
    //   weak reference gives the bus a side table, which makes every retain and release of
    //   it slow, a token's `cancel()` among them.)
    // - The bus is dereferenced in one place only, `drain(on:)`, which is isolated to
    //   `isolation`: the actor the bus was on when this drainer was made (see
    //   `EventBus.ensureInbox(drainingOn:)`, called from methods with an
    //   `isolated (any Actor)?` parameter).
    // - The compiler keeps the bus there: after a bus is passed to a method isolated to an
    //   actor, region-based isolation merges it into that actor's region, so it can no
    //   longer be sent to another isolation (`sending` it is an error). Every access to the
    //   bus therefore happens on its own actor, serialized with its owner's accesses.
    private let liveBus: LiveReference<EventBus>
    #if compiler(>=6.2.3)
        private weak let isolation: (any Actor)?
    #else
        // `weak let` (SE-0481) needs Swift 6.2.3: before it, `weak var`, assigned in `init` only.
        private weak var isolation: (any Actor)?
    #endif

    /// - Parameters:
    ///   - bus: The bus to drain.
    ///   - isolation: The actor `bus` lives on; the caller must be running on it.
    init(bus: EventBus, isolation: any Actor) {
        liveBus = LiveReference(bus)
        self.isolation = isolation
    }

    /// The actor the bus lives on, while it exists.
    var actor: (any Actor)? { isolation }

    /// Schedules a drain on the bus's actor.
    func scheduleDrain() {
        Task { await self.drain() }
    }

    private func drain() async {
        var barriers: [CheckedContinuation<Bool, Never>] = []
        do {
            guard let isolation else { return }
            await drain(on: isolation, passing: &barriers)
        }
        // Off the actor, and holding it no more: a task that waited for a barrier finds the
        // actor free (an actor that owned the bus may go at once).
        for barrier in barriers { barrier.resume(returning: true) }
    }

    /// Delivers a slice of what was posted, then, if more waits, leaves the actor to its other
    /// work: the next slice is a job of its own.
    private func drain(
        on actor: isolated any Actor, passing barriers: inout [CheckedContinuation<Bool, Never>]
    ) {
        guard let bus = liveBus.object, let inbox = bus.inbox else { return }
        // The drain a post scheduled has begun: a post from now on schedules the next one,
        // and so does this one, if it leaves work behind and no post has.
        inbox.drainBegins()
        let more = bus.deliverPosted(
            .slice, reporting: { bus.countUnattended($0) }, passing: &barriers)
        if bus.core.problemsWaiting { bus.reportProblems() }  // once per slice
        guard more else { return }
        inbox.claimNextDrain()?.scheduleDrain()
    }
}
