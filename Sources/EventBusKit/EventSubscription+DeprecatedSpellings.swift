// The token's name before 0.3.0. `Subscription` is also Combine's protocol, which SwiftUI
// re-exports, so `Set<Subscription>` was ambiguous in every file that imports SwiftUI.

/// Deprecated: the token is ``EventSubscription``.
///
/// `Subscription` is also Combine's protocol, and SwiftUI re-exports Combine: in a file that
/// imports SwiftUI and EventBusKit the old name is ambiguous. Spell `EventSubscription`.
@available(*, deprecated, renamed: "EventSubscription")
public typealias Subscription = EventSubscription
