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
                    (
                        name: recipient.name, priority: recipient.callOrder.priority,
                        lists: recipient.lists, isSubscription: recipient.isStandIn,
                        isFiltered: recipient.isFiltered
                    )
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
    /// ```text
    /// EventBus: 2 recipients
    ///   1. FlowController  willConsume: [NavigationEvent]  excludeList: []
    ///   2. Logger  willConsume: [DidConsumeEvent]  excludeList: []
    /// routes built:
    ///   NavigationEvent → FlowController
    /// ```
    public var description: String { outsideRecipientCall { describe() } }

    private func describe() -> String {
        let live = registry.value.recipients.filter { $0.consumer != nil }
        var lines = ["EventBus: \(counted(live.count, "recipient"))"]
        for (index, recipient) in live.enumerated() {
            let priority = recipient.callOrder.priority
            lines.append(
                "  \(index + 1). \(recipient.name)"
                    + (priority == 0 ? "" : "  priority: \(priority)")
                    + "  willConsume: \(Self.listText(recipient.lists.willConsume))"
                    + "  excludeList: \(Self.listText(recipient.lists.excludeList))")
        }
        let routes = registry.value.routes.sorted { "\($0.type)" < "\($1.type)" }
        if routes.isEmpty {
            lines.append("routes built: none")
        } else {
            lines.append("routes built:")
            for route in routes {
                let names = route.entries.all.filter(\.isLive).map(\.recipient.name)
                lines.append(
                    "  \(route.type) → \(names.isEmpty ? "no one" : names.joined(separator: ", "))")
            }
        }
        let stored = latestValues.value.oldestFirst
        if !stored.isEmpty {
            lines.append("latest sticky values:")
            for entry in stored { lines.append("  \(type(of: entry.event)): \(entry.event)") }
        }
        return lines.joined(separator: "\n")
    }

    private static func listText(_ list: [any Event.Type]) -> String {
        "[" + list.map(entryName).joined(separator: ", ") + "]"
    }
}
