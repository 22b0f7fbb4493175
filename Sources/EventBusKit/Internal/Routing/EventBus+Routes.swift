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
        let type = type(of: event)
        if let route = registry.value.routeTable.view(for: ObjectIdentifier(type)) {
            return route
        }
        let kind = EventKind(type)
        let latest = kind.isSticky ? latestSlot(for: event, isValueType: kind.isValueType) : nil
        let (route, isCached) = changeRegistry {
            $0.buildRoute(for: kind, deciding: event, latest: latest)
        }
        if !isCached {
            // Built for this event's value alone: the pass keeps it alive.
            pass.pinnedEntries = route.entries
        }
        return route.view
    }
}
