import EventBusKit

// The events of the shop app in the article "Using EventBusKit in an app". Structs of
// `Sendable` values, so that they may also cross to a stream's task.

/// The user put an item in the cart.
struct ItemAdded: Event, Sendable {
    let name: String
    let quantity: Int
}

/// The cart was emptied.
struct CartCleared: Event, Sendable {}

/// The user asked to check out the cart's items.
struct CheckoutRequested: Event, Sendable {
    let itemCount: Int
}

/// A price changed on the server.
struct PriceChanged: Event, Sendable {
    let cents: Int
}
