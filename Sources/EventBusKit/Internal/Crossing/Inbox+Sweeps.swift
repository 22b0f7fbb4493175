// How the inbox asks the bus to remove ended recipients, and how a drain's end takes the
// barriers that no longer wait for anything.

extension Inbox {
    /// The most ended recipients the inbox lists for the bus; beyond them it asks for a
    /// sweep of all, which finds them too.
    static let endedListLimit = 256

    /// Takes the barriers at the front of the inbox, with no event ahead of them here, and with
    /// them the removals asked for (a sweep, and the recipients tokens ended), and admits the
    /// sends that fit: the end of a drain that delivered everything it took. What came before
    /// those barriers is delivered, so once the bus has removed what it was asked to they
    /// resume now, not at the next drain (on a bus that knows no actor, the owner's next call,
    /// which may never come).
    ///
    /// - Returns: The barriers to resume with `true` once the bus has removed the ended
    ///   recipients, whether to sweep, the recipients tokens ended, and whether anything still
    ///   waits here.
    func endDrain() -> (
        barriers: [CheckedContinuation<Bool, Never>], sweep: Bool, ended: EndedRecipients,
        more: Bool
    ) {
        let (end, effects) = locked { state in
            var barriers: [CheckedContinuation<Bool, Never>] = []
            for case .barrier(let barrier) in state.items.prefix(while: \.isBarrier) {
                barriers.append(barrier)
            }
            if !barriers.isEmpty { state.items.removeFirst(barriers.count) }
            // Removals wait for the next take, unless a barrier would wait for them.
            let (sweep, ended) =
                barriers.isEmpty ? (false, EndedRecipients()) : state.takeRemovals()
            let effects = admitSends(&state)
            return ((barriers, sweep, ended, state.hasWork), effects)
        }
        effects.run()
        return end
    }

    /// What the first take of a drain of everything waiting finds (see
    /// ``take(byHand:busHoldsNone:)``).
    ///
    /// Removals alone — a dropped token's, the common case of an owner's call — come apart
    /// from a ``Batch``: the bus removes them and is done, with no batch to build or receive.
    enum Take {
        /// Nothing waited but removals (maybe none), nothing to report, and the bus holds no
        /// posted event: the drain ended with the take. `more`: whether anything waits here
        /// again, as ``endDrain()`` says.
        case removalsAlone(sweep: Bool, ended: EndedRecipients, more: Bool)
        /// What ``takeAll()`` takes; `more` when the drain ended with it (as for
        /// ``removalsAlone(sweep:ended:more:)``), `nil` when it goes on.
        case batch(Batch, more: Bool?)
    }

    /// ``takeAll()`` at the start of a drain of everything waiting. When the bus holds no
    /// posted event (`busHoldsNone`) and nothing waits here either, the drain's end
    /// (``endDrain()``) happens in the same locked step — there is no barrier to take, and the
    /// sends that fit are admitted — so a drain that finds only removals (a dropped token's)
    /// locks once, and takes them alone (``Take/removalsAlone(sweep:ended:more:)``); when the
    /// inbox is quiet (``InboxWords/isQuiet(byHand:)``: nothing else waits, nothing is to be
    /// told), it locks not at all, and takes the recipient a dropped token handed over, if
    /// any. `byHand` is the owner's `deliverPosted()`, which tells the inbox first
    /// (``ownerDeliversByHand()``).
    func take(byHand: Bool, busHoldsNone: Bool) -> Take {
        // Nothing under the lock to take or to tell (see `InboxWords`): the recipient a
        // dropped token handed over, if any, is all there is.
        if busHoldsNone && unlocked.isQuiet(byHand: byHand) {
            var ended = EndedRecipients()
            if let handed = unlocked.take() { ended.append(handed) }
            return .removalsAlone(sweep: false, ended: ended, more: false)
        }
        return takeLocked(byHand: byHand, busHoldsNone: busHoldsNone)
    }

    /// ``take(byHand:busHoldsNone:)`` when the inbox is not quiet: its locked step. Out of
    /// line: the common take locks nothing.
    @inline(never)
    private func takeLocked(byHand: Bool, busHoldsNone: Bool) -> Take {
        let (taken, effects) = locked { state -> (Take, Effects?) in
            if byHand { Self.ownerDeliversByHand(&state) }
            guard busHoldsNone, state.items.isEmpty else {
                return (.batch(Self.takeAll(&state), more: nil), nil)
            }
            // The drain ends with this take: the sends that fit are admitted after it. With
            // none waiting (the common case), admitting has no effect to run.
            if state.refused.isEmpty && state.waitToReport == nil {
                let (sweep, ended) = state.takeRemovals()
                let effects = state.sends.isEmpty ? nil : admitSends(&state)
                return (.removalsAlone(sweep: sweep, ended: ended, more: state.hasWork), effects)
            }
            let batch = Self.takeAll(&state)
            let effects = admitSends(&state)
            return (.batch(batch, more: state.hasWork), effects)
        }
        effects?.run()
        return taken
    }

    /// Takes the recipients tokens ended, for the bus to remove now (its `add` does, first:
    /// see ``InboxWords/mayHoldEnded``), leaving a sweep asked for to its drain.
    func takeEnded() -> EndedRecipients {
        locked { $0.takeEnded() }
    }

    /// Hands the bus `ended`, which its dropped token ended, for the bus to remove on its
    /// isolation: in the slot (``InboxWords``), with no lock, unless it is full, a drainer
    /// must be scheduled or the inbox is closed; otherwise as ``requestSweep(of:)``.
    func handOver(_ ended: Recipient) {
        guard unlocked.put(ended) else { return requestSweep(of: ended) }
        if unlocked.mustTakeLock { tellTheBusOfTheHandOver() }
    }

    /// The locked step of ``handOver(_:)`` once a drainer is installed or the inbox closed:
    /// schedules a drain, or lets the recipient go. Out of line: the common hand-over locks
    /// nothing.
    @inline(never)
    private func tellTheBusOfTheHandOver() {
        let (isOpen, drainer) = locked { state -> (Bool, BusDrainer?) in
            (state.isOpen, state.isOpen ? Self.claimDrain(&state) : nil)
        }
        // Closed: the bus is gone and removed every recipient; let it go (unless `close()`
        // took it already).
        if !isOpen { _ = unlocked.take() }
        drainer?.scheduleDrain()
    }

    /// Asks the bus to remove, on its isolation, `ended`, which its token ended: with no
    /// sweep of the other recipients (unless too many wait, see ``endedListLimit``).
    func requestSweep(of ended: Recipient) {
        let drainer = locked { state -> BusDrainer? in
            guard state.isOpen else { return nil }
            if state.endedByTokens.count < Self.endedListLimit {
                state.listEnded(ended)
            } else {
                state.sweepRequested = true
            }
            return Self.claimDrain(&state)
        }
        drainer?.scheduleDrain()
    }
}
