// The pass: one event delivered to the recipients its route holds when the pass begins. Its
// route is looked up in `EventBus+Routes.swift`, its watchers (a trace) are in
// `PassWatcher.swift`, and the announcements it queues in `EventBus+Announcements.swift`.

extension EventBus {
    /// Delivers `event` to the recipients its route holds when the pass begins; `cause` and
    /// `origin` are what a running trace records for the pass (`origin` is read only then).
    ///
    /// - Returns: How many recipients it called (for the bus's announcements, see
    ///   ``settleIfAnnouncement(_:delivered:)``).
    @discardableResult
    @inline(__always)
    func runPass(
        _ event: any Event, cause: EventTrace.Cause?,
        origin: @autoclosure () -> EventTrace.Origin? = nil
    ) -> Int {
        let route = route(of: event)
        if route.isSticky { storeLatest(event, over: route) }
        if let trace {
            return runTracedPass(event, over: route, cause: cause, origin: origin(), trace: trace)
        } else {
            return runPass(event, over: route, watchedBy: UnwatchedPass())
        }
    }

    /// Delivers `event` to `recipient` alone, in a pass of its own: a replay to a new
    /// recipient. Every rule of a pass holds: the recipient is skipped when it has ended, the
    /// pass is traced and announced. It stores nothing as the latest value.
    func runPass(_ event: any Event, onlyTo recipient: Recipient, cause: EventTrace.Cause?) {
        let entries = RouteEntries(CollectionOfOne(RouteEntry(recipient)))
        let route = RouteView(entries: entries, kind: EventKind(type(of: event)))
        withExtendedLifetime(entries) {
            if let trace {
                _ = runTracedPass(event, over: route, cause: cause, origin: nil, trace: trace)
            } else {
                _ = runPass(event, over: route, watchedBy: UnwatchedPass())
            }
        }
    }

    /// A pass while a trace runs, kept out of line so the untraced pass stays small.
    @inline(never)
    private func runTracedPass(
        _ event: any Event, over route: RouteView, cause: EventTrace.Cause?,
        origin: EventTrace.Origin?, trace: EventTrace
    ) -> Int {
        runPass(
            event, over: route,
            watchedBy: TracedPass(trace: trace, cause: cause, origin: origin))
    }

    /// The pass itself, compiled once for each kind of watcher: with no trace running, it is
    /// a loop with no trace code in it. Returns how many recipients it called.
    @inline(__always)
    private func runPass<Watcher: PassWatcher>(
        _ event: any Event, over route: RouteView, watchedBy watcher: Watcher
    ) -> Int {
        // The pass reads its entries unretained; `changeRegistry` pins them if the registry
        // changes before the pass ends (see `RouteEntries`).
        pass.runningEntries = route.owner
        defer { endPass() }
        watcher.passBegins(event, on: self)
        let entries = route.entries
        pass.end = entries.count
        let delivered = deliver(
            event, entries, ofAnnouncement: route.isAnnouncement, from: 0, watchedBy: watcher,
            asksPredicates: false)
        watcher.deliveriesEnded(on: self)
        if DeliveryCore.announcesNoConsumer(
            delivered: delivered, ofAnnouncement: route.isAnnouncement,
            listening: hasLiveListeners(for: NoConsumerEvent.self))
        {
            queue(
                announcement: NoConsumerEvent(event: event),
                cause: watcher.announcementCause(namingRecipient: false, on: self))
        }
        return delivered
    }

    /// Calls the recipients of the pass's `entries` from `start`, and returns how many it
    /// called.
    ///
    /// Compiled twice, as two loops one after the other in the pass's code. The pass runs it
    /// with `asksPredicates` false: a loop that runs recipients' calls and nothing else. When
    /// that loop meets a subscription with only a `where:` predicate, it leaves, and hands
    /// the rest of the pass to ``deliverAskingPredicates(_:ofAnnouncement:from:watchedBy:)``:
    /// the same loop with `asksPredicates` true, which asks such a subscription's predicate
    /// (``accepts(_:_:)``) and calls it, if it accepts, as it calls one with none. So the code
    /// of the loop that most passes run is not touched by a predicate's, and the hand-off is
    /// a jump, not a call. (One loop asking predicates inline costs every delivery to any
    /// recipient about 5 instructions: the compiler then recomputes the entry's address each
    /// time round. A hand-off to an out-of-line loop costs a pass about 25 more than this.)
    @inline(__always)
    private func deliver<Watcher: PassWatcher>(
        _ event: any Event, _ entries: SlotView<RouteEntry>, ofAnnouncement isAnnouncement: Bool,
        from start: Int, watchedBy watcher: Watcher, asksPredicates: Bool
    ) -> Int {
        var delivered = 0
        // Nothing changes `entries` (the route's) during the pass. Each is read through
        // `entries[index]` rather than bound to a local: a local reference would be retained
        // for its whole scope. The loop ends at `pass.end`, which `cancelDelivery()` sets to
        // 0 from inside a recipient's call.
        //
        // The loop runs recipients' calls and predicates and nothing else that may run app
        // code: a predicate runs marked as the bus's own app code, and whatever else does
        // (the checked path, an announcement a call caused, the release of the consumer the
        // checked path hands back) runs marked in an out-of-line helper (see
        // `insideRecipientCall(_:)`), so the fast path pays nothing for the rule.
        var index = start
        while index < pass.end {
            defer { index &+= 1 }
            if let unretained = entries[index].unretained {
                let state = unretained.state
                if UnretainedConsumer.isCallable(state)
                    || (asksPredicates && state == Self.filteredSubscription
                        && accepts(unretained, event))
                {
                    watcher.delivers(to: entries[index].recipient, on: self)
                    if state == .plainConsumer {
                        unretained.consume(event)
                    } else if unretained.consumeReportingAnnouncement(event) {
                        announcePending(of: entries[index], event)
                    }
                    delivered &+= 1
                    announceConsumption(
                        by: entries[index].recipient, entries[index].consumer!, of: event,
                        ofAnnouncement: isAnnouncement, watchedBy: watcher)
                    continue
                }
                if state == Self.filteredSubscription {
                    // Asked: rejected by its predicate, or ended by it; no call, no delivery.
                    if asksPredicates { continue }
                    delivered &+= deliverAskingPredicates(
                        event, ofAnnouncement: isAnnouncement, from: index, watchedBy: watcher)
                    break
                }
            }
            if let consumer = deliverChecked(event, to: entries[index], watchedBy: watcher) {
                delivered &+= 1
                announceConsumption(
                    ofChecked: consumer, by: entries[index].recipient, of: event,
                    ofAnnouncement: isAnnouncement, watchedBy: watcher)
            }
        }
        return delivered
    }

    /// The rest of a pass from `start`, the index of a filtered subscription:
    /// ``deliver(_:_:ofAnnouncement:from:watchedBy:asksPredicates:)``, asking predicates, inlined
    /// after the loop that hands over. It reads the running pass's entries in place, as the
    /// loop does, from the pass rather than from the loop: handed the loop's `entries`
    /// instead, a plain pass counted one instruction more (callgrind, `register`, fan-out 1).
    @inline(__always)
    private func deliverAskingPredicates<Watcher: PassWatcher>(
        _ event: any Event, ofAnnouncement isAnnouncement: Bool, from start: Int,
        watchedBy watcher: Watcher
    ) -> Int {
        deliver(
            event, pass.runningEntries!.entries, ofAnnouncement: isAnnouncement, from: start,
            watchedBy: watcher, asksPredicates: true)
    }

    /// The state of a live subscription with a `where:` predicate and nothing else to check:
    /// the loop asks its predicate (``accepts(_:_:)``), then calls it as it calls a
    /// subscription with none.
    private static var filteredSubscription: Recipient.State { [.standIn, .filtered] }

    /// Whether the filtered subscription `unretained` takes `event`: its predicate, run as
    /// the bus's own app code (``outsideRecipientCallFromTheLoop(_:)``) and asked at fixed
    /// offsets of the stand-in (``UnretainedConsumer/acceptsRouted(_:)``), accepts it, and did
    /// not end the subscription. The entry holds the stand-in for the pass, as it holds every
    /// recipient the loop calls unretained.
    @inline(__always)
    private func accepts(_ unretained: UnretainedConsumer, _ event: any Event) -> Bool {
        outsideRecipientCallFromTheLoop { unretained.acceptsRouted(event) }
            && unretained.state == Self.filteredSubscription
    }

    /// Delivers `event` to the recipient of `entry` after checking that it may still be
    /// called (held weakly, bound to an owner, ended or removed), asking a filtered stand-in's
    /// predicate, and asking a counted recipient's rules (a limit ends it before its last
    /// call); returns the consumer it called, if it was, for the caller to announce and release.
    ///
    /// Everything here but the call itself runs outside the recipient's call (see
    /// ``insideRecipientCall(_:)``).
    @inline(never)
    private func deliverChecked<Watcher: PassWatcher>(
        _ event: any Event, to entry: RouteEntry, watchedBy watcher: Watcher
    ) -> (any EventConsumer)? {
        outsideRecipientCall { deliverCheckedOutsideTheCall(event, to: entry, watchedBy: watcher) }
    }

    /// The body of `deliverChecked`. Out of line, so that its locals are released before it
    /// returns, inside the caller's marking.
    @inline(never)
    private func deliverCheckedOutsideTheCall<Watcher: PassWatcher>(
        _ event: any Event, to entry: RouteEntry, watchedBy watcher: Watcher
    ) -> (any EventConsumer)? {
        let recipient = entry.recipient
        guard let consumer = recipient.consumer else {
            // Removed before its turn, or ended (by a claim, whose reason stands, or by its
            // owner or consumer going): skip it, and remove it unless it was removed already.
            if !recipient.isRemoved { end(recipient, because: .ownerGone) }
            return nil
        }
        // `consumer`, returned at the end, keeps the recipient's object alive for these calls.
        if recipient.isFiltered, let unretained = entry.unretained {
            // A rejected event is not a delivery; a predicate that ended its own
            // subscription (or let its owner go) gets no call either.
            guard unretained.acceptsRouted(event), recipient.isCallable else {
                withExtendedLifetime(consumer) {}
                return nil
            }
        }
        // Ended before its last call: a dispatch from that call does not reach it again. Its
        // end is claimed first, for this call: another thread that ended it since (a `next`'s
        // timer) wins, and then it is not a delivery; one that comes after writes nothing, so
        // the trace, the call and its announcement all say the pass ended it (§17.1).
        let isLastCall = recipient.isCounted && recipient.rules.count() == .lastCall
        if isLastCall, !recipient.claimEnd(.lastCall) {
            end(recipient, because: .lastCall)
            withExtendedLifetime(consumer) {}
            return nil
        }
        watcher.delivers(to: recipient, on: self)
        let removedBeforeLastCall = isLastCall ? endBeforeLastCall(recipient) : nil
        guard let unretained = entry.unretained else {
            insideRecipientCall { consumer.consume(event) }
            if removedBeforeLastCall != nil { releaseRemoved(consume removedBeforeLastCall) }
            return consumer
        }
        let causedAnnouncement = insideRecipientCall {
            unretained.consumeReportingAnnouncement(event)
        }
        if causedAnnouncement { announcePending(of: entry, event) }
        if removedBeforeLastCall != nil { releaseRemoved(consume removedBeforeLastCall) }
        return consumer
    }

    /// Ends a pass: unpins its entries, releasing them if a registry change replaced them (and
    /// then takes the recipient it ended before its last call off its routes: that pins them
    /// too, so a pass tests one thing as it ends).
    @inline(__always)
    private func endPass() {
        pass.runningEntries = nil
        pass.end = 0
        if pass.pinnedEntries != nil { unpinRoute() }
    }

    /// Releases the pinned entries (after the access: their consumers' deinits may run).
    @inline(never)
    private func unpinRoute() {
        do {
            var pinned: RouteEntries? = nil
            swap(&pinned, &pass.pinnedEntries)
            release(afterAccess: pinned)
        }
        // Unpinned first: the route's entries, held by it alone again, change in place.
        if pass.leaving != nil { takeOffLeaving() }
        if !retiringStandIns.isEmpty { retireRemovedDuringPass() }
    }

    /// Retires the stand-ins removed during the pass that just ended, as app code outside any
    /// recipient's call.
    @inline(never)
    private func retireRemovedDuringPass() {
        var retiring = FewValues<StandIn>()
        swap(&retiring, &retiringStandIns)
        releaseRemoved(consume retiring)
    }
}
