// Sends: a post that waits for room, admitted oldest first, before any later post.

extension Inbox {
    /// A send waiting for room.
    struct WaitingSend: Sendable {
        let id: Int
        let event: any Event & Sendable
        let origin: EventTrace.Origin
        let continuation: CheckedContinuation<PostReport, any Error>
    }

    /// Admits `event` as soon as there is room, after the sends already waiting; posts nothing
    /// and throws `CancellationError` when the task is cancelled first.
    func send(_ event: any Event & Sendable, from origin: EventTrace.Origin) async throws
        -> PostReport
    {
        try Task.checkCancellation()
        let (early, id, effects) = state.withLock { state -> (PostReport?, Int, Effects) in
            guard state.isOpen else { return (.busGone, 0, Effects()) }
            var effects = admitSends(&state)
            if state.sends.isEmpty, hasRoom() {
                let report = admit(event, at: origin, &state, &effects, waiter: "send(_:)")
                return (report, 0, effects)
            }
            state.nextSendID += 1
            return (nil, state.nextSendID, effects)
        }
        effects.run()
        if let early { return early }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let effects = state.withLock { state -> Effects in
                    if state.cancelledSends.remove(id) != nil {
                        return Effects(resumeSends: [(continuation, .failure(CancellationError()))])
                    }
                    guard state.isOpen else {
                        return Effects(resumeSends: [(continuation, .success(.busGone))])
                    }
                    state.sends.append(
                        WaitingSend(
                            id: id, event: event, origin: origin, continuation: continuation))
                    return admitSends(&state)
                }
                effects.run()
            }
        } onCancel: {
            let cancelled = state.withLock { state -> WaitingSend? in
                if let index = state.sends.firstIndex(where: { $0.id == id }) {
                    return state.sends.remove(at: index)
                }
                // Not waiting yet (or done): one that has not waited must not start to.
                if id > state.lastAdmittedSend, state.isOpen { state.cancelledSends.insert(id) }
                return nil
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Admits the sends that waited for room, now that the bus has delivered some events.
    func admitWaitingSends() {
        state.withLock { admitSends(&$0) }.run()
    }

    /// Admits the waiting sends that fit, oldest first.
    func admitSends(_ state: inout State) -> Effects {
        var effects = Effects()
        while let first = state.sends.first, hasRoom() {
            state.sends.removeFirst()
            state.lastAdmittedSend = max(state.lastAdmittedSend, first.id)
            let report = admit(first.event, at: first.origin, &state, &effects, waiter: "send(_:)")
            effects.resumeSends.append((first.continuation, .success(report)))
        }
        return effects
    }
}
