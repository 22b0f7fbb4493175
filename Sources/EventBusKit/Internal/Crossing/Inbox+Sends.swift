// Sends: a post that waits for room, admitted oldest first, before any later post.

extension Inbox {
    /// A send that found no room, in the queue of sends from the moment it found none.
    ///
    /// It enters that queue in the locked step that found no room, so nothing that begins
    /// later (a post, a send) can go before it. Until its continuation is set (`enter(_:_:)`,
    /// with its task's cancellation handler installed) it is not admitted, and holds back the
    /// sends behind it: a cancellation of its task before then could not reach it, and it must
    /// post nothing.
    struct WaitingSend: Sendable {
        let id: Int
        let event: any Event & Sendable
        let origin: EventTrace.Origin
        /// `nil` while the send is still entering the queue.
        var continuation: CheckedContinuation<PostReport, any Error>?
    }

    /// Admits `event` as soon as there is room, after the sends already waiting; posts nothing
    /// and throws `CancellationError` when the task is cancelled first.
    func send(_ event: any Event & Sendable, from origin: EventTrace.Origin) async throws
        -> PostReport
    {
        try Task.checkCancellation()
        let (early, id, effects) = locked { state -> (PostReport?, Int, Effects) in
            guard state.isOpen else { return (.busGone, 0, Effects()) }
            var effects = admitSends(&state)
            if state.sends.isEmpty, hasRoom() {
                let report = admit(event, at: origin, &state, &effects, waiter: "send(_:)")
                return (report, 0, effects)
            }
            // Its place, from now: whatever begins later goes after it.
            state.nextSendID += 1
            state.sends.append(
                WaitingSend(id: state.nextSendID, event: event, origin: origin, continuation: nil))
            return (nil, state.nextSendID, effects)
        }
        effects.run()
        if let early { return early }
        if let hook = SendHook.foundNoRoom { await hook.run() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enter(id, continuation)
            }
        } onCancel: {
            cancelSend(id)
        }
    }

    /// Sets the continuation of the send `id`, which found no room: it waits from now, and may
    /// be admitted. Resumes it at once when it was cancelled first (its cancellation handler,
    /// installed before this, took it out of the queue, or its task is cancelled now) or the
    /// bus is gone.
    private func enter(_ id: Int, _ continuation: CheckedContinuation<PostReport, any Error>) {
        let (answer, effects) = locked {
            state -> (Result<PostReport, any Error>?, Effects) in
            guard let index = state.sends.firstIndex(where: { $0.id == id }) else {
                // Taken out of the queue: by its cancellation, or by the bus's going.
                return (
                    Task.isCancelled ? .failure(CancellationError()) : .success(.busGone), Effects()
                )
            }
            if Task.isCancelled {
                state.sends.remove(at: index)
                return (.failure(CancellationError()), admitSends(&state))
            }
            state.sends[index].continuation = continuation
            return (nil, admitSends(&state))
        }
        effects.run()
        if let answer { continuation.resume(with: answer) }
    }

    /// Takes the send `id` out of the queue, unless it was admitted (then it posted, and
    /// returns its report) or the bus is gone; resumes it with `CancellationError` if it
    /// waits, and lets the sends behind it in if there is room.
    private func cancelSend(_ id: Int) {
        let (cancelled, effects) = locked {
            state -> (CheckedContinuation<PostReport, any Error>?, Effects) in
            guard let index = state.sends.firstIndex(where: { $0.id == id }) else {
                return (nil, Effects())
            }
            let cancelled = state.sends.remove(at: index).continuation
            return (cancelled, admitSends(&state))
        }
        effects.run()
        cancelled?.resume(throwing: CancellationError())
    }

    /// Admits the sends that waited for room, now that the bus has delivered some events.
    func admitWaitingSends() {
        locked { admitSends(&$0) }.run()
    }

    /// Admits the waiting sends that fit, oldest first; stops at one still entering the queue.
    func admitSends(_ state: inout State) -> Effects {
        var effects = Effects()
        while let first = state.sends.first, let continuation = first.continuation, hasRoom() {
            state.sends.removeFirst()
            let report = admit(first.event, at: first.origin, &state, &effects, waiter: "send(_:)")
            effects.resumeSends.append((continuation, .success(report)))
        }
        return effects
    }
}
