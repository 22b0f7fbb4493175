// The route of a dispatched event: found by its type key, or built the first time its dynamic
// type is seen.

extension EventBus {
    /// The route of `event`, built on first use.
    @inline(__always)
    func route(of event: any Event) -> RouteView {
        registry.value.routeTable.view(of: event) ?? routeByDynamicType(event)
    }

    /// The route of `event` found or built by its dynamic type.
    @inline(never)
    func routeByDynamicType(_ event: any Event) -> RouteView {
        if registry.value.hasLateRecipients {
            // The table is parked: the recipients waiting enter the routes, then the look-up
            // is made again (see `RouteTable`).
            routeLateRecipients()
            return route(of: event)
        }
        let type = type(of: event)
        if let route = registry.value.routeTable.view(for: ObjectIdentifier(type)) {
            return route
        }
        let kind = EventKind(type)
        let latest = kind.isSticky ? latestSlot(for: event, isValueType: kind.isValueType) : nil
        let (route, isCached, skippedEnded) = changeRegistry {
            $0.buildRoute(for: kind, deciding: event, latest: latest)
        }
        if !isCached {
            // Built for this event's value alone: the pass keeps it alive.
            pass.pinnedEntries = route.entries
        }
        if skippedEnded {
            // No pass of this route meets the ended recipients it skipped: removed here, they
            // do not wait for a sweep (a bus that knows no actor may never run one). Removing
            // them may copy the cached route's entries (and releasing them runs app code,
            // which may change the routes): the route is looked up again.
            removeEndedRecipients()
            if isCached { return routeByDynamicType(event) }
        }
        return route.view
    }

    /// Puts the recipients added since the routes were last read in the routes they match
    /// (`Registry.routeLateRecipients()`): what every reader of the routes but a pass's
    /// look-up does first.
    func routeLateRecipients() {
        if registry.value.hasLateRecipients { changeRegistry { $0.routeLateRecipients() } }
    }
}
