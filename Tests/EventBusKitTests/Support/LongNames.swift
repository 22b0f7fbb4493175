import EventBusKit

// Names longer than a line can show beside its other words, for the suites that check how
// lines are cut (contract §16.4).

/// An event whose type's name and description are longer than a line's share.
struct CheckoutCompletedWithLoyaltyDiscountAppliedAndReceiptEmailedEvent: Event, Sendable {
    let totalCents: Int
}

/// An error whose description is longer than a line's share.
struct PaymentGatewayRejectedTheCardBecauseTheIssuerDeclinedIt: Error {
    let code: Int
}

/// A long call site: `CheckoutFeature/CheckoutViewModel.swift:1042`.
let longFileID = "CheckoutFeature/CheckoutViewModel.swift"
let longLine = 1042

/// A consumer whose type's name is longer than a line's share, and that no event can reach.
final class LoyaltyProgramCheckoutConfirmationAnalyticsObserverThatListensToNothing:
    EventConsumer
{
    var willConsume: [any Event.Type] { [] }
    func consume(_ event: any Event) {}
}
