import EventBusKit
import Testing

// The tests that the article "Using EventBusKit in an app" shows, as it shows them: at file
// scope, each `@MainActor` itself, so that none needs a suite around it to compile. The
// article's file also says `@testable import Shop`; here the app's code is in this module.

@MainActor @Test func aDispatchedItemUpdatesTheCartModel() {
    let bus = EventBus()
    let cart = CartModel(bus: bus)

    bus.dispatch(ItemAdded(name: "tea", quantity: 2))
    bus.dispatch(ItemAdded(name: "cup", quantity: 1))

    #expect(cart.itemCount == 3)
    #expect(cart.lastAdded == "cup")
}

@MainActor @Test func checkingOutDispatchesTheCountTheCartShows() {
    let bus = EventBus()
    let cart = CartModel(bus: bus)
    bus.dispatch(ItemAdded(name: "tea", quantity: 2))
    let trace = bus.startTracing()

    cart.checkOut()

    let seen = trace.delivered(CheckoutRequested.self).map(\.itemCount)
    #expect(seen == [2])
}

@MainActor @Test func theCartsSubscriptionsEndWithTheCart() {
    let bus = EventBus()
    let trace = bus.startTracing()
    weak var released: CartModel?
    do {
        let cart = CartModel(bus: bus)
        released = cart
        bus.dispatch(ItemAdded(name: "tea", quantity: 1))
    }

    #expect(released == nil)  // the subscriptions did not keep it alive
    bus.dispatch(ItemAdded(name: "cup", quantity: 1))
    let cup = trace.records(of: ItemAdded.self).last
    #expect(cup?.recipients == [])  // the cup reached no one
}

@MainActor
@Test func thePriceBoardReadsWhatWasDispatchedThenEndsWithTheBus() async {
    var bus: EventBus? = EventBus()
    let board = PriceBoard()
    let prices = bus!.events(of: PriceChanged.self)
    bus!.dispatch(PriceChanged(cents: 499))
    bus!.dispatch(PriceChanged(cents: 525))

    bus = nil  // the stream finishes once its buffered prices are read
    await board.follow(prices)

    #expect(board.latestCents == 525)
    #expect(board.updates == 2)
}
