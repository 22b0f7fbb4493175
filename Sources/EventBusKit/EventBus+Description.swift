// What the bus says about itself: its registered recipients and routes, and who would
// receive an event and why.

extension EventBus {
    /// Who would receive `event` now, and why each registered recipient would or would not,
    /// without delivering anything.
    ///
    /// The explanation follows the matching table of the delivery contract, evaluated on the
    /// lists each recipient gave at registration, and lists recipients in call order,
    /// naming the priority of each whose priority is not 0. It builds no route and calls no
    /// recipient: a filtered subscription (`where:`) is listed as receiving the event if its
    /// lists match, and its line says that its predicate decides, without asking it.
    ///
    /// ```swift
    /// print(bus.explain(PageViewEvent(screen: .screenTwo)))
    /// // AnalyticsMediator receives it: entry PageViewEvent of willConsume covers it
    /// // Logger does not receive it: no entry covers it
    /// ```
    /// - Parameter event: The event to explain.
    /// - Returns: The recipients in the order they would be called, and a line per recipient.
    /// - Complexity: O(*n*) for *n* registered recipients.
    public func explain(_ event: any Event) -> RoutingExplanation {
        let candidates = outsideRecipientCall {
            registry.value.recipients.compactMap { recipient in
                recipient.consumer.map { _ in
                    RoutingExplanation.Candidate(
                        name: recipient.name, priority: recipient.callOrder.priority,
                        lists: recipient.lists, isSubscription: recipient.isStandIn,
                        rules: recipient.rules)
                }
            }
        }
        return RoutingExplanation(event, candidates: candidates)
    }
}

extension EventBus: CustomStringConvertible {
    /// The registered recipients in call order with their lists (and their priority, when
    /// it is not 0), the routes built so far, and the stored sticky values, if any.
    ///
    /// No line is longer than 120 characters. A recipient whose line would be has its lists
    /// on a second line, under its name. A line still too long has its names, lists and value
    /// cut to share the room the other words leave: a name in the middle, keeping its call
    /// site (`Subscription(to: Cart…, at: App/Cart.swift:12)`), a list after the entries that
    /// fit (`[Tap, Scroll and 4 more]`), and a sticky value at its end, marked ` […]`
    /// (`Checkout(items: 3, totalCents: […]`).
    ///
    /// ```text
    ///   3. Subscription(to: UserQualifiedForRewardEvent, at: PrizeApp/ScreenController.swift:57)
    ///      willConsume: [UserQualifiedForRewardEvent]  excludeList: []
    /// ```
    ///
    /// ```text
    /// EventBus: 2 recipients
    ///   1. FlowController  willConsume: [NavigationEvent]  excludeList: []
    ///   2. Logger  willConsume: [DidConsumeEvent]  excludeList: []
    /// routes built:
    ///   NavigationEvent → FlowController
    /// ```
    public var description: String { outsideRecipientCall { describe() } }

    private func describe() -> String {
        let live = registry.value.recipients.filter(\.isCallable)
        var lines = ["EventBus: \(counted(live.count, "recipient"))"]
        for (index, recipient) in live.enumerated() {
            let priority = recipient.callOrder.priority
            let number = "  \(index + 1). "
            let name: ReadableLine =
                "\(number)\(name: recipient.name)"
                + (priority == 0 ? "" : "  priority: \(priority)")
            let lists: ReadableLine =
                "willConsume: [\(names: recipient.lists.willConsume.map(entryName))]"
                + "  excludeList: [\(names: recipient.lists.excludeList.map(entryName))]"
            let line = (name + "  \(lists)").fitted(to: .max)  // on one line, nothing cut
            if line.count <= lineLimit {
                lines.append(line)
            } else {  // the lists go under the name, so that the name is cut last
                let indent = String(repeating: " ", count: number.count)
                lines.append(name.fitted())
                lines.append(("\(indent)\(lists)" as ReadableLine).fitted())
            }
        }
        let routes = registry.value.routes.sorted { "\($0.type)" < "\($1.type)" }
        // Read, not routed: printing the bus changes nothing (the recipients added since the
        // routes were last read come after every routed one in call order).
        let late = registry.value.lateRecipients
        if routes.isEmpty {
            lines.append("routes built: none")
        } else {
            lines.append("routes built:")
            for route in routes {
                let names =
                    route.entries.all.filter(\.isLive).map(\.recipient.name)
                    + late.filter { $0.isCallable && $0.lists.matches(route.kind, value: nil) }
                    .map(\.name)
                let line: ReadableLine = "  \(name: route.type) → \(reachedPart(names))"
                lines.append(line.fitted())
            }
        }
        let stored = latestValues.value.oldestFirst
        if !stored.isEmpty {
            lines.append("latest sticky values:")
            for entry in stored {
                let line: ReadableLine =
                    "  \(name: type(of: entry.event)): \(value: String(describing: entry.event))"
                lines.append(line.fitted())
            }
        }
        return lines.joined(separator: "\n")
    }
}
