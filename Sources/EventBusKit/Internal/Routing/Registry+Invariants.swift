#if DEBUG
    // Debug builds only: after a registry change (`EventBus.changeRegistry(_:)`), the
    // invariants a change must keep are checked, so a test that breaks one stops at the change
    // that broke it — after every change while recipients × (routes + 1) is at most 64, and
    // after one change in (that size / 64 + 1) above it (see `checkInvariants()`). Release
    // builds compile none of this.

    extension Registry {
        /// Stops with a message naming the broken invariant, if any:
        /// - recipients and every route's entries are in call order, each recipient once;
        /// - every recipient in the list is not removed, and every identity-table entry's
        ///   recipient is in the list (so a recipient taken off the list is deactivated);
        /// - the listener flag matches the recipients, and a sticky type's route (only) holds a
        ///   latest-value slot;
        /// - every route entry with an unretained call holds its consumer strongly;
        /// - among the recipients without category entries that can still be called, each
        ///   cached route holds, in order, exactly those a fresh match of its type finds
        ///   (category entries were decided on a value that is gone, and ended recipients may
        ///   stay in a route until a pass meets them).
        ///
        /// `leaving`, removed, may still be on routes (the pass that ended it has not).
        func checkInvariants(leaving: Recipient? = nil) {
            // Every change while the registry is small; above that, one change in
            // `size / 64`, which keeps the checks' cost at about 64 steps per change (stress
            // tests make tens of thousands of changes on thousands of recipients).
            // `count`, not `recipients.count`: `recipients` filters the list while some are
            // removed, and this guard runs after every change.
            let size = count * (routes.count + 1)
            guard size <= 64 || nextRegistration % UInt64(size / 64 + 1) == 0 else {
                return
            }
            // Read once: `recipients` is computed (it filters the list while some are removed),
            // and an index into it inside the loop would filter once per recipient.
            let recipients = recipients
            var listed = Set<ObjectIdentifier>()
            for (index, recipient) in recipients.enumerated() {
                precondition(
                    index == 0 || recipients[index - 1].callOrder < recipient.callOrder,
                    "registry: recipients out of call order at \(index)")
                precondition(
                    !recipient.isRemoved, "registry: a removed recipient is still listed")
                precondition(
                    recipient.isStandIn || self.recipient(withID: recipient.id) === recipient,
                    "registry: a listed consumer is missing from the identity table")
                listed.insert(ObjectIdentifier(recipient))
            }
            var routed = listed
            if let leaving { routed.insert(ObjectIdentifier(leaving)) }
            let consumers = recipients.count { !$0.isStandIn }
            precondition(
                identityTableCount == consumers,
                "registry: the identity table holds \(identityTableCount) recipients, the list "
                    + "\(consumers) consumers: a recipient was taken off the list without being "
                    + "deactivated")
            precondition(
                mayAnnounceConsumption
                    == recipients.contains(where: \.listensForConsumption),
                "registry: mayAnnounceConsumption disagrees with the recipients")
            // The recipients appended since the routes were last read are in none yet.
            precondition(
                routeTable.isParked == hasLateRecipients,
                "registry: the route table is \(routeTable.isParked ? "" : "not ")parked with "
                    + "\(list.count - routedCount) recipients waiting to enter the routes")
            let waiting = Set(
                list[min(routedCount, list.count)...].compactMap { $0.map(ObjectIdentifier.init) })
            let plain = Set(
                recipients.filter {
                    !$0.lists.hasCategories && $0.consumer != nil
                        && !waiting.contains(ObjectIdentifier($0))
                }
                .map(ObjectIdentifier.init))
            for route in routes {
                precondition(
                    route.kind.isSticky == (route.entries.latest != nil),
                    "registry: route \(route.type) \(route.kind.isSticky ? "lacks" : "has") a "
                        + "latest-value slot")
                let entries = route.entries.all
                for (index, entry) in entries.enumerated() {
                    precondition(
                        index == 0
                            || entries[index - 1].recipient.callOrder < entry.recipient.callOrder,
                        "registry: route \(route.type) out of call order at \(index)")
                    precondition(
                        routed.contains(ObjectIdentifier(entry.recipient)),
                        "registry: route \(route.type) holds a recipient the registry does not")
                    precondition(
                        !waiting.contains(ObjectIdentifier(entry.recipient)),
                        "registry: route \(route.type) holds a recipient waiting to enter it")
                    precondition(
                        entry.unretained == nil || entry.consumer != nil,
                        "registry: an unretained call without the strong reference behind it")
                }
                // Category entries are decided on the value that built the route, which is
                // gone: compare the recipients without categories that can still be called,
                // read once (`plain`, above the loop): another thread may end an owner
                // between two reads of `consumer`.
                let expected = recipients.filter {
                    plain.contains(ObjectIdentifier($0)) && $0.lists.matches(route.kind, value: nil)
                }
                precondition(
                    expected.map(ObjectIdentifier.init)
                        == entries.map { ObjectIdentifier($0.recipient) }.filter(plain.contains),
                    "registry: cached route \(route.type) disagrees with a fresh match")
            }
        }
    }
#endif
