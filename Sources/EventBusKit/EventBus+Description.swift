// What the bus says about itself: its registered recipients and routes, and who would
// receive an event and why.

extension EventBus {
    /// Who would receive `event` now, and why each registered recipient would or would not,
    /// without delivering anything.
    ///
    /// The explanation follows the matching table of the delivery contract, evaluated on the
    /// lists each recipient gave at registration. It builds no route and calls no recipient.
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
        let candidates = registry.value.recipients.compactMap { recipient in
            recipient.consumer.map { _ in (name: recipient.name, lists: recipient.lists) }
        }
        return RoutingExplanation(event, candidates: candidates)
    }
}

extension EventBus: CustomStringConvertible {
    /// The registered recipients in registration order with their lists, and the routes
    /// built so far.
    ///
    /// ```text
    /// EventBus: 2 recipients
    ///   1. FlowController  willConsume: [NavigationEvent]  excludeList: []
    ///   2. Logger  willConsume: [DidConsumeEvent]  excludeList: []
    /// routes built: NavigationEvent → FlowController
    /// ```
    public var description: String {
        let live = registry.value.recipients.filter { $0.consumer != nil }
        var lines = ["EventBus: \(counted(live.count, "recipient"))"]
        for (index, recipient) in live.enumerated() {
            lines.append(
                "  \(index + 1). \(recipient.name)"
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
        return lines.joined(separator: "\n")
    }

    private static func listText(_ list: [any Event.Type]) -> String {
        "[" + list.map(entryName).joined(separator: ", ") + "]"
    }
}
